import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { analyseGdprAnswers, gdprCategories } from "~/content/gdpr";
import { actorEvent, logSecurityEvent, type StaffActor } from "../auth/security-events.server";
import { toCsv } from "../platform/csv";
import { type Database, schema } from "../platform/db.server";
import { osloTimestamp } from "../platform/dates";
import {
  LEAD_KIND_LABELS,
  LEAD_STATUS_LABELS,
  type LeadFilter,
  type LeadKind,
  type LeadStatus,
  LEADS_PER_PAGE,
} from "./lead-forms";
import { NotFoundError } from "../platform/domain-errors";
import { isUuid } from "../platform/ids";
import { countUnread, openAndMarkRead } from "../platform/read-markers.server";
import { privacyVersionInForce } from "../pages/privacy-version.server";

/**
 * The staff inbox: contact requests and GDPR submissions as leads, with a pipeline
 * status, a read marker, internal notes and the e-mails sent about each. Every change
 * a staff member makes is written to security_events with the lead's id (never what
 * the visitor wrote, which erasure must be able to remove).
 */
const { leads: l, contactRequests: c, gdprSubmissions: g, leadNotes: n, mailOutbox: o } = schema;

/** Who did it, for notes and security events. */

type LeadSource = { kind: "contact"; contactRequestId: string } | { kind: "gdpr"; gdprSubmissionId: string };

/**
 * Called in the submission's own transaction, so a stored request always has its lead.
 * A caller may choose the id beforehand (newLeadId), to render e-mails that link to the
 * lead before the transaction opens.
 */
export async function createLead(tx: Database, source: LeadSource & { id?: string; verified: boolean }) {
  // The privacy policy the visitor sent it under (decision 053).
  const privacyVersion = await privacyVersionInForce(tx);
  const [row] = await tx
    .insert(l)
    .values({ ...source, privacyVersion })
    .returning({ id: l.id });
  return row!.id;
}

export const newLeadId = () => randomUUID();

/** The lead's page in the staff inbox (/admin/inbox/:id in routes.ts), absolute, for e-mails. */
export const leadInboxUrl = (siteUrl: string, id: string) => `${siteUrl}/admin/inbox/${id}`;

const LEAD_GONE = "Henvendelsen finnes ikke (lenger).";

