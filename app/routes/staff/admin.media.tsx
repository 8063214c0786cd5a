import { Link, useSearchParams } from "react-router";
import { listMedia } from "~/lib/media/media-library.server";
import { describeUse } from "~/lib/media/media-forms";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { osloDateTime } from "~/lib/platform/oslo-time";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.media";

/** /admin/media: every uploaded image, its alt text and where it is used; each opens its own page. */
export const meta: Route.MetaFunction = () => staffMeta("Media");

// Runs for signed-in staff only: the staff layout's middleware (routes/staff/guarded.ts)
// has checked the session.
export async function loader() {
  const items = await listMedia(getDb(), getConfig().mediaBaseUrl);
  return {
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

const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")} MB`;

export default function Media({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { items } = loaderData;
  const missingAlt = items.filter((item) => !item.altText).length;
  return (
    <>
      <h1 className="admin-title">Media</h1>
      <p>
        Bildene som er lastet opp fra bloggeditoren. Alt-teksten brukes overalt der bildet vises. Et bilde som brukes i et
        innlegg eller et nyhetsbrev kan ikke slettes.
      </p>
      {params.get("deleted") ? (
        <p className="auth-message success" role="status">
          Bildet er slettet.
        </p>
      ) : null}
      <p>
        {items.length === 1 ? "1 bilde" : `${items.length} bilder`}
        {missingAlt > 0 ? `, ${missingAlt} uten alt-tekst` : ""}.
      </p>
      {items.length === 0 ? (
        <p className="empty">Ingen bilder er lastet opp ennå.</p>
      ) : (
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
      )}
    </>
  );
}
