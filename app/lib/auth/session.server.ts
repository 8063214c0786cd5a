import type { Role } from "./roles";
import { and, desc, eq, isNotNull, isNull, ne } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { logSecurityEvent } from "./security-events.server";
import { hashToken, randomToken } from "../platform/tokens.server";
import { readSessionToken, sessionCookie } from "./session-cookie.server";
import { noteBrowser, readBrowserId } from "./known-browser.server";
import type { SessionEndReason } from "./session-end";

export {
  clearSessionCookie,
  readSessionToken,
  sessionCookie,
  sessionCookieHeader,
  sessionCookieName,
} from "./session-cookie.server";

/**
 * Staff sessions, stored in the database (so several app processes share them): a
 * random 256-bit token in an HttpOnly, SameSite=Lax cookie (Secure and __Host- behind
 * HTTPS); only its SHA-256 is stored. A session lasts 24 hours from sign-in (or from
 * an explicit "Extend Session"), and never longer than 7 days from the last time the
 * password was entered (sign-in or re-authentication); the server checks both on every
 * request. Verifying the second factor gives the session a new token.
 */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
/** However often it is extended, a session ends 7 days after the password was last entered. */
export const SESSION_MAX_LIFETIME_MS = 7 * SESSION_TTL_MS;
/** A session that still owes its second factor is short: 10 minutes to enter the code. */
export const MFA_PENDING_TTL_MS = 10 * 60 * 1000;

export type RequestMeta = {
  ip: string;
  userAgent: string;
  /**
   * The id in the request's known-browser cookie (null: none yet). Left out where no
   * browser is involved (scripts, test fixtures): such sessions note no browser.
   */
  browserId?: string | null;
};

export type StaffSession = {
  id: string;
  userId: string;
  email: string;
  fullName: string;
  /** Eier, Redaktør or Skribent (decision 059), as the account is now: a changed role counts at once. */
  role: Role;
  expiresAt: Date;
  /** Signed in with the password, but the second factor is still owed. */
  mfaPending: boolean;
  /** When the password was last entered again in this session (null: only at sign-in). */
  reauthenticatedAt: Date | null;
  /** The latest the session can last: 7 days after the last password entry. */
  maxExpiresAt: Date;
};

/** The last time the password was entered for this session: sign-in or re-authentication. */
function lastPasswordEntry(row: { createdAt: Date; reauthenticatedAt: Date | null }) {
  return row.reauthenticatedAt && row.reauthenticatedAt > row.createdAt ? row.reauthenticatedAt : row.createdAt;
}

function maxExpiry(row: { createdAt: Date; reauthenticatedAt: Date | null }) {
  return new Date(lastPasswordEntry(row).getTime() + SESSION_MAX_LIFETIME_MS);
}

/** 24 hours from `at`, but never past the session's maximum lifetime. */
function nextExpiry(at: Date, maxExpiresAt: Date) {
  return new Date(Math.min(at.getTime() + SESSION_TTL_MS, maxExpiresAt.getTime()));
}

export function requestMeta(request: Request, ip: string): RequestMeta {
  return {
    ip,
    userAgent: (request.headers.get("user-agent") ?? "").slice(0, 512),
    browserId: readBrowserId(request.headers.get("cookie")),
  };
}

/**
 * A new session (a new token at every sign-in): the one place every sign-in ends, so the
 * browser is noted here too (the "new sign-in" e-mail, known-browser.server.ts). Returns
 * the session's Set-Cookie (`cookie`) and every Set-Cookie the response must carry (`cookies`).
 */
export async function createSession(
  db: Database,
  userId: string,
  meta: RequestMeta,
  options: { mfaVerified: boolean },
) {
  const token = randomToken();
  const at = now();
  const expiresAt = new Date(at.getTime() + (options.mfaVerified ? SESSION_TTL_MS : MFA_PENDING_TTL_MS));
  const [row] = await db
    .insert(schema.userSessions)
    .values({
      userId,
      sessionToken: hashToken(token),
      expiresAt,
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
      lastActivity: at,
      createdAt: at,
      mfaVerifiedAt: options.mfaVerified ? at : null,
    })
    .returning({ id: schema.userSessions.id });
  const cookie = await sessionCookie(token, expiresAt, at);
  const cookies = [cookie];
  if (meta.browserId !== undefined) cookies.push(await noteBrowser(db, userId, { ...meta, browserId: meta.browserId }));
  return { id: row!.id, token, expiresAt, cookie, cookies };
}

