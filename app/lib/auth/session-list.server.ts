import { and, eq } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { osloDateTime } from "../platform/dates";
import { type Database, schema } from "../platform/db.server";
import { approximateNetwork, browserLabel } from "./browser-label";
import { logSecurityEvent } from "./security-events.server";
import { listActiveSessions, type RequestMeta, type StaffSession } from "./session.server";

/**
 * The sessions page (/admin/settings/sessions): each active session of the signed-in
 * account as staff recognise it (browser, rough network, when, last use), and ending one.
 * "Last use" is `last_activity`, which getSession writes at most once a minute (decision 067).
 */
export type SessionView = {
  id: string;
  current: boolean;
  browser: string;
  network: string;
  signedInAt: Date;
  lastUsedAt: Date;
};

export async function listSessionViews(db: Database, session: StaffSession): Promise<SessionView[]> {
  const rows = await listActiveSessions(db, session.userId);
  const views = rows.map((row) => ({
    id: row.id,
    current: row.id === session.id,
    browser: browserLabel(row.userAgent),
    network: approximateNetwork(row.ipAddress),
    signedInAt: row.createdAt,
    lastUsedAt: row.lastActivity,
  }));
  // This browser first, then by last use (the list comes newest first).
  return [...views.filter((v) => v.current), ...views.filter((v) => !v.current)];
}

export type EndOneOutcome = { kind: "ended"; current: boolean } | { kind: "gone" };

/**
 * Ends one session of the signed-in account. Another account's session, an ended one or
 * an unknown id are all "gone": nothing changes and nothing says whether it exists. The
 * ended browser's next request goes to /login, which says it was signed out elsewhere;
 * ending this very session is a sign-out.
 */
export async function endOneSession(
  db: Database,
  session: StaffSession,
  sessionId: string,
  meta: RequestMeta,
): Promise<EndOneOutcome> {
  const current = sessionId === session.id;
  const s = schema.userSessions;
  const ended = await db
    .update(s)
    .set({ isActive: false, endedReason: current ? "logout" : "sessions_revoked", lastActivity: now() })
    .where(and(eq(s.id, sessionId), eq(s.userId, session.userId), eq(s.isActive, true)))
    .returning({ id: s.id });
  if (ended.length === 0) return { kind: "gone" };
  await logSecurityEvent(db, {
    p_user_id: session.userId,
    p_action: "session_ended",
    p_details: { sessionId, current },
    p_ip_address: meta.ip,
    p_user_agent: meta.userAgent,
  });
  return { kind: "ended", current };
}

/** The list as the settings pages show it: the times in Oslo words. */
export async function sessionRows(db: Database, session: StaffSession) {
  const views = await listSessionViews(db, session);
  return views.map((v) => ({ ...v, signedInAt: osloDateTime(v.signedInAt), lastUsedAt: osloDateTime(v.lastUsedAt) }));
}
