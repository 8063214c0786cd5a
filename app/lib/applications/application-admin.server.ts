import { asc, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { actorEvent, logSecurityEvent, type StaffActor } from "../auth/security-events.server";
import { enqueueMail } from "../mail/mail.server";
import { applicationReplyEmail } from "../mail/templates/application-mail.server";
import type { MediaStore } from "../media/storage/media-store.server";
import { toCsv } from "../platform/csv";
import { osloTimestamp } from "../platform/dates";
import { type Database, schema } from "../platform/db.server";
import { NotFoundError } from "../platform/domain-errors";
import { isUuid } from "../platform/ids";
import { pageWindow } from "../platform/list-query";
import { countUnread, openAndMarkRead } from "../platform/read-markers.server";
import { getStudioDetails } from "../studio/studio-details.server";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATIONS_PER_PAGE,
  type ApplicationFilter,
  type ApplicationStatus,
  type ReplyLanguage,
  type ReplyTemplate,
} from "./application-forms";

/**
 * The staff side of job applications (/admin/applications, decision 057): the list, one
 * application with its notes, replies and e-mails, the pipeline, "Svar", the CV read
 * through the app, erasure and the exports. Every change and every CV download is
 * written to security_events with the application's id (never what the candidate wrote,
 * which erasure must be able to remove).
 */
const { jobApplications: a, applicationNotes: n, applicationReplies: r, mailOutbox: o, jobListings: jobs } = schema;

export const APPLICATION_GONE = "Søknaden finnes ikke (lenger).";

function requireId(id: string) {
  if (!isUuid(id)) throw new NotFoundError(APPLICATION_GONE);
}

const matching = (filter: Pick<ApplicationFilter, "job">): SQL | undefined =>
  filter.job ? eq(a.jobId, filter.job) : undefined;

/** One page of applications, newest first; all of them or one listing's. */
export async function listApplications(db: Database, filter: ApplicationFilter) {
  const where = matching(filter);
  const [total] = await db.select({ n: count() }).from(a).where(where);
  const window = pageWindow(total?.n ?? 0, filter.page, APPLICATIONS_PER_PAGE);
  const rows = await db
    .select({
      id: a.id,
      name: a.name,
      email: a.email,
      jobTitle: a.jobTitle,
      status: a.status,
      readAt: a.readAt,
      verified: a.verified,
      createdAt: a.createdAt,
      // Enough of the letter for the list's one-line preview, not all of it.
      letterStart: sql<string>`left(${a.letter}, 300)`,
    })
    .from(a)
    .where(where)
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(window.limit)
    .offset(window.offset);
  return { rows, total: total?.n ?? 0, page: window.page, pageCount: window.pageCount };
}

/** The listings that have applications (and every listing that takes them), for the filter. */
export async function applicationJobChoices(db: Database) {
  const counted = await db
    .select({ id: jobs.id, title: jobs.title, n: sql<number>`count(${a.id})::int` })
    .from(jobs)
    .leftJoin(a, eq(a.jobId, jobs.id))
    .groupBy(jobs.id, jobs.title)
    .orderBy(asc(jobs.title));
  return counted;
}

export const unreadApplicationCount = (db: Database) => countUnread(db, a);

/** Everything about one application; opening it marks it read. Undefined when there is none. */
export async function openApplication(db: Database, id: string) {
  const row = await openAndMarkRead(db, a, id);
  if (!row) return undefined;
  const [notes, replies, mails] = await Promise.all([
    db
      .select({ id: n.id, authorName: n.authorName, body: n.body, createdAt: n.createdAt })
      .from(n)
      .where(eq(n.applicationId, id))
      .orderBy(asc(n.createdAt), asc(n.id)),
    db
      .select({
        id: r.id,
        template: r.template,
        language: r.language,
        subject: r.subject,
        body: r.body,
        authorName: r.authorName,
        createdAt: r.createdAt,
      })
      .from(r)
      .where(eq(r.applicationId, id))
      .orderBy(asc(r.createdAt), asc(r.id)),
    db
      .select({
        id: o.id,
        kind: o.kind,
        toAddress: o.toAddress,
        subject: o.subject,
        status: o.status,
        sentAt: o.sentAt,
        createdAt: o.createdAt,
      })
      .from(o)
      .where(eq(o.applicationId, id))
      .orderBy(asc(o.createdAt), asc(o.kind)),
  ]);
  return { ...row, notes, replies, mails };
}

async function audit(
  db: Database,
  actor: StaffActor,
  action: Parameters<typeof logSecurityEvent>[1]["p_action"],
  details: Record<string, unknown>,
) {
  await logSecurityEvent(db, { ...actorEvent(actor), p_action: action, p_details: details });
}

