import { and, asc, count, desc, eq, inArray, isNull, type SQL } from "drizzle-orm";
import { type Database, schema } from "../platform/db.server";
import { pageWindow } from "../platform/list-query";
import { FAILURE_EVENTS } from "./security-event-descriptions";
import { type AuditFilter, NO_ACCOUNT, SECURITY_EVENT_LABELS, SECURITY_EVENTS_PER_PAGE } from "./security-event-labels";

/**
 * The audit page: security_events newest first, by account and by kind. Read-only: the
 * events are written where things happen (security-events.server.ts) and kept 90 days
 * (retention.server.ts).
 */
const { securityEvents: e, users: u, profiles: p } = schema;

function matching(filter: Omit<AuditFilter, "page">): SQL | undefined {
  const parts: SQL[] = [];
  if (filter.account === NO_ACCOUNT) parts.push(isNull(e.userId));
  else if (filter.account) parts.push(eq(e.userId, filter.account));
  if (filter.kind) parts.push(eq(e.action, filter.kind));
  if (filter.failures) parts.push(inArray(e.action, [...FAILURE_EVENTS]));
  return parts.length > 0 ? and(...parts) : undefined;
}

/** One page of events with the account's e-mail and name (null: no account, or one since deleted). */
export async function listSecurityEvents(db: Database, filter: AuditFilter) {
  const where = matching(filter);
  const [total] = await db.select({ n: count() }).from(e).where(where);
  const window = pageWindow(total?.n ?? 0, filter.page, SECURITY_EVENTS_PER_PAGE);
  const rows = await db
    .select({
      id: e.id,
      action: e.action,
      details: e.details,
      ipAddress: e.ipAddress,
      createdAt: e.createdAt,
      userId: e.userId,
      email: u.email,
      fullName: p.fullName,
    })
    .from(e)
    .leftJoin(u, eq(u.id, e.userId))
    .leftJoin(p, eq(p.id, e.userId))
    .where(where)
    .orderBy(desc(e.createdAt), desc(e.id))
    .limit(window.limit)
    .offset(window.offset);
  return { rows, total: total?.n ?? 0, page: window.page, pageCount: window.pageCount };
}

/** The filters' choices: every staff account, and every kind known or recorded. */
export async function auditFilterChoices(db: Database) {
  const [accounts, recorded] = await Promise.all([
    db
      .select({ id: u.id, email: u.email, fullName: p.fullName })
      .from(u)
      .leftJoin(p, eq(p.id, u.id))
      .orderBy(asc(u.email)),
    db.selectDistinct({ action: e.action }).from(e),
  ]);
  const kinds = [...new Set([...Object.keys(SECURITY_EVENT_LABELS), ...recorded.map((row) => row.action)])];
  return { accounts, kinds };
}