function matching(filter: Omit<LeadFilter, "page">): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.type) parts.push(eq(l.kind, filter.type));
  if (filter.status) parts.push(eq(l.status, filter.status));
  if (filter.q) {
    // The search text is a literal: % _ and \ match themselves.
    const pattern = `%${filter.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    parts.push(or(ilike(c.company, pattern), ilike(c.email, pattern), ilike(c.project, pattern), ilike(g.email, pattern))!);
  }
  return parts.length > 0 ? and(...parts) : undefined;
}

const listColumns = {
  id: l.id,
  kind: l.kind,
  status: l.status,
  readAt: l.readAt,
  verified: l.verified,
  createdAt: l.createdAt,
  company: c.company,
  email: sql<string>`coalesce(${c.email}, ${g.email})`,
  project: c.project,
  scorePercent: g.scorePercent,
};

function leadsWithSources(db: Database, filter: Omit<LeadFilter, "page">) {
  return db
    .select(listColumns)
    .from(l)
    .leftJoin(c, eq(c.id, l.contactRequestId))
    .leftJoin(g, eq(g.id, l.gdprSubmissionId))
    .where(matching(filter))
    .orderBy(desc(l.createdAt), desc(l.id))
    .$dynamic();
}

/** One page of the inbox, newest first; a page past the end shows the last one. */
export async function listLeads(db: Database, filter: LeadFilter) {
  const [total] = await db
    .select({ n: count() })
    .from(l)
    .leftJoin(c, eq(c.id, l.contactRequestId))
    .leftJoin(g, eq(g.id, l.gdprSubmissionId))
    .where(matching(filter));
  const totalCount = total?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalCount / LEADS_PER_PAGE));
  const page = Math.min(filter.page, pageCount);
  const rows = await leadsWithSources(db, filter)
    .limit(LEADS_PER_PAGE)
    .offset((page - 1) * LEADS_PER_PAGE);
  return { rows, total: totalCount, page, pageCount };
}

export const unreadLeadCount = (db: Database) => countUnread(db, l);

/**
 * Everything about one lead: what the visitor sent (for a GDPR submission the score per
 * area and every answer), the notes, and the e-mails queued about it with their state.
 * Opening it marks it read. Null when there is no such lead.
 */
export async function openLead(db: Database, id: string) {
  const row = await openAndMarkRead(db, l, id);
  if (!row) return null;
  const [notes, mails, contact, gdpr] = await Promise.all([
    db
      .select({ id: n.id, authorName: n.authorName, body: n.body, createdAt: n.createdAt })
      .from(n)
      .where(eq(n.leadId, id))
      .orderBy(asc(n.createdAt), asc(n.id)),
    db
      .select({
        id: o.id,
        kind: o.kind,
        toAddress: o.toAddress,
        subject: o.subject,
        status: o.status,
        attempts: o.attempts,
        lastError: o.lastError,
        sentAt: o.sentAt,
        createdAt: o.createdAt,
      })
      .from(o)
      .where(eq(o.leadId, id))
      .orderBy(asc(o.createdAt), asc(o.kind)),
    row.contactRequestId
      ? db.select().from(c).where(eq(c.id, row.contactRequestId)).then((rows) => rows[0] ?? null)
      : null,
    row.gdprSubmissionId
      ? db.select().from(g).where(eq(g.id, row.gdprSubmissionId)).then((rows) => rows[0] ?? null)
      : null,
  ]);
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    createdAt: row.createdAt,
    statusChangedAt: row.statusChangedAt,
    privacyVersion: row.privacyVersion,
    verified: row.verified,
    contact: contact && { company: contact.company, email: contact.email, project: contact.project },
    gdpr: gdpr && gdprDetails(gdpr),
    notes,
    mails,
  };
}

function gdprDetails(submission: typeof g.$inferSelect) {
  const analysis = analyseGdprAnswers(submission.answers);
  return {
    email: submission.email,
    subscribeNewsletter: submission.subscribeNewsletter,
    scorePercent: analysis.scorePercent,
    yes: analysis.yes,
    total: analysis.total,
    areas: gdprCategories.map((category) => {
      const area = analysis.categories.find((a) => a.id === category.id)!;
      return {
        id: category.id,
        title: category.title,
        yes: area.yes,
        total: area.total,
        scorePercent: area.scorePercent,
        answers: category.questions.map((q) => ({ id: q.id, text: q.text, answer: submission.answers[q.id] ?? null })),
      };
    }),
  };
}

/** Moves a lead in the pipeline. NotFoundError when there is no such lead; unchanged is not logged. */
export async function changeLeadStatus(db: Database, id: string, status: LeadStatus, actor: StaffActor) {
  if (!isUuid(id)) throw new NotFoundError(LEAD_GONE);
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: l.status }).from(l).where(eq(l.id, id)).for("update");
    if (!row) throw new NotFoundError(LEAD_GONE);
    if (row.status === status) return { from: row.status, to: status, changed: false };
    await tx.update(l).set({ status, statusChangedAt: sql`now()` }).where(eq(l.id, id));
    return { from: row.status, to: status, changed: true };
  });
  if (result.changed) {
    await logSecurityEvent(db, {
      ...actorEvent(actor),
      p_action: "lead_status_changed",
      p_details: { leadId: id, from: result.from, to: result.to },
    });
  }
  return result;
}

/** An internal note, signed with the author's name as it is now. NotFoundError when there is no such lead. */
export async function addLeadNote(db: Database, id: string, body: string, actor: StaffActor) {
  if (!isUuid(id)) throw new NotFoundError(LEAD_GONE);
  const [lead] = await db.select({ id: l.id }).from(l).where(eq(l.id, id));
  if (!lead) throw new NotFoundError(LEAD_GONE);
  const [note] = await db
    .insert(n)
    .values({ leadId: id, authorId: actor.userId, authorName: actor.name, body })
    .returning({ id: n.id });
  await logSecurityEvent(db, {
    ...actorEvent(actor),
    p_action: "lead_note_added",
    p_details: { leadId: id, noteId: note!.id },
  });
  return note!;
}

/**
 * Erasure on the visitor's request (GDPR Art. 17): the submission, its lead, its notes
 * and every e-mail about it (queued or sent: they hold the visitor's address and text),
 * in one transaction. NotFoundError when there is no such lead (any more).
 */
export async function eraseLead(db: Database, id: string, actor: StaffActor) {
  if (!isUuid(id)) throw new NotFoundError(LEAD_GONE);
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(l).where(eq(l.id, id)).for("update");
    if (!row) throw new NotFoundError(LEAD_GONE);
    const mails = await tx.delete(o).where(eq(o.leadId, id)).returning({ id: o.id });
    await tx.delete(l).where(eq(l.id, id)); // and its notes (cascade)
    if (row.contactRequestId) await tx.delete(c).where(eq(c.id, row.contactRequestId));
    if (row.gdprSubmissionId) await tx.delete(g).where(eq(g.id, row.gdprSubmissionId));
    return { kind: row.kind, mailsRemoved: mails.length };
  });
  await logSecurityEvent(db, {
    ...actorEvent(actor),
    p_action: "lead_erased",
    p_details: { leadId: id, kind: result.kind, mailsRemoved: result.mailsRemoved },
  });
  return result;
}

/** The most rows one export holds; narrow the filter for more. */
export const EXPORT_LIMIT = 10_000;

export const EXPORT_COLUMNS = [
  "Mottatt (Oslo)",
  "Type",
  "Status",
  "Ulest",
  "Firma",
  "E-post",
  "Melding",
  "GDPR-poengsum (%)",
] as const;

/** The filtered list (every page) as CSV; the export itself is logged. */
export async function exportLeadsCsv(db: Database, filter: Omit<LeadFilter, "page">, actor: StaffActor) {
  const rows = await leadsWithSources(db, filter).limit(EXPORT_LIMIT);
  await logSecurityEvent(db, {
    ...actorEvent(actor),
    p_action: "leads_exported",
    // The search text may be someone's address: only whether there was one.
    p_details: { count: rows.length, type: filter.type ?? null, status: filter.status ?? null, search: Boolean(filter.q) },
  });
  return toCsv(
    EXPORT_COLUMNS,
    rows.map((row) => [
      osloTimestamp(row.createdAt),
      LEAD_KIND_LABELS[row.kind as LeadKind],
      LEAD_STATUS_LABELS[row.status],
      row.readAt ? "nei" : "ja",
      row.company,
      row.email,
      row.project,
      row.scorePercent,
    ]),
  );
}
