import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, auditAction } from "../auth/security-events.server";
import { accountOf } from "../auth/users.server";
import { mailReviewAnswer } from "../mail/review-mail.server";
import { postApprovedEmail, postReturnedEmail } from "../mail/templates/post-review.server";
import { now } from "../platform/clock.server";
import { osloDateTime } from "../platform/dates";
import { type Database, schema } from "../platform/db.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../platform/domain-errors";
import { POST_NOT_FOUND } from "./blog-forms";
import { isAuthor, postsVisibleTo } from "./post-access.server";
import { editorPath } from "./post-history-forms";
import {
  ALREADY_PUBLISHED,
  COMMENT_REQUIRED,
  NOT_IN_REVIEW,
  ONLY_THE_AUTHOR_SUBMITS,
  REVIEWERS_ONLY,
  type ReviewStatus,
} from "./post-review-forms";

/**
 * Review before publishing (docs/decisions/066). An author (Skribent) cannot publish
 * (decision 059); they send their draft to the editors' queue ("Send til godkjenning"),
 * and an editor or owner publishes (or schedules) it from the editor, or sends it back
 * with a comment. The author hears of either answer by e-mail, through the outbox, in the
 * transaction that made it. Every step is audited. The state is four columns on the post:
 * one review at a time, and the history is the audit log's.
 */
const { blogPosts: posts, users, profiles } = schema;

export const REVIEW_MAIL_KIND = "post-review";

const postId = (id: string) => {
  if (!z.uuid().safeParse(id).success) throw new NotFoundError(POST_NOT_FOUND);
  return id;
};

/** The post, locked for the rest of the transaction; an author sees only theirs (else not found). */
async function lockedPost(db: Database, actor: Actor, id: string) {
  const [post] = await db
    .select({
      id: posts.id,
      title: posts.title,
      ownerId: posts.ownerId,
      published: posts.published,
      reviewStatus: posts.reviewStatus,
    })
    .from(posts)
    .where(and(eq(posts.id, postId(id)), postsVisibleTo(actor)))
    .for("update");
  if (!post) throw new NotFoundError(POST_NOT_FOUND);
  return post;
}

/**
 * "Send til godkjenning": only the account that wrote the post, and only a draft. Meant to
 * run in the transaction that saved the text being sent, so the queue never holds a post
 * whose latest words were not saved. A post already waiting stays as it was (not audited twice).
 */
export async function submitForReview(db: Database, actor: Actor, id: string) {
  const post = await lockedPost(db, actor, id);
  if (!actor.userId || post.ownerId !== actor.userId) throw new ForbiddenError(ONLY_THE_AUTHOR_SUBMITS);
  if (post.published) throw new ConflictError(ALREADY_PUBLISHED);
  if (post.reviewStatus === "submitted") return { kind: "unchanged" as const };
  await db
    .update(posts)
    .set({ reviewStatus: "submitted", submittedAt: now(), reviewComment: null })
    .where(eq(posts.id, id));
  await auditAction(db, actor, "post_submitted_for_review", { postId: id, title: post.title });
  return { kind: "submitted" as const };
}

/** "Trekk tilbake": the author takes the post out of the queue; it is a draft again. */
export async function withdrawFromReview(db: Database, actor: Actor, id: string) {
  return db.transaction(async (tx) => {
    const post = await lockedPost(tx, actor, id);
    if (!actor.userId || post.ownerId !== actor.userId) throw new ForbiddenError(ONLY_THE_AUTHOR_SUBMITS);
    if (post.reviewStatus !== "submitted") throw new ConflictError(NOT_IN_REVIEW);
    await tx.update(posts).set({ reviewStatus: null, submittedAt: null }).where(eq(posts.id, id));
    await auditAction(tx, actor, "post_review_withdrawn", { postId: id, title: post.title, by: "author" });
    return { title: post.title };
  });
}

/**
 * The author changed a post that was waiting: it leaves the queue (a draft again), so no
 * reviewer approves words they did not read. Called by updatePost, in its transaction,
 * for an author's save; an editor's save leaves the review as it is.
 */
export async function leaveReviewOnAuthorEdit(db: Database, actor: Actor, id: string) {
  if (!isAuthor(actor)) return;
  const [left] = await db
    .update(posts)
    .set({ reviewStatus: null, submittedAt: null })
    .where(and(eq(posts.id, id), eq(posts.reviewStatus, "submitted")))
    .returning({ title: posts.title });
  if (left) await auditAction(db, actor, "post_review_withdrawn", { postId: id, title: left.title, by: "edit" });
}

