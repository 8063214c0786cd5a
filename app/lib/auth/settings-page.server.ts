import { clientIpOf } from "~/lib/platform/request-context";
import { redirect, type RouterContextProvider } from "react-router";
import { getDb } from "../platform/db.server";
import { requireStaff } from "./guard.server";
import { LOCKOUT, LOGIN_MESSAGES, minutesLeft } from "./login.server";
import { clearSessionCookie, requestMeta } from "./session.server";
import { SETTINGS_MESSAGES } from "./settings-forms";
import { isRecentlyReauthenticated, type ReauthOutcome } from "./reauth.server";

/**
 * What the /admin/settings pages share on the server: the signed-in staff member, the
 * answers to a refused re-authentication, and the way out when a session is ended for
 * guessing (too many wrong passwords or codes).
 */
export { SETTINGS_MESSAGES } from "./settings-forms";

/** Why /login was opened after the server signed someone out, and what it says then. */
export const SIGNED_OUT_NOTICES = {
  codes: LOGIN_MESSAGES.tooManyCodes,
  locked: LOGIN_MESSAGES.locked(LOCKOUT.lockMinutes),
} as const;
export type SignedOutReason = keyof typeof SIGNED_OUT_NOTICES;

export async function settingsRequest(request: Request, context: Readonly<RouterContextProvider>) {
  const session = await requireStaff(context);
  return { session, db: getDb(), meta: requestMeta(request, clientIpOf(context)) };
}

/** For the pages' forms: whether they must ask for the password (no re-authentication in the last 5 minutes). */
export function needsPassword(session: Parameters<typeof isRecentlyReauthenticated>[0]) {
  return !isRecentlyReauthenticated(session);
}

/** The session was ended on the server: clear the cookie and say why on /login. */
export async function signedOut(reason: SignedOutReason) {
  return redirect(`/login?signed-out=${reason}`, {
    status: 303,
    headers: { "Set-Cookie": await clearSessionCookie() },
  });
}

/**
 * A refused re-authentication as a page answer: the message and status to show, or (when
 * this session's wrong password locked the account and it was signed out) a redirect.
 */
export async function reauthRefusal(outcome: Exclude<ReauthOutcome, { kind: "ok" }>) {
  switch (outcome.kind) {
    case "required":
      return { status: 403, error: SETTINGS_MESSAGES.passwordNeeded };
    case "invalid":
      return { status: 400, error: SETTINGS_MESSAGES.wrongPassword };
    case "throttled":
      return { status: 429, error: LOGIN_MESSAGES.tooMany };
    case "locked":
      if (outcome.signedOut) throw await signedOut("locked");
      return { status: 423, error: LOGIN_MESSAGES.locked(minutesLeft(outcome.lock)) };
  }
}
