import { and, asc, eq } from "drizzle-orm";
import { type Actor, auditAction } from "../auth/security-events.server";
import { accountOf } from "../auth/users.server";
import { can } from "../auth/roles";
import { mailReviewAnswer } from "../mail/review-mail.server";
import { pageApprovedEmail, pageReturnedEmail } from "../mail/templates/post-review.server";
import { now } from "../platform/clock.server";
import { osloDateTime } from "../platform/dates";
import { type Database, schema } from "../platform/db.server";
import { ConflictError, ForbiddenError, ValidationError } from "../platform/domain-errors";
import {
  AUTHORS_CANNOT_PUBLISH_PAGES,
  PAGE_COMMENT_REQUIRED,
  PAGE_NOT_IN_REVIEW,
  PAGE_NOTHING_TO_SUBMIT,
  PAGE_REVIEWERS_ONLY,
} from "./page-forms";
import { type Locale, type PageKey, pageDefinition } from "./page-registry";

/**
 * Review of page drafts (docs/decisions/071), the pages' twin of posts' review (066): an
 * author (Skribent) saves a page draft and sends it ("Send til godkjenning"); an editor or
 * owner publishes it (publishing is the approval) or sends it back with a comment. The one
 * who sent it is mailed through the outbox in the same transaction; every step is audited.
 * The state is five columns on the page's row: a page has one shared draft, so one review.
 */
const { pageContent: pc } = schema;

export const PAGE_REVIEW_MAIL_KIND = "page-review";

const keyOf = (page: PageKey, locale: Locale) => and(eq(pc.page, page), eq(pc.locale, locale));

/** Publishing pages, restoring and discarding others' drafts: `content` (an actor without a role is a script). */
export const mayPublishPages = (actor: Pick<Actor, "role">) => !actor.role || can(actor.role, "content");

export function assertMayPublishPages(actor: Pick<Actor, "role">, message = AUTHORS_CANNOT_PUBLISH_PAGES) {
  if (!mayPublishPages(actor)) throw new ForbiddenError(message);
}

export const editorPathOf = (page: PageKey) => `/admin/pages/${page}`;

async function lockedRow(db: Database, page: PageKey, locale: Locale) {
  const [row] = await db.select().from(pc).where(keyOf(page, locale)).for("update");
  return row;
}

/**
 * "Send til godkjenning": the draft the sender saw (`revision`), so a reviewer never gets
 * words the sender did not see. Anyone who drafts may send; sending again while it waits
 * changes nothing (not audited twice).
 */
export async function submitPageDraft(db: Database, actor: Actor, page: PageKey, locale: Locale, revision: number) {
  return db.transaction(async (tx) => {
    const row = await lockedRow(tx, page, locale);
    if (!row?.draft) throw new ConflictError(PAGE_NOTHING_TO_SUBMIT);
    if (row.draftRevision !== revision)
      throw new ConflictError("Utkastet er endret siden du åpnet det. Last siden på nytt.");
    if (row.draftReviewStatus === "submitted") return { kind: "unchanged" as const };
    await tx
      .update(pc)
      .set({
        draftReviewStatus: "submitted",
        draftSubmittedBy: actor.userId,
        draftSubmittedAt: now(),
        draftReviewComment: null,
      })
      .where(keyOf(page, locale));
    await auditAction(tx, actor, "page_draft_submitted_for_review", { page, locale });
    return { kind: "submitted" as const };
  });
}

/** "Trekk tilbake": the draft leaves the queue and is a plain draft again. The sender, or a reviewer. */
export async function withdrawPageDraft(db: Database, actor: Actor, page: PageKey, locale: Locale) {
  return db.transaction(async (tx) => {
    const row = await lockedRow(tx, page, locale);
    if (row?.draftReviewStatus !== "submitted") throw new ConflictError(PAGE_NOT_IN_REVIEW);
    if (!mayPublishPages(actor) && row.draftSubmittedBy !== actor.userId)
      throw new ForbiddenError("Bare den som sendte utkastet kan trekke det tilbake.");
    await tx.update(pc).set({ draftReviewStatus: null, draftSubmittedAt: null }).where(keyOf(page, locale));
    await auditAction(tx, actor, "page_draft_review_withdrawn", { page, locale, by: "author" });
  });
}

/**
 * An author saved the draft while it waited: it leaves the queue (they send it again), so
 * no reviewer approves words they did not read. Called by saveDraft in its transaction; an
 * editor's save ("rettet en skrivefeil") leaves the review as it is, as with posts.
 */