/** Response headers that set every cookie of `cookies` (one Set-Cookie each). */
export function setCookieHeaders(cookies: string[]) {
  const headers = new Headers();
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** The signed-in staff member of a request, or null. Expired sessions are closed here. */
export async function getSession(db: Database, request: Request, meta?: RequestMeta): Promise<StaffSession | null> {
  const token = await readSessionToken(request);
  if (!token) return null;
  const s = schema.userSessions;
  const [row] = await db
    .select({
      id: s.id,
      userId: s.userId,
      expiresAt: s.expiresAt,
      lastActivity: s.lastActivity,
      mfaVerifiedAt: s.mfaVerifiedAt,
      reauthenticatedAt: s.reauthenticatedAt,
      createdAt: s.createdAt,
      email: schema.users.email,
      fullName: schema.profiles.fullName,
      role: schema.users.role,
    })
    .from(s)
    .innerJoin(schema.users, eq(schema.users.id, s.userId))
    .leftJoin(schema.profiles, eq(schema.profiles.id, s.userId))
    // A deactivated account's sessions were ended; this refuses them even if one was not.
    .where(and(eq(s.sessionToken, hashToken(token)), eq(s.isActive, true), isNull(schema.users.disabledAt)));
  if (!row) return null;

  const at = now();
  const maxExpiresAt = maxExpiry(row);
  if (row.expiresAt <= at || maxExpiresAt <= at) {
    await endSession(db, row.id, row.userId, "session_expired", meta);
    return null;
  }
  // Activity is recorded at most once a minute, not on every request.
  if (at.getTime() - row.lastActivity.getTime() > 60_000) {
    await db.update(s).set({ lastActivity: at }).where(eq(s.id, row.id));
  }
  return {
    id: row.id,
    userId: row.userId,
    email: row.email,
    fullName: row.fullName ?? "",
    role: row.role,
    expiresAt: row.expiresAt < maxExpiresAt ? row.expiresAt : maxExpiresAt,
    // Sessions of people without a factor are created verified; turning the factor off
    // later does not complete a sign-in that is still waiting for its code.
    mfaPending: !row.mfaVerifiedAt,
    reauthenticatedAt: row.reauthenticatedAt,
    maxExpiresAt,
  };
}

/** Whether a sign-in owes a second step: a confirmed authenticator app, or a passkey (decision 065). */
export async function hasConfirmedFactor(db: Database, userId: string) {
  const [factor] = await db
    .select({ id: schema.mfaFactors.id })
    .from(schema.mfaFactors)
    .where(and(eq(schema.mfaFactors.userId, userId), isNotNull(schema.mfaFactors.confirmedAt)));
  if (factor) return true;
  const [passkey] = await db
    .select({ id: schema.passkeys.id })
    .from(schema.passkeys)
    .where(eq(schema.passkeys.userId, userId))
    .limit(1);
  return Boolean(passkey);
}

/**
 * Marks a session inactive and records why, once: logout, expiry, or "signed_out" when
 * the server ends it (too many wrong codes or passwords; `details` says which).
 */
export async function endSession(
  db: Database,
  sessionId: string,
  userId: string,
  reason: "logout" | "session_expired" | "signed_out",
  meta?: RequestMeta,
  details: Record<string, unknown> = {},
) {
  const ended = await db
    .update(schema.userSessions)
    .set({ isActive: false, endedReason: reason, lastActivity: now() })
    .where(and(eq(schema.userSessions.id, sessionId), eq(schema.userSessions.isActive, true)))
    .returning({ id: schema.userSessions.id });
  if (ended.length > 0) {
    await logSecurityEvent(db, {
      p_user_id: userId,
      p_action: reason,
      p_details: { sessionId, ...details },
      p_ip_address: meta?.ip,
      p_user_agent: meta?.userAgent,
    });
  }
}

/**
 * "Extend Session": a new 24-hour expiry from now, for a session that is still valid,
 * but never past 7 days from the last password entry.
 */
export async function extendSession(db: Database, session: StaffSession, meta: RequestMeta) {
  const expiresAt = nextExpiry(now(), session.maxExpiresAt);
  await db
    .update(schema.userSessions)
    .set({ expiresAt, lastActivity: now() })
    .where(eq(schema.userSessions.id, session.id));
  await logSecurityEvent(db, {
    p_user_id: session.userId,
    p_action: "session_extended",
    p_details: { sessionId: session.id, expiresAt: expiresAt.toISOString() },
    p_ip_address: meta.ip,
    p_user_agent: meta.userAgent,
  });
  return expiresAt;
}

/**
 * The second factor was verified: the session gets a new token (the old one stops
 * working at once) and becomes a full 24-hour session from now. Null when the session
 * was ended or rotated meanwhile.
 */
export async function rotateAfterSecondFactor(db: Database, session: StaffSession) {
  const at = now();
  const token = randomToken();
  const expiresAt = nextExpiry(at, session.maxExpiresAt);
  const s = schema.userSessions;
  const rotated = await db
    .update(s)
    .set({ sessionToken: hashToken(token), mfaVerifiedAt: at, expiresAt, lastActivity: at })
    .where(and(eq(s.id, session.id), eq(s.isActive, true)))
    .returning({ id: s.id });
  if (rotated.length === 0) return null;
  return { token, expiresAt, cookie: await sessionCookie(token, expiresAt, at) };
}

/** The password was just entered again in this session. */
export async function markReauthenticated(db: Database, sessionId: string) {
  const at = now();
  await db.update(schema.userSessions).set({ reauthenticatedAt: at }).where(eq(schema.userSessions.id, sessionId));
  return at;
}

export async function listActiveSessions(db: Database, userId: string) {
  const s = schema.userSessions;
  const rows = await db
    .select({
      id: s.id,
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
      createdAt: s.createdAt,
      lastActivity: s.lastActivity,
      expiresAt: s.expiresAt,
    })
    .from(s)
    .where(and(eq(s.userId, userId), eq(s.isActive, true)))
    .orderBy(desc(s.lastActivity));
  const at = now();
  return rows.filter((row) => row.expiresAt > at);
}

/**
 * Ends every other session of this user: on request ("sessions_revoked", also when
 * two-step verification is turned on) or after a password change ("password_changed").
 */
export async function endOtherSessions(
  db: Database,
  session: StaffSession,
  meta: RequestMeta,
  why: Extract<SessionEndReason, "sessions_revoked" | "password_changed"> = "sessions_revoked",
) {
  const ended = await db
    .update(schema.userSessions)
    .set({ isActive: false, endedReason: why })
    .where(
      and(
        eq(schema.userSessions.userId, session.userId),
        eq(schema.userSessions.isActive, true),
        ne(schema.userSessions.id, session.id),
      ),
    )
    .returning({ id: schema.userSessions.id });
  await logSecurityEvent(db, {
    p_user_id: session.userId,
    p_action: "sessions_revoked",
    p_details: { count: ended.length },
    p_ip_address: meta.ip,
    p_user_agent: meta.userAgent,
  });
  return ended.length;
}
