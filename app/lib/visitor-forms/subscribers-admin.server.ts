import { and, count, desc, eq, ilike, inArray, like, type SQL, sql } from "drizzle-orm";
import { auditAction, type StaffActor } from "../auth/security-events.server";
import { toCsv } from "../platform/csv";
import { NotFoundError } from "../platform/domain-errors";
import { type Database, schema } from "../platform/db.server";
import { containsPattern, pageWindow } from "../platform/list-query";
import { osloTimestamp } from "../platform/dates";
import { keyedHash } from "../platform/secrets.server";
import {
  sourceLabel,
  SUBSCRIBER_STATUS_LABELS,
  type SubscriberFilter,
  SUBSCRIBERS_PER_PAGE,
} from "./subscriber-forms";
import { isUuid } from "../platform/ids";

/**
 * The staff view of newsletter subscribers: the list with search and filters, each
 * subscriber's consent record, the CSV export, unsubscribing on the person's behalf and
 * erasure on request (GDPR Art. 17). Every change is a security event that names the
 * subscriber's id, never the address (erasure must be able to remove that).
 *
 * Erasure leaves one thing: a keyed hash of the address in `newsletter_erasures`
 * (docs/decisions/025). An import skips those addresses; a public sign-up goes through
 * double opt-in as always, and its confirmation (fresh, proven consent) removes the marker.
 */
const { newsletterSubscribers: s, newsletterErasures: erasures, mailOutbox: o } = schema;

const SUBSCRIBER_GONE = "Abonnenten finnes ikke (lenger).";

/** Stored addresses are trimmed and lowercased (requestSubscription); so is what is compared. */
const normalised = (email: string) => email.trim().toLowerCase();

/** The marker an erased address leaves: a keyed hash, useless without SECRETS_KEY. */
export const erasureMarker = (email: string) => keyedHash("erased-address", normalised(email));

export async function isErasedAddress(db: Database, email: string) {
  const [row] = await db.select({ at: erasures.erasedAt }).from(erasures).where(eq(erasures.addressHash, erasureMarker(email)));
  return Boolean(row);
}

/** Fresh consent, proven by the confirmation link: the address is no longer one that asked to be forgotten. */
export async function forgetErasureMarker(tx: Database, email: string) {
  await tx.delete(erasures).where(eq(erasures.addressHash, erasureMarker(email)));
}

/** Newsletter e-mails to the address (confirmation, welcome, issues): kinds starting with "newsletter". */
const newsletterMailTo = (email: string) => and(eq(sql`lower(${o.toAddress})`, normalised(email)), like(o.kind, "newsletter%"));

function matching(filter: Omit<SubscriberFilter, "page">): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.status) parts.push(eq(s.status, filter.status));
  if (filter.q) parts.push(ilike(s.email, containsPattern(filter.q)));
  return parts.length > 0 ? and(...parts) : undefined;
}

const listColumns = {
  id: s.id,
  email: s.email,
  status: s.status,
  source: s.source,
  verified: s.verified,
  createdAt: s.createdAt,
  confirmedAt: s.confirmedAt,
  unsubscribedAt: s.unsubscribedAt,
  consentAt: s.consentAt,
  consentIp: s.consentIp,
  consentText: s.consentText,
};

const newestFirst = [desc(s.createdAt), desc(s.id)];

/** One page of subscribers, newest first; a page past the end shows the last one. */
export async function listSubscribers(db: Database, filter: SubscriberFilter) {
  const [total] = await db.select({ n: count() }).from(s).where(matching(filter));
  const window = pageWindow(total?.n ?? 0, filter.page, SUBSCRIBERS_PER_PAGE);
  const rows = await db
    .select(listColumns)
    .from(s)
    .where(matching(filter))
    .orderBy(...newestFirst)
    .limit(window.limit)
    .offset(window.offset);
  return { rows, total: total?.n ?? 0, page: window.page, pageCount: window.pageCount };
}

/** One subscriber with the consent record and the newsletter e-mails queued or sent to them. Null when there is none. */
export async function openSubscriber(db: Database, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ ...listColumns, privacyVersion: s.privacyVersion })
    .from(s)
    .where(eq(s.id, id));
  if (!row) return null;
  const mails = await db
    .select({ id: o.id, kind: o.kind, subject: o.subject, status: o.status, createdAt: o.createdAt, sentAt: o.sentAt })
    .from(o)
    .where(newsletterMailTo(row.email))
    .orderBy(desc(o.createdAt))
    .limit(20);
  return { ...row, mails };
}

/**
 * Unsubscribes on the person's behalf (they asked by phone or e-mail), and drops the
 * newsletter e-mails still waiting for them. Throws NotFoundError when there is no such
 * subscriber; one already unsubscribed is left as it was, and not logged again.
 */
