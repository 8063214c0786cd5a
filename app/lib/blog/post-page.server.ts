import { uploadUrl } from "../media/media";
import type { Database } from "../platform/db.server";
import { resolveSeo } from "../seo/seo-fields";
import { getPublishedPost, relatedPosts, withImageAlt } from "./blog.server";
import { publishedPostDocument } from "./post-text/post-text.server";

/**
 * Everything a published post's page shows (/blog/:slug): the post with its image's alt
 * text, its search-engine fields, its text with the pictures from the media library, and
 * the two related posts. Undefined for a draft or an unknown address.
 */
async function readPostPage(db: Database, slug: string, mediaBaseUrl: string | undefined) {
  const published = await getPublishedPost(db, slug);
  if (!published) return undefined;
  const { seo: postSeo, ...found } = published;
  const post = (await withImageAlt(db, [found]))[0]!;
  // Where the browser fetches the image: this server, or MEDIA_BASE_URL (lib/media/media.ts).
  const imageUrl = uploadUrl(mediaBaseUrl, post.featured_image);
  // The search-engine fields (decision 056): empty ones are the post's title, excerpt and image.
  const seo = resolveSeo(postSeo, { title: post.title, description: post.excerpt, image: imageUrl });
  if (postSeo.share_image) seo.image = uploadUrl(mediaBaseUrl, postSeo.share_image);
  // The text in the blog's format (decision 050), with its pictures from the media library.
  const { blocks, pictures, words } = await publishedPostDocument(db, post, mediaBaseUrl);
  const related = await withImageAlt(db, await relatedPosts(db, found.id));
  return { post, imageUrl, seo, body: { blocks, pictures, words }, related };
}

export type PostPage = NonNullable<Awaited<ReturnType<typeof readPostPage>>>;

// Post pages kept until the site's content changes: a render read the post, its image's
// alt text, its pictures and the related posts (five round trips) although they change
// only when staff change posts or the media library, whose tables announce every change
// (`content_changed`). Kept only in a process that hears those announcements:
// server/startup.ts turns this on once it listens, and `forgetKeptContent`
// (server/kept-content.ts) forgets them on every announcement and after a staff write in
// this process, as it does the showcase lists and the page cache. Scripts and tests, which
// hear nothing, read every time. Only published posts are kept (an unknown address is
// never a key), and at most KEPT_CHARACTERS of their texts, so no request can make this grow.
const kept = new Map<string, PostPage>();
const KEPT_CHARACTERS = 2_000_000;
let keptCharacters = 0;
let remembering = false;
// Bumped by every forget: a read that started before a change is not kept after it.
let generation = 0;

/** Keeps post pages in memory from now on (a process that listens for content changes). */
export function rememberPostPages() {
  remembering = true;
}

/** Posts or the media library may have changed: each post page is read again. */
export function forgetPostPages() {
  generation++;
  kept.clear();
  keptCharacters = 0;
}

/** A published post's page, from memory while nothing changed since it was read. */
export async function publishedPostPage(db: Database, slug: string, mediaBaseUrl: string | undefined) {
  const found = remembering ? kept.get(slug) : undefined;
  if (found) return found;
  const started = generation;
  const page = await readPostPage(db, slug, mediaBaseUrl);
  if (page && remembering && generation === started) {
    const size = page.post.content.length;
    if (keptCharacters + size > KEPT_CHARACTERS) forgetPostPages();
    kept.set(slug, page);
    keptCharacters += size;
  }
  return page;
}