/** "Send tilbake": editors and owners only, a post that is waiting, with the comment the author gets. */
export async function sendBackForChanges(db: Database, actor: Actor, id: string, comment: string) {
  if (isAuthor(actor)) throw new ForbiddenError(REVIEWERS_ONLY);
  // The form requires it too; a send-back without a reason leaves the author guessing.
  if (!comment.trim()) throw new ValidationError(COMMENT_REQUIRED);
  return db.transaction(async (tx) => {
    const post = await lockedPost(tx, actor, id);
    if (post.reviewStatus !== "submitted") throw new ConflictError(NOT_IN_REVIEW);
    await tx
      .update(posts)
      .set({ reviewStatus: "returned", reviewComment: comment, reviewedBy: actor.userId, reviewedAt: now() })
      .where(eq(posts.id, id));
    // The comment is in the post and the author's mail; the audit trail says who and when.
    await auditAction(tx, actor, "post_review_returned", { postId: id, title: post.title });
    await mailReviewAnswer(tx, {
      kind: REVIEW_MAIL_KIND,
      recipientId: post.ownerId,
      reviewerId: actor.userId,
      compose: (basics) =>
        postReturnedEmail({ ...basics, postTitle: post.title, url: `${basics.siteUrl}${editorPath(id)}`, comment }),
    });
    return { title: post.title };
  });
}

/**
 * A post is published or scheduled (updatePost, setPostSchedule: the row is theirs for
 * the transaction): if it was waiting for review, that is the approval, audited and
 * mailed to the author. A review state left on it (sent back, then published anyway) is
 * cleared, since a published post has nothing to review.
 */
export async function closeReviewOnPublish(db: Database, actor: Actor, id: string, scheduledFor: Date | null = null) {
  const [before] = await db
    .select({ reviewStatus: posts.reviewStatus })
    .from(posts)
    .where(and(eq(posts.id, id), isNotNull(posts.reviewStatus)));
  if (!before) return;
  const [post] = await db
    .update(posts)
    .set({ reviewStatus: null, reviewComment: null, reviewedBy: actor.userId, reviewedAt: now() })
    .where(eq(posts.id, id))
    .returning({ title: posts.title, slug: posts.slug, ownerId: posts.ownerId });
  if (!post || before.reviewStatus !== "submitted") return;
  await auditAction(db, actor, "post_review_approved", {
    postId: id,
    title: post.title,
    ...(scheduledFor ? { publishAt: scheduledFor.toISOString() } : {}),
  });
  await mailReviewAnswer(db, {
    kind: REVIEW_MAIL_KIND,
    recipientId: post.ownerId,
    reviewerId: actor.userId,
    compose: (basics) =>
      postApprovedEmail({
        ...basics,
        postTitle: post.title,
        url: `${basics.siteUrl}${scheduledFor ? editorPath(id) : `/blog/${post.slug}`}`,
        scheduledFor: scheduledFor ? osloDateTime(scheduledFor) : undefined,
      }),
  });
}

/** The dashboard's queue (editors and owners): what waits, who sent it, when; the oldest first. */
export async function reviewQueue(db: Database) {
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      submittedAt: posts.submittedAt,
      by: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${users.email}, 'Ukjent')`,
    })
    .from(posts)
    .leftJoin(users, eq(users.id, posts.ownerId))
    .leftJoin(profiles, eq(profiles.id, posts.ownerId))
    .where(eq(posts.reviewStatus, "submitted"))
    .orderBy(asc(posts.submittedAt));
  return rows.map((row) => ({ ...row, submittedAt: row.submittedAt ? osloDateTime(row.submittedAt) : "" }));
}

export type ReviewQueueItem = Awaited<ReturnType<typeof reviewQueue>>[number];

export type ReviewState = {
  status: ReviewStatus;
  comment: string | null;
  submittedAt: Date | null;
  reviewedAt: Date | null;
};

/** Each post's review state, by id, for the post list (an author: their own posts only). */
export async function reviewStates(db: Database, viewer?: Actor) {
  const rows = await db
    .select({
      id: posts.id,
      status: posts.reviewStatus,
      comment: posts.reviewComment,
      submittedAt: posts.submittedAt,
      reviewedAt: posts.reviewedAt,
    })
    .from(posts)
    .where(and(isNotNull(posts.reviewStatus), postsVisibleTo(viewer)));
  return new Map(rows.map(({ id, status, ...state }) => [id, { status: status!, ...state } satisfies ReviewState]));
}

/** One post's review for the editor: its state, who wrote it, who answered last; null when there is none. */
export async function reviewOfPost(db: Database, id: string) {
  const [row] = await db
    .select({
      status: posts.reviewStatus,
      comment: posts.reviewComment,
      submittedAt: posts.submittedAt,
      reviewedAt: posts.reviewedAt,
      ownerId: posts.ownerId,
      reviewedBy: posts.reviewedBy,
    })
    .from(posts)
    .where(eq(posts.id, postId(id)));
  if (!row?.status) return null;
  return {
    status: row.status,
    comment: row.comment,
    submittedAt: row.submittedAt ? osloDateTime(row.submittedAt) : null,
    reviewedAt: row.reviewedAt ? osloDateTime(row.reviewedAt) : null,
    submittedBy: (await accountOf(db, row.ownerId))?.name ?? "Ukjent",
    reviewedBy: (await accountOf(db, row.reviewedBy))?.name ?? null,
  };
}

export type PostReview = Awaited<ReturnType<typeof reviewOfPost>>;