export async function unsubscribeOnBehalf(db: Database, id: string, actor: StaffActor) {
  if (!isUuid(id)) throw new NotFoundError(SUBSCRIBER_GONE);
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: s.status, email: s.email }).from(s).where(eq(s.id, id)).for("update");
    if (!row) throw new NotFoundError(SUBSCRIBER_GONE);
    if (row.status === "unsubscribed") return { changed: false, from: row.status, mailsDropped: 0 };
    await tx
      .update(s)
      .set({ status: "unsubscribed", unsubscribedAt: sql`now()`, confirmTokenHash: null })
      .where(eq(s.id, id));
    const dropped = await tx
      .delete(o)
      .where(and(newsletterMailTo(row.email), eq(o.status, "pending")))
      .returning({ id: o.id });
    return { changed: true, from: row.status, mailsDropped: dropped.length };
  });
  if (result.changed) {
    await auditAction(db, actor, "subscriber_unsubscribed", {
      subscriberId: id,
      from: result.from,
      mailsDropped: result.mailsDropped,
    });
  }
  return result;
}

/**
 * Erasure on the person's request (GDPR Art. 17), in one transaction: the subscriber row
 * with its consent record, and every newsletter e-mail to the address (waiting or sent:
 * they hold the address). What remains is the marker (a keyed hash), so an import cannot
 * add them again silently. Throws NotFoundError when there is no such subscriber (any more).
 */
export async function eraseSubscriber(db: Database, id: string, actor: StaffActor) {
  if (!isUuid(id)) throw new NotFoundError(SUBSCRIBER_GONE);
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: s.status, email: s.email }).from(s).where(eq(s.id, id)).for("update");
    if (!row) throw new NotFoundError(SUBSCRIBER_GONE);
    const mails = await tx.delete(o).where(newsletterMailTo(row.email)).returning({ id: o.id });
    await tx.delete(s).where(eq(s.id, id));
    await tx.insert(erasures).values({ addressHash: erasureMarker(row.email) }).onConflictDoNothing();
    return { status: row.status, mailsRemoved: mails.length };
  });
  await auditAction(db, actor, "subscriber_erased", { subscriberId: id, status: result.status, mailsRemoved: result.mailsRemoved });
  return result;
}

export type ImportedSubscriber = { email: string; consentText: string; consentAt: Date; consentIp?: string | null };

/**
 * Adds subscribers whose consent was collected elsewhere (moving from another newsletter
 * tool, restoring a list), as active, with the consent record they came with. Never
 * touches an address already here, and never re-adds one erased on request: those are
 * counted, not added, so whoever imports sees it.
 */
export async function importSubscribers(db: Database, entries: ImportedSubscriber[], actor: StaffActor) {
  const wanted = new Map(entries.map((entry) => [normalised(entry.email), entry]));
  const emails = [...wanted.keys()];
  const result = await db.transaction(async (tx) => {
    const erased = new Set(
      emails.length === 0
        ? []
        : (
            await tx
              .select({ hash: erasures.addressHash })
              .from(erasures)
              .where(inArray(erasures.addressHash, emails.map(erasureMarker)))
          ).map((row) => row.hash),
    );
    const fresh = emails.filter((email) => !erased.has(erasureMarker(email)));
    const added =
      fresh.length === 0
        ? []
        : await tx
            .insert(s)
            .values(
              fresh.map((email) => {
                const entry = wanted.get(email)!;
                return {
                  email,
                  status: "active" as const,
                  source: "import",
                  consentText: entry.consentText,
                  consentAt: entry.consentAt,
                  consentIp: entry.consentIp ?? null,
                  confirmedAt: entry.consentAt,
                };
              }),
            )
            .onConflictDoNothing({ target: s.email })
            .returning({ id: s.id });
    return { added: added.length, alreadyHere: fresh.length - added.length, erased: emails.length - fresh.length };
  });
  await auditAction(db, actor, "subscribers_imported", result);
  return result;
}

/** The most rows one export holds; narrow the filter for more. */
export const SUBSCRIBER_EXPORT_LIMIT = 50_000;

export const SUBSCRIBER_EXPORT_COLUMNS = [
  "E-post",
  "Status",
  "Kilde",
  "Påmeldt (Oslo)",
  "Bekreftet (Oslo)",
  "Avmeldt (Oslo)",
  "Samtykke gitt (Oslo)",
  "Samtykke fra IP",
  "Samtykketekst",
] as const;

const when = (at: Date | null) => (at ? osloTimestamp(at) : "");

/** The filtered list (every page) as CSV, with the consent record; the export itself is logged. */
export async function exportSubscribersCsv(db: Database, filter: Omit<SubscriberFilter, "page">, actor: StaffActor) {
  const rows = await db
    .select(listColumns)
    .from(s)
    .where(matching(filter))
    .orderBy(...newestFirst)
    .limit(SUBSCRIBER_EXPORT_LIMIT);
  // The search text may be someone's address: only whether there was one.
  await auditAction(db, actor, "subscribers_exported", {
    count: rows.length,
    status: filter.status ?? null,
    search: Boolean(filter.q),
  });
  return toCsv(
    SUBSCRIBER_EXPORT_COLUMNS,
    rows.map((row) => [
      row.email,
      SUBSCRIBER_STATUS_LABELS[row.status],
      sourceLabel(row.source),
      when(row.createdAt),
      when(row.confirmedAt),
      when(row.unsubscribedAt),
      when(row.consentAt),
      row.consentIp,
      row.consentText,
    ]),
  );
}
