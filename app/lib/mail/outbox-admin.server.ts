import { and, count, desc, eq, isNotNull, lt, ne, sql } from "drizzle-orm";
import { auditAction, type StaffActor } from "../auth/security-events.server";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { pageWindow } from "../platform/list-query";
import { MAILS_PER_PAGE, type MailStatus, type OutboxFilter } from "./outbox-forms";
import { NotFoundError } from "../platform/domain-errors";
import { isUuid } from "../platform/ids";

const MAIL_GONE = "Meldingen finnes ikke (lenger).";

/**
 * The staff view of the mail outbox (docs/decisions/004): what waits, what was sent and
 * what failed, and "send again" for a failed message, which puts it back in the queue
 * for the worker with a fresh set of attempts.
 */
const { mailOutbox: o } = schema;

const listColumns = {
  id: o.id,
  kind: o.kind,
  toAddress: o.toAddress,
  subject: o.subject,
  status: o.status,
  attempts: o.attempts,
  lastError: o.lastError,
  lastAttemptAt: o.lastAttemptAt,
  nextAttemptAt: o.nextAttemptAt,
  sentAt: o.sentAt,
  createdAt: o.createdAt,
};

/** How many messages wait, were sent and failed (the tabs' counts). */
export async function outboxCounts(db: Database) {
  const rows = await db.select({ status: o.status, n: count() }).from(o).groupBy(o.status);
  const counts: Record<MailStatus, number> = { pending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/** One page of the outbox, newest first, all or of one status; a page past the end shows the last one. */
export async function listOutbox(db: Database, filter: OutboxFilter) {
  const where = filter.status ? eq(o.status, filter.status) : undefined;
  const [total] = await db.select({ n: count() }).from(o).where(where);
  const window = pageWindow(total?.n ?? 0, filter.page, MAILS_PER_PAGE);
  const rows = await db
    .select(listColumns)
    .from(o)
    .where(where)
    .orderBy(desc(o.createdAt), desc(o.id))
    .limit(window.limit)
    .offset(window.offset);
  return { rows, total: total?.n ?? 0, page: window.page, pageCount: window.pageCount };
}

/** One message, with whether its text is still there to send again. Null when there is none. */
export async function openOutboxMessage(db: Database, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ ...listColumns, messageId: o.messageId, textBody: o.textBody })
    .from(o)
    .where(eq(o.id, id));
  if (!row) return null;
  const { textBody, ...message } = row;
  return { ...message, hasBody: textBody !== "" };
}

/** How a resend went (decision 048): queued again, or why not (nothing changed then). */
export type ResendOutcome = { kind: "resent" | "not-failed" | "no-body" };

/**
 * Puts a failed message back in the queue: due now, unlocked, with a fresh set of
 * attempts (the last error stays for reference until it is delivered). Only a failed
 * message, and only while its text is kept (retention blanks it after 7 days: an empty
 * e-mail is never sent). Throws NotFoundError when there is no such message.
 */
export async function resendMail(db: Database, id: string, actor: StaffActor): Promise<ResendOutcome> {
  if (!isUuid(id)) throw new NotFoundError(MAIL_GONE);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: o.status, attempts: o.attempts, kind: o.kind, textBody: o.textBody })
      .from(o)
      .where(eq(o.id, id))
      .for("update");
    if (!row) throw new NotFoundError(MAIL_GONE);
    if (row.status !== "failed") return { outcome: "not-failed" as const };
    if (row.textBody === "") return { outcome: "no-body" as const };
    await tx
      .update(o)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, lockedUntil: null })
      .where(eq(o.id, id));
    return { outcome: "resent" as const, kind: row.kind, attempts: row.attempts };
  });
  if (outcome.outcome === "resent") {
    await auditAction(db, actor, "mail_resent", { mailId: id, kind: outcome.kind, previousAttempts: outcome.attempts });
  }
  return { kind: outcome.outcome };
}

/** A message undelivered for this long, with an error, earns a warning on the dashboard. */
export const FAILING_MAIL_WARNING_MS = 60 * 60 * 1000;

/**
 * Messages the worker has not managed to deliver for more than an hour: not sent, with a
 * delivery error, and queued more than an hour ago (given up, or still retrying).
 */
export async function failingMailCount(db: Database, at = now()) {
  const [row] = await db
    .select({ n: count() })
    .from(o)
    .where(and(ne(o.status, "sent"), isNotNull(o.lastError), lt(o.createdAt, new Date(at.getTime() - FAILING_MAIL_WARNING_MS))));
  return row?.n ?? 0;
}
