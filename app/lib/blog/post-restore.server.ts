import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Actor, auditAction } from "../auth/security-events.server";
import { type Database, schema } from "../platform/db.server";
import { NotFoundError } from "../platform/domain-errors";
import { seoOfRow } from "../seo/seo.server";
import { updatePost } from "./blog.server";
import { POST_NOT_FOUND } from "./blog-forms";
import { currentRevision, getRevision } from "./post-revisions.server";

/**
 * Restores revision `number` of a post as a NEW revision (nothing is lost): its title,
 * excerpt, author, content, image, tags, featured mark and search-engine fields become
 * the post's again. The address and whether the post is published stay as they are now:
 * a restore brings back words, it does not move the post or change who can read it
 * (docs/decisions/052). Audited.
 */
export async function restorePostRevision(db: Database, actor: Actor, postId: string, number: number) {
  if (!z.uuid().safeParse(postId).success) throw new NotFoundError(POST_NOT_FOUND);
  const made = await db.transaction(async (tx) => {
    const [post] = await tx.select().from(schema.blogPosts).where(eq(schema.blogPosts.id, postId));
    if (!post) throw new NotFoundError(POST_NOT_FOUND);
    const revision = await getRevision(tx, postId, number);
    if (!revision) throw new NotFoundError(`Versjon ${number} av innlegget finnes ikke.`);
    const input = {
      title: revision.title,
      excerpt: revision.excerpt,
      author: revision.author,
      content: revision.content,
      featured_image: revision.featuredImage,
      featured: revision.featured,
      tags: revision.tags,
      ...seoOfRow(revision),
      slug: post.slug,
      published: post.published,
      created_at: "",
    };
    await updatePost(tx, postId, input, actor, { restoredFrom: number });
    return currentRevision(tx, postId);
  });
  await auditAction(db, actor, "post_revision_restored", { postId, from: number, revision: made });
  return { revision: made };
}
