import { and, desc, eq, like, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, auditAction } from "../auth/security-events.server";
import { type Database, schema } from "../platform/db.server";
import { isSlug, slugify } from "../platform/slug";
import { libraryAltTexts, setUploadAltText } from "../media/media-library.server";
import { imageAlt } from "../media/media-forms";
import { POST_NOT_FOUND, type PostInput } from "./blog-forms";
import { ConflictError, NotFoundError } from "../platform/domain-errors";
import { recordAddressChange, releaseAddress } from "../redirects/redirects.server";
import { assertCurrentRevision, recordRevision } from "./post-revisions.server";
import { assertPicturesInLibrary } from "./post-text/post-text.server";
import { seoColumns, seoOfRow } from "../seo/seo.server";
import { assertMayChangePost, assertMayPublish, postsVisibleTo } from "./post-access.server";
import { closeReviewOnPublish, leaveReviewOnAuthorEdit } from "./post-review.server";

/**
 * Blog posts. Visitors only ever get published posts (every public query filters on
 * `published`); staff get everything. The same functions back the pages and the API.
 */
const { blogPosts: posts } = schema;
export type BlogPost = typeof posts.$inferSelect;

export const publicFields = {
  id: posts.id,
  title: posts.title,
  excerpt: posts.excerpt,
  author: posts.author,
  slug: posts.slug,
  content: posts.content,
  featured_image: posts.featuredImage,
  featured: posts.featured,
  published: posts.published,
  created_at: posts.createdAt,
  /** Slug form, in the order staff gave them (decision 051); an addition to the spec's fields. */
  tags: posts.tags,
};

export async function listPublishedPosts(db: Database) {
  return db.select(publicFields).from(posts).where(eq(posts.published, true)).orderBy(desc(posts.createdAt));
}

/** A post's search-engine fields (docs/decisions/056), kept out of the API's `publicFields`. */
const seoFields = {
  seoTitle: posts.seoTitle,
  seoDescription: posts.seoDescription,
  shareImage: posts.shareImage,
  noindex: posts.noindex,
};

/** The public post, with its search-engine fields as `seo`. */
export async function getPublishedPost(db: Database, slug: string) {
  if (!isSlug(slug)) return undefined;
  const [row] = await db
    .select({ ...publicFields, ...seoFields })
    .from(posts)
    .where(and(eq(posts.slug, slug), eq(posts.published, true)))
    .limit(1);
  if (!row) return undefined;
  const { seoTitle, seoDescription, shareImage, noindex, ...post } = row;
  return { ...post, seo: seoOfRow({ seoTitle, seoDescription, shareImage, noindex }) };
}

/** A post's search-engine fields, for the editor. */
export async function getPostSeo(db: Database, id: string) {
  const [row] = await db.select(seoFields).from(posts).where(eq(posts.id, id));
  return row ? seoOfRow(row) : undefined;
}

/** Published posts search engines may list (the sitemap): the hidden ones are left out. */
export async function listIndexablePosts(db: Database) {
  return db
    .select({ slug: posts.slug, created_at: posts.createdAt })
    .from(posts)
    .where(and(eq(posts.published, true), eq(posts.noindex, false)))
    .orderBy(desc(posts.createdAt));
}

/**
 * The related posts under an article: up to 2 other published posts, those sharing the
 * most tags with it first, then the newest (with their image, for the cards).
 */
export async function relatedPosts(db: Database, postId: string) {
  // The other post's tags that this one has too (an alias inside: the outer row is blog_posts).
  const sharedTags = sql`(select count(*) from unnest(${posts.tags}) as t(tag) where t.tag = any((select p.tags from blog_posts p where p.id = ${postId}::uuid)::text[]))`;
  return db
    .select({
      id: posts.id,
      title: posts.title,
      excerpt: posts.excerpt,
      slug: posts.slug,
      featured_image: posts.featuredImage,
    })
    .from(posts)
    .where(and(eq(posts.published, true), ne(posts.id, postId)))
    .orderBy(desc(sharedTags), desc(posts.createdAt))
    .limit(2);
}

