import { now } from "../platform/clock.server";
import type { Database } from "../platform/db.server";
import { type LockState, signIn } from "./login.server";
import {
  endSession,
  markReauthenticated,
  type RequestMeta,
  SESSION_MAX_LIFETIME_MS,
  type StaffSession,
} from "./session.server";

/**
 * Re-authentication ("confirm it is you"): sensitive changes to an account (turning
 * two-step verification on or off, new recovery codes, a new password) need the current
 * password, entered in this session within the last 5 minutes. A stolen session cookie
 * alone can therefore not take the account over.
 *
 * The password is checked exactly like a sign-in (signIn in login.server.ts): the same
 * per-IP throttle, the same lockout of the address after 5 wrong passwords in 15
 * minutes, every attempt in `login_attempts`, events in `security_events`. A session
 * whose wrong password locks the account is signed out as well.
 */
export const REAUTH_WINDOW_MS = 5 * 60_000;

export type ReauthOutcome =
  | { kind: "ok" }
  /** No password given, and none entered in this session within the window. */
  | { kind: "required" }
  | { kind: "invalid" }
  | { kind: "throttled" }
  /** `signedOut`: this session's wrong password locked the account, so it was ended. */
  | { kind: "locked"; lock: LockState; signedOut: boolean };

/** Whether the password was entered in this session within the last 5 minutes. */
export function isRecentlyReauthenticated(session: Pick<StaffSession, "reauthenticatedAt">, at = now()) {
  const last = session.reauthenticatedAt?.getTime();
  return last !== undefined && at.getTime() - last < REAUTH_WINDOW_MS && last <= at.getTime();
}

/** Until when the current re-authentication holds (null: there is none). */
export function reauthenticatedUntil(session: Pick<StaffSession, "reauthenticatedAt">) {
  if (!isRecentlyReauthenticated(session)) return null;
  return new Date(session.reauthenticatedAt!.getTime() + REAUTH_WINDOW_MS);
}

/** Checks the password for this session (counted like a sign-in) and records the re-authentication. */
export async function reauthenticate(
  db: Database,
  session: StaffSession,
  password: string,
  meta: RequestMeta,
): Promise<ReauthOutcome> {
  if (!password) return { kind: "invalid" };
  const result = await signIn(
    db,
    { email: session.email, password: password.slice(0, 1024) },
    meta,
    "reauthentication",
  );
  switch (result.kind) {
    case "success":
      if (result.userId !== session.userId) return { kind: "invalid" };
      session.reauthenticatedAt = await markReauthenticated(db, session.id);
      session.maxExpiresAt = new Date(session.reauthenticatedAt.getTime() + SESSION_MAX_LIFETIME_MS);
      return { kind: "ok" };
    case "invalid":
    case "throttled":
      return { kind: result.kind };
    case "locked": {
      const signedOut = Boolean(result.justLocked);
      if (signedOut) {
        await endSession(db, session.id, session.userId, "signed_out", meta, { why: "account_locked" });
      }
      return { kind: "locked", lock: result.lock, signedOut };
    }
  }
}

/**
 * The gate in front of every sensitive change: with a password, checks it (even when a
 * re-authentication is still fresh); without one, passes only a re-authentication of
 * the last 5 minutes.
 */
export async function requireReauthentication(
  db: Database,
  session: StaffSession,
  password: string | undefined,
  meta: RequestMeta,
): Promise<ReauthOutcome> {
  if (password) return reauthenticate(db, session, password, meta);
  return isRecentlyReauthenticated(session) ? { kind: "ok" } : { kind: "required" };
}
