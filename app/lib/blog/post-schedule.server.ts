import { format } from "date-fns";
import { assertMayPublish } from "./post-access.server";
import { closeReviewOnPublish } from "./post-review.server";
import { and, eq, isNotNull, lte, min, sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, auditAction } from "../auth/security-events.server";
import { now } from "../platform/clock.server";
import { osloZone } from "../platform/dates";
import { type Database, schema } from "../platform/db.server";
import type { DueWork } from "../platform/due-scheduler.server";
import { ConflictError, NotFoundError, ValidationError } from "../platform/domain-errors";
import { log } from "../platform/log.server";
import { PUBLISH_AT_PAST, POST_NOT_FOUND } from "./blog-forms";

/**
 * "Publiser senere" (decision 051). A scheduled post is a draft (`published` false) with a
 * `publish_at`. Every server process runs a scheduler (platform/due-scheduler.server.ts)
 * that wakes at the earliest `publish_at` and publishes the drafts whose time has come by
 * the server's clock (clock.server.ts, which the tests move): one conditional UPDATE, so
 * with several processes each post is published by exactly one of them, once. The table's trigger then announces `content_changed`, which
 * clears every process's page cache (/blog, the post, the tag pages, the sitemap, the feed).
 */
const { blogPosts: posts } = schema;

/** Who publishes a post when its time comes: the server itself, in the audit trail. */
export const SCHEDULER_ACTOR: Actor = { userId: null, userAgent: "scheduler" };

/** "2026-12-07T08:00": a moment as the editor's datetime-local field shows it, in Oslo time. */
export const osloWallClock = (at: Date) => format(at, "yyyy-MM-dd'T'HH:mm", { in: osloZone });

const postId = (id: string) => {
  if (!z.uuid().safeParse(id).success) throw new NotFoundError(POST_NOT_FOUND);
  return id;
};

/** When each scheduled post goes live, by id (the post list and the editor show it). */
export async function scheduledTimes(db: Database) {
  const rows = await db
    .select({ id: posts.id, publishAt: posts.publishAt })
    .from(posts)
    .where(and(eq(posts.published, false), isNotNull(posts.publishAt)));
  return new Map(rows.map((row) => [row.id, row.publishAt!]));
}

/**
 * Sets (or with `at` null clears) when a draft goes live, audited when it changes. A time
 * that has passed is refused; a published post is not scheduled (publishing it cleared
 * its time). Meant to run in the transaction that saved the post.
 */
export async function setPostSchedule(db: Database, actor: Actor, id: string, at: Date | null) {
  if (at) assertMayPublish(actor);
  if (at && at.getTime() <= now().getTime()) throw new ValidationError(PUBLISH_AT_PAST);
  const [post] = await db
    .select({ title: posts.title, published: posts.published, publishAt: posts.publishAt })
    .from(posts)
    .where(eq(posts.id, postId(id)))
    .for("update");
  if (!post) throw new NotFoundError(POST_NOT_FOUND);
  if (post.published) {
    if (at) throw new ConflictError("Innlegget er allerede publisert.");
    return { kind: "unchanged" as const };
  }
  if ((post.publishAt?.getTime() ?? null) === (at?.getTime() ?? null)) return { kind: "unchanged" as const };
  await db.update(posts).set({ publishAt: at }).where(eq(posts.id, id));
  if (at) {
    await auditAction(db, actor, "post_scheduled", { postId: id, title: post.title, publishAt: at.toISOString() });
    // Scheduling a post that waited for review is its approval (docs/decisions/066).
    await closeReviewOnPublish(db, actor, id, at);
  } else await auditAction(db, actor, "post_unscheduled", { postId: id, title: post.title });
  return { kind: at ? ("scheduled" as const) : ("unscheduled" as const), title: post.title };
}

/** "Avbryt planlegging": the post stays a draft. Refused when it went live meanwhile. */
export async function unschedulePost(db: Database, actor: Actor, id: string) {
  assertMayPublish(actor);
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ title: posts.title, published: posts.published, publishAt: posts.publishAt })
      .from(posts)
      .where(eq(posts.id, postId(id)))
      .for("update");
    if (!post) throw new NotFoundError(POST_NOT_FOUND);
    if (post.published) throw new ConflictError(`«${post.title}» er allerede publisert.`);
    if (!post.publishAt) throw new ConflictError(`«${post.title}» er ikke planlagt.`);
    await setPostSchedule(tx, actor, id, null);
    return { title: post.title };
  });
}

/** "Publiser nå" for a scheduled post: live at once, dated now. Refused when it went live meanwhile. */
export async function publishScheduledNow(db: Database, actor: Actor, id: string) {
  assertMayPublish(actor);
  const at = now();
  const [post] = await db
    .update(posts)
    .set({ published: true, publishAt: null, createdAt: at, updatedAt: at })
    .where(and(eq(posts.id, postId(id)), eq(posts.published, false), isNotNull(posts.publishAt)))
    .returning({ id: posts.id, title: posts.title });
  if (!post) {
    const [exists] = await db.select({ title: posts.title }).from(posts).where(eq(posts.id, id));
    if (!exists) throw new NotFoundError(POST_NOT_FOUND);
    throw new ConflictError(`«${exists.title}» er allerede publisert eller ikke lenger planlagt.`);
  }
  await auditAction(db, actor, "post_published", { postId: post.id, title: post.title, scheduled: true });
  return { title: post.title };
}

/**
 * Publishes every draft whose time has come (`at`: the server's clock), each dated the
 * moment it was scheduled for. Safe to run in every process at once: the UPDATE's
 * condition is checked again on each row after another transaction's change to it, so a
 * post another process published is skipped, and each is audited by the one that did.
 * Looks first with a plain SELECT, so an idle round writes nothing (an UPDATE of no rows
 * would still fire the table's content_changed trigger and empty every page cache).
 */
export async function publishDuePosts(db: Database, at: Date = now()) {
  const due = and(eq(posts.published, false), isNotNull(posts.publishAt), lte(posts.publishAt, at));
  const [any] = await db.select({ id: posts.id }).from(posts).where(due).limit(1);
  if (!any) return [];
  return db.transaction(async (tx) => {
    const published = await tx
      .update(posts)
      .set({ published: true, createdAt: sql`${posts.publishAt}`, publishAt: null, updatedAt: at })
      .where(due)
      .returning({ id: posts.id, title: posts.title, slug: posts.slug, createdAt: posts.createdAt });
    for (const post of published)
      await auditAction(tx, SCHEDULER_ACTOR, "post_auto_published", {
        postId: post.id,
        title: post.title,
        publishAt: post.createdAt.toISOString(),
      });
    return published;
  });
}

/** When the next scheduled post goes live (undefined: none is scheduled). */
export async function nextScheduledPost(db: Database) {
  const [next] = await db
    .select({ at: min(posts.publishAt) })
    .from(posts)
    .where(and(eq(posts.published, false), isNotNull(posts.publishAt)));
  return next?.at ?? undefined;
}

/** Scheduled posts as the process's due scheduler (platform/due-scheduler.server.ts) runs them. */
export const duePosts: DueWork = {
  name: "scheduled posts",
  async run(db, at) {
    for (const post of await publishDuePosts(db, at)) log.info("scheduled post published", { postId: post.id, slug: post.slug });
  },
  nextDue: nextScheduledPost,
};
