import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import { logSecurityEvent } from "../auth/security-events.server";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { enqueueMail } from "../mail/mail.server";
import { newsletterIssueEmail } from "../mail/templates/newsletter-issue.server";
import { uploadUrl } from "../media/media";
import { imageAlt } from "../media/media-forms";
import { libraryAltText } from "../media/media-library.server";
import { derivedUnsubscribeToken } from "../platform/secrets.server";
import { unsubscribeUrl } from "../visitor-forms/newsletter.server";
import { actorEvent, type StaffActor } from "../auth/security-events.server";
import { liveProgress } from "./progress.server";
import { NotFoundError } from "../platform/domain-errors";
import { getStudioDetails } from "../studio/studio-details.server";
import type { StudioDetails } from "../studio/studio-details";
import { parsePostText, type PostPictures } from "../blog/post-text/post-text";
import { libraryPictures } from "../blog/post-text/post-text.server";

/**
 * Sending an issue to every active subscriber, through the mail outbox (decision 004).
 * Starting a send writes one delivery per active subscriber (unique per send and
 * subscriber: nobody is mailed twice). A releaser in every server process then moves
 * waiting deliveries into the outbox at NEWSLETTER_RATE_PER_MINUTE, all processes
 * together: it locks the running send with FOR UPDATE SKIP LOCKED, so one process at a
 * time releases, and counts what was released in the last minute of the app's clock.
 * The state lives in the database, so a send survives a restart and continues where it
 * was. Someone who unsubscribes mid-send is skipped (checked at release, and their
 * queued e-mails are dropped by the unsubscribe itself).
 */
const { newsletterIssues: i, newsletterSends: s, newsletterDeliveries: d, newsletterSubscribers: sub } = schema;

export const NEWSLETTER_MAIL_KIND = "newsletter-issue";
export const NEWSLETTER_TEST_KIND = "newsletter-test";

export type MailSettings = { siteUrl: string; mediaBaseUrl?: string };

type Issue = typeof i.$inferSelect;

export async function countActiveSubscribers(db: Database) {
  const [row] = await db.select({ n: count() }).from(sub).where(eq(sub.status, "active"));
  return row?.n ?? 0;
}

function imageUrl(issue: Issue, settings: MailSettings) {
  if (!issue.featuredImage) return "";
  const url = uploadUrl(settings.mediaBaseUrl, issue.featuredImage);
  return url.startsWith("/") ? `${settings.siteUrl}${url}` : url;
}

/** The alt text of an issue's image: an issue has no alt field of its own, so the media library's (decision 030). */
export async function issueImageAlt(db: Database, issue: Issue) {
  return issue.featuredImage ? imageAlt(undefined, await libraryAltText(db, issue.featuredImage)) : "";
}

/** The library's pictures the issue's text shows (the blog's format, decision 050). */
export async function issuePictures(db: Database, issue: Issue, settings: MailSettings) {
  return libraryPictures(db, parsePostText(issue.body).images, settings.mediaBaseUrl);
}

/** The issue as one recipient gets it (their own unsubscribe link). */
export function renderIssue(
  issue: Issue,
  settings: MailSettings & { studio: StudioDetails },
  leaveUrl: string,
  altText = "",
  pictures: PostPictures = {},
) {
  return newsletterIssueEmail({
    siteUrl: settings.siteUrl,
    studio: settings.studio,
    subject: issue.subject,
    preheader: issue.preheader,
    body: issue.body,
    pictures,
    imageUrl: imageUrl(issue, settings),
    imageAlt: altText,
    unsubscribeUrl: leaveUrl,
  });
}

/** What staff see in the preview: a subscriber's e-mail, with a sample unsubscribe link. */
export async function renderIssuePreview(db: Database, issue: Issue, settings: MailSettings) {
  return renderIssue(
    issue,
    { ...settings, studio: await getStudioDetails(db) },
    `${settings.siteUrl}/newsletter/unsubscribe?token=…`,
    await issueImageAlt(db, issue),
    await issuePictures(db, issue, settings),
  );
}

/** The issue to the signed-in staff member only, marked as a test, without unsubscribe headers. */
export async function sendTestIssue(db: Database, issue: Issue, to: string, settings: MailSettings, actor: StaffActor) {
  const mail = await renderIssuePreview(db, issue, settings);
  await enqueueMail(db, { kind: NEWSLETTER_TEST_KIND, to, ...mail, subject: `[Test] ${mail.subject}` });
  await logSecurityEvent(db, {
    ...actorEvent(actor),
    p_action: "newsletter_test_sent",
    p_details: { issueId: issue.id },
  });
}

/** How starting a send went (decision 048): started, or why it did not (nothing changed then). */
export type StartSendResult =
  | { kind: "started"; sendId: string; recipients: number }
  | { kind: "already-sent" }
  | { kind: "busy" }
  | { kind: "no-recipients" }
  | { kind: "count-changed"; recipients: number };

/**
 * Starts sending an issue to every active subscriber. `expectedRecipients` is the count
 * the staff member confirmed: if it changed meanwhile, nothing starts and they confirm
 * again. One send at a time. Audited as newsletter_sent. Throws NotFoundError when there is
 * no such issue.
 */
