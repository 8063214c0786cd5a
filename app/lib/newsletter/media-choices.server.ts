import { listMedia } from "../media/media-library.server";
import { formatShortDate } from "../blog/blog-format";
import type { Database } from "../platform/db.server";

/** The uploaded images an issue can feature: the address an e-mail links to, and a thumbnail to choose by. */
export async function mediaChoices(db: Database, mediaBaseUrl: string | undefined) {
  const items = await listMedia(db, mediaBaseUrl, 100);
  return items
    .filter((item) => item.largest.startsWith("/uploads/"))
    .map((item, index) => ({
      path: item.largest,
      thumb: item.thumb,
      label: `Bilde ${index + 1}: ${item.width ?? "?"}×${item.height ?? "?"}, lastet opp ${formatShortDate(item.createdAt)}`,
    }));
}
