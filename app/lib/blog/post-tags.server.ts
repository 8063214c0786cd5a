import { and, arrayContains, desc, eq, sql } from "drizzle-orm";
import { type Database, schema } from "../platform/db.server";
import { publicFields } from "./blog.server";
import { isTag } from "./post-tags";

/**
 * The public side of tags (decision 051): a tag's page (/blog/tag/{tag}) and the
 * sitemap's list of tag pages. Only published posts count: a tag whose posts are all
 * drafts (or scheduled) has no page yet.
 */
const { blogPosts: posts } = schema;

/** A tag's published posts, newest first (as /blog orders them); [] for an unknown tag. */
export async function listPublishedPostsWithTag(db: Database, tag: string) {
  if (!isTag(tag)) return [];
  return db
    .select(publicFields)
    .from(posts)
    .where(and(eq(posts.published, true), arrayContains(posts.tags, [tag])))
    .orderBy(desc(posts.createdAt));
}

/** Every tag with at least one published post, and when its newest post was published (for the sitemap). */
export async function listPublishedTags(db: Database) {
  const tag = sql<string>`t.tag`;
  const rows = await db
    .select({ tag, lastModified: sql<Date>`max(${posts.createdAt})`.mapWith(posts.createdAt) })
    .from(sql`${posts} cross join lateral unnest(${posts.tags}) as t(tag)`)
    .where(eq(posts.published, true))
    .groupBy(tag)
    .orderBy(tag);
  return rows;
}
