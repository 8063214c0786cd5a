import { desc } from "drizzle-orm";
import { formatShortDate } from "~/lib/blog/blog-format";
import { getDb, schema } from "~/lib/platform/db.server";

import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.media";

export const meta: Route.MetaFunction = () => staffMeta("Media");

export async function loader() {
  const m = schema.media;
  const rows = await getDb()
    .select({
      id: m.id,
      mimeType: m.mimeType,
      sizeBytes: m.sizeBytes,
      width: m.width,
      height: m.height,
      variants: m.variants,
      createdAt: m.createdAt,
    })
    .from(m)
    .orderBy(desc(m.createdAt))
    .limit(200);
  return {
    items: rows.map((row) => {
      const urls = Object.entries(row.variants);
      const thumb = urls.find(([key]) => key.endsWith(".webp"))?.[1] ?? urls[0]?.[1] ?? "";
      const largest = urls.filter(([key]) => !key.endsWith(".webp")).at(-1)?.[1] ?? thumb;
      return { ...row, thumb, largest };
    }),
  };
}

export default function Media({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="admin-title">Media</h1>
      <p>Images uploaded from the blog editor. Copy an address to use it in a post.</p>
      {loaderData.items.length === 0 ? (
        <p className="empty">No images uploaded yet.</p>
      ) : (
        <ul className="media-grid">
          {loaderData.items.map((item) => (
            <li key={item.id}>
              <img src={item.thumb} alt="" width={240} height={160} loading="lazy" />
              <code>{item.largest}</code>
              <small>
                {item.width}×{item.height} · {(item.sizeBytes / 1024 / 1024).toFixed(2)} MB ·{" "}
                {formatShortDate(item.createdAt)}
              </small>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
