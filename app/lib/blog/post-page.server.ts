import { uploadUrl } from "../media/media";
import type { Database } from "../platform/db.server";
import { keptUntilChange } from "../platform/kept-until-change.server";
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

// Post pages kept until the content changes (lib/platform/kept-until-change.server.ts): a
// render read the post, its image's alt text, its pictures and the related posts (five
// round trips) although they change only when staff change posts or the media library,
// whose tables announce every change. Only published posts are kept (an unknown address is
// never a key), and at most 2,000,000 characters of their texts.
const pages = keptUntilChange<PostPage | undefined>({ sizeOf: (page) => page.post.content.length, maxSize: 2_000_000 });

/** Keeps post pages in memory from now on (a process that listens for content changes). */
export function rememberPostPages() {
  pages.remember();
}

/** Posts or the media library may have changed: each post page is read again. */
export function forgetPostPages() {
  pages.forget();
}

/** A published post's page, from memory while nothing changed since it was read. */
export function publishedPostPage(db: Database, slug: string, mediaBaseUrl: string | undefined) {
  return pages.get(slug, () => readPostPage(db, slug, mediaBaseUrl));
}
