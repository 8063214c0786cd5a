import { listMedia } from "./media-library.server";
import { formatShortDate } from "../platform/dates";
import type { Database } from "../platform/db.server";

/**
 * The uploaded images a post or an issue can feature (the library picker): the address
 * to keep, a thumbnail to choose by, and a label naming it by its alt text.
 */
export async function mediaChoices(db: Database, mediaBaseUrl: string | undefined) {
  const items = await listMedia(db, mediaBaseUrl, 100);
  return items
    .filter((item) => item.largest.startsWith("/uploads/"))
    .map((item, index) => ({
      path: item.largest,
      thumb: item.thumb,
      alt: item.altText,
      label: `${item.altText || `Bilde ${index + 1} (uten alt-tekst)`}: ${item.width ?? "?"}×${item.height ?? "?"}, lastet opp ${formatShortDate(item.createdAt)}`,
    }));
}
