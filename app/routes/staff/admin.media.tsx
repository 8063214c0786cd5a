import { Link } from "react-router";
import { StaffList } from "~/components/staff/list-kit";
import { listMedia } from "~/lib/media/media-library.server";
import { describeUse } from "~/lib/media/media-forms";
import { getConfig } from "~/lib/platform/config.server";
import { getMediaStore } from "~/lib/media/storage/media-store.server";
import { getDb } from "~/lib/platform/db.server";
import { osloDateTime } from "~/lib/platform/dates";
import { listShowcaseFiles } from "~/lib/showcase/showcase-library.server";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.media";

/**
 * /admin/media: every uploaded image, its alt text and where it is used; each opens its
 * own page. Below them, read-only, the portfolio items' videos and posters (decision 030).
 */
export const meta: Route.MetaFunction = () => staffMeta("Media");

// Runs for signed-in staff only: the staff layout's middleware (routes/staff/guarded.ts)
// has checked the session.
export async function loader() {
  const db = getDb();
  const { mediaBaseUrl } = getConfig();
  const [items, showcaseFiles] = await Promise.all([
    listMedia(db, mediaBaseUrl),
    listShowcaseFiles(db, getMediaStore(), mediaBaseUrl),
  ]);
  return {
    showcaseItems: byProject(showcaseFiles),
    items: items.map((item) => ({
      id: item.id,
      thumb: item.thumb,
      largest: item.largest,
      altText: item.altText,
      size: megabytes(item.sizeBytes),
      dimensions: item.width && item.height ? `${item.width}×${item.height}` : "ukjent",
      uploadedAt: osloDateTime(item.createdAt),
      uploadedBy: item.uploadedBy ?? "ukjent",
      uses: item.uses.map(describeUse),
    })),
  };
}

/**
 * A project's files as one card (issue 32): its video and poster come in several formats
 * (MP4 and WebM, WebP and JPEG) that are one thing to staff, so each format is a chip on
 * the project's card, not a card of its own. Projects keep the list's order (newest first).
 */
function byProject(files: Awaited<ReturnType<typeof listShowcaseFiles>>) {
  const projects = new Map<
    string,
    { itemId: string; itemTitle: string; thumb: string; posterAlt: string; lastUploaded: Date | null; files: ShowcaseChip[] }
  >();
  for (const file of files) {
    const project = projects.get(file.itemId) ?? {
      itemId: file.itemId,
      itemTitle: file.itemTitle,
      thumb: file.thumb,
      posterAlt: file.posterAlt,
      lastUploaded: null,
      files: [],
    };
    project.files.push({
      key: file.path,
      url: file.url,
      kind: file.kind,
      format: TYPE_LABELS[file.type],
      size: file.sizeBytes === null ? "ukjent" : megabytes(file.sizeBytes),
    });
    if (file.uploadedAt && (!project.lastUploaded || file.uploadedAt > project.lastUploaded)) project.lastUploaded = file.uploadedAt;
    projects.set(file.itemId, project);
  }
  return [...projects.values()].map(({ lastUploaded, ...project }) => ({
    ...project,
    uploadedAt: lastUploaded ? osloDateTime(lastUploaded) : "ukjent",
  }));
}

type ShowcaseChip = { key: string; url: string; kind: "video" | "poster"; format: string; size: string };

const TYPE_LABELS = { "video/mp4": "MP4", "video/webm": "WebM", "image/webp": "WebP", "image/jpeg": "JPEG" } as const;

