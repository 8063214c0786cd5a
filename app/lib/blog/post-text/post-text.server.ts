import { inArray } from "drizzle-orm";
import { uploadUrl } from "../../media/media";
import { storageKeyOf } from "../../media/media-forms";
import { type Database, schema } from "../../platform/db.server";
import { ValidationError } from "../../platform/domain-errors";
import { imageNotInLibrary, parsePostText, type PostPictures, type PostText } from "./post-text";

const { media: m } = schema;

/** The widest copy of an upload in its uploaded format (a WebP upload has only WebP copies). */
function largestCopy(variants: Record<string, string>) {
  const sizes = Object.entries(variants)
    .map(([key, url]) => ({ width: Number.parseInt(key, 10), webp: key.endsWith(".webp"), url }))
    .sort((a, b) => a.width - b.width);
  const originals = sizes.filter((size) => !size.webp);
  return (originals.length > 0 ? originals : sizes).at(-1);
}

/**
 * The library's copies of the pictures a text names, by the address written: where the
 * browser fetches them (MEDIA_BASE_URL or this server), their size and alt text. An
 * address that is not (or no longer) in the library is left out, so it is not shown.
 */
export async function libraryPictures(
  db: Database,
  urls: string[],
  mediaBaseUrl: string | undefined,
): Promise<PostPictures> {
  const keys = [...new Set(urls.map(storageKeyOf).filter((key): key is string => key !== null))];
  if (keys.length === 0) return {};
  const rows = await db
    .select({ key: m.storageKey, alt: m.altText, width: m.width, height: m.height, variants: m.variants })
    .from(m)
    .where(inArray(m.storageKey, keys));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const pictures: PostPictures = {};
  for (const url of urls) {
    const row = byKey.get(storageKeyOf(url) ?? "");
    const largest = row && largestCopy(row.variants);
    if (!row || !largest) continue;
    // The largest copy's size: the upload's own, scaled down to that width when it was wider.
    const width = row.width && row.width > largest.width ? largest.width : row.width;
    const height = row.width && row.height && width ? Math.round((row.height * width) / row.width) : row.height;
    pictures[url] = { src: uploadUrl(mediaBaseUrl, largest.url), width, height, alt: row.alt ?? "" };
  }
  return pictures;
}

export type PostDocument = PostText & { pictures: PostPictures };

/** A post's text, parsed, with its pictures from the library: what PostBody renders. */
export async function postDocument(
  db: Database,
  content: string,
  mediaBaseUrl: string | undefined,
): Promise<PostDocument> {
  const text = parsePostText(content);
  return { ...text, pictures: await libraryPictures(db, text.images, mediaBaseUrl) };
}

// Published posts' texts, parsed, by post id: parsing was ~8 % of a post page's CPU, and a
// post's text changes only when staff save it. Kept with the text it was parsed from and
// used only while the post still has that text, so a save can never show an old body; the
// pictures are looked up on every render (the library changes on its own). Bounded by the
// characters kept, and forgotten with the other kept content (forgetKeptContent, server/kept-content.ts).
const keptTexts = new Map<string, { content: string; text: PostText }>();
const KEPT_CHARACTERS = 1_000_000;
let keptCharacters = 0;

/** Forgets every kept post text (content changed; nothing kept is ever wrong, this frees it). */
export function forgetPostTexts() {
  keptTexts.clear();
  keptCharacters = 0;
}

/** postDocument of a published post, its text parsed once per version of the text. */
export async function publishedPostDocument(
  db: Database,
  post: { id: string; content: string },
  mediaBaseUrl: string | undefined,
): Promise<PostDocument> {
  let text = keptTexts.get(post.id);
  if (text?.content !== post.content) {
    if (text) keptCharacters -= text.content.length;
    text = { content: post.content, text: parsePostText(post.content) };
    if (keptCharacters + post.content.length > KEPT_CHARACTERS) forgetPostTexts();
    keptTexts.set(post.id, text);
    keptCharacters += post.content.length;
  }
  return { ...text.text, pictures: await libraryPictures(db, text.text.images, mediaBaseUrl) };
}

/** Refuses a text whose pictures are not all in the media library (the format's other limits are the schema's). */
export async function assertPicturesInLibrary(db: Database, content: string) {
  const { images } = parsePostText(content);
  if (images.length === 0) return;
  const found = await libraryPictures(db, images, undefined);
  const missing = images.find((url) => !found[url]);
  if (missing) throw new ValidationError(imageNotInLibrary(missing));
}