/** Moves an application in the pipeline; unchanged is not logged. */
export async function changeApplicationStatus(db: Database, actor: StaffActor, id: string, status: ApplicationStatus) {
  requireId(id);
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: a.status }).from(a).where(eq(a.id, id)).for("update");
    if (!row) throw new NotFoundError(APPLICATION_GONE);
    if (row.status === status) return { kind: "unchanged" as const, from: row.status };
    await tx
      .update(a)
      .set({ status, statusChangedAt: sql`now()` })
      .where(eq(a.id, id));
    return { kind: "changed" as const, from: row.status };
  });
  if (result.kind === "changed")
    await audit(db, actor, "application_status_changed", { applicationId: id, from: result.from, to: status });
  return result;
}

export async function addApplicationNote(db: Database, actor: StaffActor, id: string, body: string) {
  requireId(id);
  const [row] = await db.select({ id: a.id }).from(a).where(eq(a.id, id));
  if (!row) throw new NotFoundError(APPLICATION_GONE);
  const [note] = await db
    .insert(n)
    .values({ applicationId: id, authorId: actor.userId, authorName: actor.name, body })
    .returning({ id: n.id });
  await audit(db, actor, "application_note_added", { applicationId: id, noteId: note!.id });
  return note!;
}

/** "Svar": the text as staff edited it, to the candidate through the outbox, and kept on the application. */
export async function sendApplicationReply(
  db: Database,
  actor: StaffActor,
  id: string,
  reply: { template: ReplyTemplate; language: ReplyLanguage; subject: string; body: string },
  siteUrl: string,
) {
  requireId(id);
  const studio = await getStudioDetails(db);
  const mail = await applicationReplyEmail({ siteUrl, studio, subject: reply.subject, body: reply.body });
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ email: a.email }).from(a).where(eq(a.id, id)).for("update");
    if (!row) throw new NotFoundError(APPLICATION_GONE);
    await tx.insert(r).values({ applicationId: id, ...reply, authorId: actor.userId, authorName: actor.name });
    await enqueueMail(tx, { kind: `application-reply-${reply.template}`, to: row.email, ...mail, applicationId: id });
  });
  await audit(db, actor, "application_reply_sent", {
    applicationId: id,
    template: reply.template,
    language: reply.language,
  });
  return { kind: "sent" as const };
}

/**
 * The CV's bytes for a signed-in staff member, audited (who, when). Undefined when the
 * application or its file is gone.
 */
export async function readApplicationCv(db: Database, store: MediaStore, actor: StaffActor, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select({ cvKey: a.cvKey, cvName: a.cvName }).from(a).where(eq(a.id, id));
  if (!row) return undefined;
  const file = await store.read(row.cvKey);
  if (!file) return undefined;
  await audit(db, actor, "application_cv_downloaded", { applicationId: id });
  return { ...file, name: row.cvName };
}

/**
 * Erasure, on request or because staff are done: the row, its notes, replies and every
 * e-mail about it (cascade), and the CV. The file goes first, inside the transaction: a
 * failure leaves the row for a retry, never a file nothing points to.
 */
export async function eraseApplication(db: Database, store: MediaStore, actor: StaffActor, id: string) {
  requireId(id);
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ cvKey: a.cvKey }).from(a).where(eq(a.id, id)).for("update");
    if (!row) throw new NotFoundError(APPLICATION_GONE);
    await store.delete([row.cvKey]);
    await tx.delete(a).where(eq(a.id, id));
  });
  await audit(db, actor, "application_erased", { applicationId: id });
  return { kind: "erased" as const };
}

export const APPLICATION_CSV_COLUMNS = [
  "Mottatt (Oslo)",
  "Stilling",
  "Status",
  "Navn",
  "E-post",
  "Telefon",
  "Lenke",
  "Brev",
  "Slettes (Oslo)",
] as const;

/** One listing's applications (or all) as CSV, with the leads export's care for formula cells; logged. */
export async function exportApplicationsCsv(db: Database, actor: StaffActor, filter: Pick<ApplicationFilter, "job">) {
  const rows = await db.select().from(a).where(matching(filter)).orderBy(desc(a.createdAt)).limit(10_000);
  await audit(db, actor, "applications_exported", { count: rows.length, jobId: filter.job ?? null });
  return toCsv(
    APPLICATION_CSV_COLUMNS,
    rows.map((row) => [
      osloTimestamp(row.createdAt),
      row.jobTitle,
      APPLICATION_STATUS_LABELS[row.status],
      row.name,
      row.email,
      row.phone,
      row.link,
      row.letter,
      osloTimestamp(row.retentionUntil),
    ]),
  );
}