export async function leavePageReviewOnAuthorEdit(db: Database, actor: Actor, page: PageKey, locale: Locale) {
  if (mayPublishPages(actor)) return;
  const [left] = await db
    .update(pc)
    .set({ draftReviewStatus: null, draftSubmittedAt: null })
    .where(and(keyOf(page, locale), eq(pc.draftReviewStatus, "submitted")))
    .returning({ page: pc.page });
  if (left) await auditAction(db, actor, "page_draft_review_withdrawn", { page, locale, by: "edit" });
}

/** "Send tilbake": editors and owners, a waiting draft, with the comment the sender gets. */
export async function sendBackPageDraft(db: Database, actor: Actor, page: PageKey, locale: Locale, comment: string) {
  if (!mayPublishPages(actor)) throw new ForbiddenError(PAGE_REVIEWERS_ONLY);
  if (!comment.trim()) throw new ValidationError(PAGE_COMMENT_REQUIRED);
  return db.transaction(async (tx) => {
    const row = await lockedRow(tx, page, locale);
    if (row?.draftReviewStatus !== "submitted") throw new ConflictError(PAGE_NOT_IN_REVIEW);
    await tx
      .update(pc)
      .set({ draftReviewStatus: "returned", draftReviewComment: comment, draftReviewedBy: actor.userId })
      .where(keyOf(page, locale));
    // The comment is on the row and in the mail; the audit trail says who and when.
    await auditAction(tx, actor, "page_draft_review_returned", { page, locale });
    await mailReviewAnswer(tx, {
      kind: PAGE_REVIEW_MAIL_KIND,
      recipientId: row.draftSubmittedBy,
      reviewerId: actor.userId,
      compose: (basics) =>
        pageReturnedEmail({
          ...basics,
          pageLabel: pageDefinition(page).label,
          url: `${basics.siteUrl}${editorPathOf(page)}`,
          comment,
        }),
    });
  });
}

/**
 * The draft was published (publishDraft, row locked by its transaction): a waiting review is
 * approved by that, audited and mailed to the sender. Any review state is cleared: the draft
 * it was about is gone.
 */
export async function closePageReviewOnPublish(db: Database, actor: Actor, row: typeof pc.$inferSelect) {
  if (!row.draftReviewStatus) return;
  const page = row.page as PageKey;
  const locale = row.locale as Locale;
  await db.update(pc).set(CLEARED_REVIEW).where(keyOf(page, locale));
  if (row.draftReviewStatus !== "submitted") return;
  await auditAction(db, actor, "page_draft_review_approved", { page, locale });
  const definition = pageDefinition(page);
  await mailReviewAnswer(db, {
    kind: PAGE_REVIEW_MAIL_KIND,
    recipientId: row.draftSubmittedBy,
    reviewerId: actor.userId,
    compose: (basics) =>
      pageApprovedEmail({ ...basics, pageLabel: definition.label, url: `${basics.siteUrl}${definition.path}` }),
  });
}

/** What a discarded or published draft leaves of its review: nothing. */
export const CLEARED_REVIEW = {
  draftReviewStatus: null,
  draftReviewComment: null,
  draftSubmittedBy: null,
  draftSubmittedAt: null,
  draftReviewedBy: null,
};

/** The dashboard queue's page drafts, the oldest first: what, who sent it, when. */
export async function pageReviewQueue(db: Database) {
  const rows = await db
    .select({ page: pc.page, submittedBy: pc.draftSubmittedBy, submittedAt: pc.draftSubmittedAt })
    .from(pc)
    .where(eq(pc.draftReviewStatus, "submitted"))
    .orderBy(asc(pc.draftSubmittedAt));
  return Promise.all(
    rows.map(async (row) => {
      const page = row.page as PageKey;
      return {
        id: `page:${page}`,
        title: `Side: ${pageDefinition(page).label}`,
        by: (await accountOf(db, row.submittedBy))?.name ?? "Ukjent",
        submittedAt: row.submittedAt ? osloDateTime(row.submittedAt) : "",
        sortAt: row.submittedAt?.getTime() ?? 0,
        href: editorPathOf(page),
      };
    }),
  );
}

/** One page draft's review for the editor; null when there is none. */
export async function reviewOfPage(db: Database, page: PageKey, locale: Locale) {
  const [row] = await db.select().from(pc).where(keyOf(page, locale));
  if (!row?.draftReviewStatus) return null;
  return {
    status: row.draftReviewStatus as "submitted" | "returned",
    comment: row.draftReviewComment,
    submittedAt: row.draftSubmittedAt ? osloDateTime(row.draftSubmittedAt) : null,
    submittedById: row.draftSubmittedBy,
    submittedBy: (await accountOf(db, row.draftSubmittedBy))?.name ?? "Ukjent",
    reviewedBy: (await accountOf(db, row.draftReviewedBy))?.name ?? null,
  };
}

export type PageReview = Awaited<ReturnType<typeof reviewOfPage>>;
