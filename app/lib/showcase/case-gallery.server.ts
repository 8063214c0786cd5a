import { inArray } from "drizzle-orm";
import { storageKeyOf } from "../media/media-forms";
import { type Database, schema } from "../platform/db.server";
import { GALLERY_MESSAGES, type PortfolioItemInput } from "./showcase-forms";

type Slot = { src: string; alt: string };

/**
 * The gallery as it is saved (decision 063): each image must be an upload still in the
 * media library, or one the item already shows (the seeded ones are shipped media keys).
 * An image without alt text here takes the library's; one with neither is refused.
 */
export async function resolveGallery(db: Database, gallery: PortfolioItemInput["gallery"], existing?: { gallery: Slot[] }) {
  const errors: Record<string, string[]> = {};
  const keys = [...new Set(gallery.map((slot) => storageKeyOf(slot.src)).filter((key): key is string => key !== null))];
  const rows = keys.length
    ? await db.select({ key: schema.media.storageKey, alt: schema.media.altText }).from(schema.media).where(inArray(schema.media.storageKey, keys))
    : [];
  const libraryAlt = new Map(rows.map((row) => [row.key, row.alt]));
  const kept = new Set((existing?.gallery ?? []).map((slot) => slot.src));
  const resolved = gallery.map((slot, index) => {
    const key = storageKeyOf(slot.src);
    const inLibrary = key !== null && libraryAlt.has(key);
    if (!inLibrary && !kept.has(slot.src)) errors[`gallery[${index}].src`] = [GALLERY_MESSAGES.unknown];
    const alt = slot.alt || (key ? libraryAlt.get(key) ?? "" : "");
    if (!alt) errors[`gallery[${index}].alt`] = [GALLERY_MESSAGES.noAlt];
    return { src: slot.src, alt };
  });
  return { gallery: resolved, errors };
}

