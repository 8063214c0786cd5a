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
    showcaseFiles: showcaseFiles.map((file) => ({
      key: `${file.itemId}:${file.path}`,
      url: file.url,
      kind: file.kind,
      type: file.type,
      thumb: file.thumb,
      posterAlt: file.posterAlt,
      size: file.sizeBytes === null ? "ukjent" : megabytes(file.sizeBytes),
      uploadedAt: file.uploadedAt ? osloDateTime(file.uploadedAt) : "ukjent",
      itemId: file.itemId,
      itemTitle: file.itemTitle,
    })),
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

const TYPE_LABELS = { "video/mp4": "MP4", "video/webm": "WebM", "image/webp": "WebP", "image/jpeg": "JPEG" } as const;

const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`;

export default function Media({ loaderData }: Route.ComponentProps) {
  const { items, showcaseFiles } = loaderData;
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
      <StaffList isEmpty={showcaseFiles.length === 0} empty="Ingen prosjekter har videoer ennå.">
        <ul className="media-grid media-grid-showcase" aria-labelledby="showcase-files">
          {showcaseFiles.map((file) => (
            <li key={file.key}>
              <img
                src={file.thumb}
                alt={file.kind === "poster" ? file.posterAlt : ""}
                width={240}
                height={135}
                loading="lazy"
              />
              <dl className="media-meta">
                <div>
                  <dt>Fil:</dt>
                  <dd>
                    <a href={file.url}>
                      {file.kind === "video" ? "Video" : "Plakatbilde"} ({TYPE_LABELS[file.type]})
                    </a>
                  </dd>
                </div>
                {file.kind === "poster" ? (
                  <div>
                    <dt>Alt-tekst:</dt>
                    <dd className={file.posterAlt ? undefined : "media-missing-alt"}>{file.posterAlt || "mangler"}</dd>
                  </div>
                ) : null}
                <div>
                  <dt>Størrelse:</dt>
                  <dd>{file.size}</dd>
                </div>
                <div>
                  <dt>Lastet opp:</dt>
                  <dd>{file.uploadedAt}</dd>
                </div>
                <div>
                  <dt>Brukes i:</dt>
                  <dd>
                    <Link to={`/admin/work/${file.itemId}`}>prosjektet «{file.itemTitle}»</Link>
                  </dd>
                </div>
              </dl>
              {file.kind === "poster" ? (
                <Link to={`/admin/work/${file.itemId}`}>
                  Rediger alt-tekst i prosjektet<span className="visually-hidden"> «{file.itemTitle}»</span>
                </Link>
              ) : null}
              <p className="field-hint">Kan ikke slettes her. Slettes sammen med prosjektet.</p>
            </li>
          ))}
        </ul>
      </StaffList>
    </>
  );
}