/**
 * Posts with their featured image's alt text, `image_alt`, for the pages that show the
 * image: a post has no alt field of its own, so it is the media library's (decision 030).
 */
export async function withImageAlt<T extends { featured_image: string }>(db: Database, rows: T[]) {
  const texts = await libraryAltTexts(
    db,
    rows.map((row) => row.featured_image),
  );
  return rows.map((row) => ({ ...row, image_alt: imageAlt(undefined, texts.get(row.featured_image)) }));
}

/** Every post for staff; for an author (`viewer`), only their own (decision 059). */
export async function listAllPosts(db: Database, viewer?: Actor) {
  return db.select(publicFields).from(posts).where(postsVisibleTo(viewer)).orderBy(desc(posts.createdAt));
}

/** One post for staff; undefined when there is none, or (for an author) it is not theirs. */
export async function getPostById(db: Database, id: string, viewer?: Actor) {
  if (!z.uuid().safeParse(id).success) return undefined;
  const [post] = await db
    .select(publicFields)
    .from(posts)
    .where(and(eq(posts.id, id), postsVisibleTo(viewer)));
  return post;
}

/** Another post has that address: a conflict, with the text the editor shows. */
export class SlugTakenError extends ConflictError {
  constructor(slug: string) {
    super(`Adressen /blog/${slug} er allerede i bruk`);
  }
}

/**
 * A free slug: the one staff typed (which must be free), or one made from the title,
 * with -2, -3… added when another post already has it.
 */