export async function startSend(
  db: Database,
  issueId: string,
  expectedRecipients: number,
  actor: StaffActor,
): Promise<StartSendResult> {
  const result = await db
    .transaction(async (tx): Promise<StartSendResult> => {
      const [issue] = await tx.select({ id: i.id }).from(i).where(eq(i.id, issueId)).for("update");
      if (!issue) throw new NotFoundError("Nyhetsbrevet finnes ikke (lenger).");
      const [existing] = await tx.select({ id: s.id }).from(s).where(eq(s.issueId, issueId));
      if (existing) return { kind: "already-sent" };
      const [running] = await tx.select({ id: s.id }).from(s).where(eq(s.status, "running"));
      if (running) return { kind: "busy" };
      const recipients = await countActiveSubscribers(tx);
      if (recipients === 0) return { kind: "no-recipients" };
      if (recipients !== expectedRecipients) return { kind: "count-changed", recipients };
      const [send] = await tx
        .insert(s)
        .values({ issueId, recipientCount: recipients, startedBy: actor.userId, startedAt: now() })
        .returning({ id: s.id });
      const inserted = await tx.execute(sql`
      insert into ${d} (send_id, subscriber_id)
      select ${send!.id}, ${sub.id} from ${sub} where ${sub.status} = 'active'
      on conflict do nothing`);
      const rowCount = (inserted as unknown as { rowCount?: number }).rowCount ?? recipients;
      if (rowCount !== recipients) await tx.update(s).set({ recipientCount: rowCount }).where(eq(s.id, send!.id));
      return { kind: "started", sendId: send!.id, recipients: rowCount };
    })
    .catch((error: unknown) => {
      // Another staff member started a send at the same moment (one running send at a time).
      if (isUniqueViolation(error)) return { kind: "busy" } as const;
      throw error;
    });
  if (result.kind === "started") {
    await logSecurityEvent(db, {
      ...actorEvent(actor),
      p_action: "newsletter_sent",
      p_details: { issueId, sendId: result.sendId, recipients: result.recipients },
    });
  }
  return result;
}

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } } | undefined)?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}

export type ReleaseOptions = MailSettings & {
  ratePerMinute: number;
  /** The most released in one call (the releaser's tick), so a minute's budget is spread out. */
  maxBatch?: number;
};

export type ReleaseResult = { released: number; skipped: number; finished: boolean };

const MINUTE_MS = 60_000;

/**
 * One step of the running send: releases up to the rate's budget of waiting deliveries
 * into the outbox (each with the recipient's unsubscribe link and List-Unsubscribe
 * headers), skips whoever is no longer active, and closes the send once every released
 * e-mail has left the outbox (sent or failed for good). Safe to run in several
 * processes at once: the send row is locked with SKIP LOCKED, so only one releases.
 */
export async function releaseNewsletterBatch(db: Database, options: ReleaseOptions): Promise<ReleaseResult> {
  const outcome = await db.transaction(async (t) => {
    const [send] = await t.select().from(s).where(eq(s.status, "running")).limit(1).for("update", { skipLocked: true });
    if (!send) return { released: 0, skipped: 0, finished: false, wrote: false };
    const at = now();
    const [recent] = await t
      .select({ n: count() })
      .from(d)
      .where(gt(d.releasedAt, new Date(at.getTime() - MINUTE_MS)));
    const budget = Math.min(options.ratePerMinute - (recent?.n ?? 0), options.maxBatch ?? options.ratePerMinute);
    let released = 0;
    let skipped = 0;
    if (budget > 0) {
      const batch = await t
        .select({ id: d.id, subscriberId: sub.id, email: sub.email, status: sub.status })
        .from(d)
        .innerJoin(sub, eq(sub.id, d.subscriberId))
        .where(and(eq(d.sendId, send.id), eq(d.status, "waiting")))
        .orderBy(asc(d.id))
        .limit(budget)
        .for("update", { of: d, skipLocked: true });
      const gone = batch.filter((row) => row.status !== "active").map((row) => row.id);
      if (gone.length > 0) await t.update(d).set({ status: "skipped" }).where(inArray(d.id, gone));
      skipped = gone.length;
      const [issue] = await t.select().from(i).where(eq(i.id, send.issueId));
      const altText = batch.length > 0 ? await issueImageAlt(t, issue!) : "";
      const pictures = batch.length > 0 ? await issuePictures(t, issue!, options) : {};
      const studio = await getStudioDetails(t);
      for (const row of batch.filter((r) => r.status === "active")) {
        const leaveUrl = unsubscribeUrl(options.siteUrl, derivedUnsubscribeToken(row.subscriberId));
        const mail = await renderIssue(issue!, { ...options, studio }, leaveUrl, altText, pictures);
        const outboxId = await enqueueMail(t, {
          kind: NEWSLETTER_MAIL_KIND,
          to: row.email,
          unsubscribeUrl: leaveUrl,
          ...mail,
        });
        await t.update(d).set({ status: "released", outboxId, releasedAt: at }).where(eq(d.id, row.id));
        released++;
      }
    }
    const finished = await finishIfDone(t, send.id);
    return { released, skipped, finished, wrote: true };
  });
  return { released: outcome.released, skipped: outcome.skipped, finished: outcome.finished };
}

/** Closes a send with nothing waiting and nothing left in the outbox, keeping its counts. */
async function finishIfDone(tx: Database, sendId: string) {
  const progress = await liveProgress(tx, sendId);
  if (progress.waiting > 0 || progress.queued > 0) return false;
  await tx
    .update(s)
    .set({
      status: "done",
      finishedAt: now(),
      sentCount: progress.sent,
      failedCount: progress.failed,
      skippedCount: progress.skipped,
    })
    .where(eq(s.id, sendId));
  return true;
}