const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`;

export default function Media({ loaderData }: Route.ComponentProps) {
  const { items, showcaseItems } = loaderData;
  const missingAlt = items.filter((item) => !item.altText).length;
  return (
    <>
      <h1 className="admin-title">Media</h1>
      <p>
        Bildene som er lastet opp fra bloggeditoren, og nederst prosjektenes videoer og plakatbilder. Alt-teksten brukes overalt der bildet vises. Et bilde som brukes i et
        innlegg eller et nyhetsbrev kan ikke slettes.
      </p>
      <p>
        {items.length === 1 ? "1 bilde" : `${items.length} bilder`}
        {missingAlt > 0 ? `, ${missingAlt} uten alt-tekst` : ""}.
      </p>
      <StaffList isEmpty={items.length === 0} empty="Ingen bilder er lastet opp ennå.">
        <ul className="media-grid">
          {items.map((item, index) => (
            <li key={item.id}>
              <img src={item.thumb} alt={item.altText} width={240} height={160} loading={index < 6 ? undefined : "lazy"} />
              <Link to={`/admin/media/${item.id}`}>
                {item.altText ? "Rediger" : "Skriv alt-tekst"}
                <span className="visually-hidden"> for bilde {index + 1}</span>
              </Link>
              <dl className="media-meta">
                <div>
                  <dt>Alt-tekst:</dt>
                  <dd className={item.altText ? undefined : "media-missing-alt"}>{item.altText || "mangler"}</dd>
                </div>
                <div>
                  <dt>Størrelse:</dt>
                  <dd>
                    {item.dimensions} px, {item.size}
                  </dd>
                </div>
                <div>
                  <dt>Lastet opp:</dt>
                  <dd>
                    {item.uploadedAt} av {item.uploadedBy}
                  </dd>
                </div>
                <div>
                  <dt>Brukes i:</dt>
                  <dd>{item.uses.length > 0 ? item.uses.join(", ") : "ingenting"}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </StaffList>
      <h2 id="showcase-files" className="media-showcase-title">Videoer og plakatbilder fra prosjekter</h2>
      <p>
        Filene hører til prosjektet sitt og kan ikke slettes herfra: de slettes når prosjektet slettes. Bytt en fil eller
        skriv alt-teksten til plakatbildet i prosjektets skjema.
      </p>
      <StaffList isEmpty={showcaseItems.length === 0} empty="Ingen prosjekter har videoer ennå.">
        <ul className="media-grid media-grid-showcase" aria-labelledby="showcase-files">
          {showcaseItems.map((project) => (
            <li key={project.itemId}>
              <img src={project.thumb} alt={project.posterAlt} width={240} height={135} loading="lazy" />
              <dl className="media-meta">
                <div>
                  <dt>Brukes i:</dt>
                  <dd>
                    <Link to={`/admin/work/${project.itemId}`}>prosjektet «{project.itemTitle}»</Link>
                  </dd>
                </div>
                <FormatChips label="Video" files={project.files.filter((file) => file.kind === "video")} />
                <FormatChips label="Plakatbilde" files={project.files.filter((file) => file.kind === "poster")} />
                <div>
                  <dt>Alt-tekst:</dt>
                  <dd className={project.posterAlt ? undefined : "media-missing-alt"}>{project.posterAlt || "mangler"}</dd>
                </div>
                <div>
                  <dt>Lastet opp:</dt>
                  <dd>{project.uploadedAt}</dd>
                </div>
              </dl>
              <Link to={`/admin/work/${project.itemId}`}>
                Rediger alt-tekst i prosjektet<span className="visually-hidden"> «{project.itemTitle}»</span>
              </Link>
              <p className="field-hint">Kan ikke slettes her. Slettes sammen med prosjektet.</p>
            </li>
          ))}
        </ul>
      </StaffList>
    </>
  );
}

/** One kind of file (the video, the poster) in each of its formats: a chip per file, with its size. */
function FormatChips({ label, files }: { label: string; files: ShowcaseChip[] }) {
  if (files.length === 0) return null;
  return (
    <div>
      <dt>{label}:</dt>
      <dd>
        <ul className="format-chips">
          {files.map((file) => (
            <li key={file.key}>
              <a className="format-chip" href={file.url}>
                <span className="visually-hidden">{label} </span>
                {file.format}
              </a>{" "}
              <small>{file.size}</small>
            </li>
          ))}
        </ul>
      </dd>
    </div>
  );
}