async function chooseSlug(db: Database, input: PostInput, exceptId?: string) {
  const notThis = exceptId ? ne(posts.id, exceptId) : undefined;
  if (input.slug) {
    const slug = slugify(input.slug);
    const [clash] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.slug, slug), notThis));
    if (clash || !slug) throw new SlugTakenError(slug || input.slug);
    return slug;
  }
  const base = slugify(input.title) || "innlegg";
  const taken = new Set(
    (
      await db
        .select({ slug: posts.slug })
        .from(posts)
        .where(and(or(eq(posts.slug, base), like(posts.slug, `${base}-%`)), notThis))
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

export async function createPost(db: Database, input: PostInput, actor: Actor) {
  if (input.published) assertMayPublish(actor);
  return db.transaction(async (tx) => {
    const slug = await chooseSlug(tx, input);
    const { created_at: _ignored, featured_image, seo_title, seo_description, share_image, noindex, ...rest } = input;
    const seo = seoColumns({ seo_title, seo_description, share_image, noindex });
    const [post] = await tx
      .insert(posts)
      .values({ ...rest, ...seo, slug, featuredImage: featured_image, ownerId: actor.userId })
      .returning({ id: posts.id, slug: posts.slug });
    // A redirect from this address would now hide nothing: the post answers there.
    await releaseAddress(tx, `/blog/${slug}`, actor);
    await recordRevision(tx, post!.id, actor); // revision 1 (docs/decisions/052)
    await auditAction(tx, actor, "post_created", { postId: post!.id, title: input.title });
    return post!;
  });
}

/**
 * How a save is kept (docs/decisions/052): `expectedRevision`, the revision the editor
 * opened (a newer one refuses the save, StaleRevisionError); `restoredFrom`, the revision
 * a restore brings back (noted on the new one).
 */
export type SaveOptions = {
  expectedRevision?: number;
  restoredFrom?: number;
  /** The save that goes with "Send til godkjenning": the post stays in (or enters) the queue (docs/decisions/066). */
  forReview?: boolean;
};

/**
 * Changes a post; a changed address leaves a 301 behind (lib/redirects), and the save is
 * kept as a revision, in the same transaction.
 */
export async function updatePost(db: Database, id: string, input: PostInput, actor: Actor, options: SaveOptions = {}) {
  return db.transaction(async (tx) => {
    await assertMayChangePost(tx, actor, id, { publishing: input.published });
    // The row is locked first: two saves of one post run one after the other.
    const [before] = await tx
      .select({ slug: posts.slug, published: posts.published })
      .from(posts)
      .where(eq(posts.id, id))
      .for("update");
    if (before && options.expectedRevision !== undefined) await assertCurrentRevision(tx, id, options.expectedRevision);
    const slug = await chooseSlug(tx, input, id);
    const { created_at, featured_image, seo_title, seo_description, share_image, noindex, ...rest } = input;
    const [post] = await tx
      .update(posts)
      .set({
        ...rest,
        // Left out (the API's older shape): kept as they are.
        ...seoColumns({ seo_title, seo_description, share_image, noindex }),
        slug,
        featuredImage: featured_image,
        // Published now: no longer waiting for a time (post-schedule.server.ts).
        ...(input.published ? { publishAt: null } : {}),
        updatedAt: new Date(),
        ...(created_at ? { createdAt: new Date(created_at) } : {}),
      })
      .where(eq(posts.id, id))
      .returning({ id: posts.id, slug: posts.slug });
    if (!post || !before) return undefined;
    await recordRevision(tx, id, actor, options.restoredFrom);
    // Review before publishing (docs/decisions/066): publishing answers a waiting review;
    // an author's own change takes the post out of the queue.
    if (input.published) await closeReviewOnPublish(tx, actor, id);
    else if (!options.forReview) await leaveReviewOnAuthorEdit(tx, actor, id);
    await auditAction(tx, actor, "post_updated", { postId: id, title: input.title, published: input.published });
    const change = { from: `/blog/${before.slug}`, to: `/blog/${post.slug}`, wasPublic: before.published };
    await recordAddressChange(tx, change, actor);
    return post;
  });
}

/**
 * Saves a post from the editor or the API: a new one without `id`, else that one.
 * A post that is gone is a NotFoundError, a slug another post has a ConflictError, a
 * picture in the text that is not in the media library a ValidationError, each with the
 * text to show.
 */
export async function savePost(db: Database, actor: Actor, input: PostInput, id?: string, options: SaveOptions = {}) {
  // A picture in the text must be one of the library's (decision 050): a ValidationError names it.
  await assertPicturesInLibrary(db, input.content);
  if (!id) return createPost(db, input, actor);
  const post = (await getPostById(db, id, actor)) && (await updatePost(db, id, input, actor, options));
  if (!post) throw new NotFoundError(POST_NOT_FOUND);
  return post;
}

/**
 * Saves a post from the editor with its image's alt text. A post has no alt field: the
 * text is the upload's in the media library, which the public post shows (decision 030),
 * so a changed one is written there (audited), in the same transaction as the post. The
 * JSON API keeps calling savePost: its contract has no alt text.
 */
export async function savePostWithImageAlt(
  db: Database,
  actor: Actor,
  input: PostInput,
  imageAlt: string,
  id?: string,
  options: SaveOptions = {},
) {
  return db.transaction(async (inTx) => {
    const post = await savePost(inTx, actor, input, id, options);
    await setUploadAltText(inTx, input.featured_image, imageAlt, actor);
    return post;
  });
}

/** Deletes a post; NotFoundError when there is none with that id (then nothing is recorded). */
export async function deletePost(db: Database, id: string, actor: Actor): Promise<void> {
  if (!z.uuid().safeParse(id).success) throw new NotFoundError(POST_NOT_FOUND);
  await assertMayChangePost(db, actor, id);
  const [deleted] = await db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id, title: posts.title });
  if (!deleted) throw new NotFoundError(POST_NOT_FOUND);
  await auditAction(db, actor, "post_deleted", { postId: id, title: deleted.title });
}
