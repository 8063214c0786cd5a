import type { SessionEndReason } from "../../../db/session-end-reasons";

/**
 * Why a session ended (user_sessions.ended_reason, db/session-end-reasons.ts), and what /login says to a browser
 * whose session the server ended while it was away. Browser-safe: no `.server` imports.
 */
export type { SessionEndReason };

/**
 * The public sign-in page is English, like the spec's sign-in texts. The line is shown
 * for `/login?ended=<flag>`; an unknown flag shows nothing.
 */
export const ENDED_NOTICES = {
  "password-reset": "Your password was reset, so you were signed out. Sign in with the new password.",
  "password-changed":
    "Your password was changed in another browser, so you were signed out. Sign in with the new password.",
  "signed-out-elsewhere": "You were signed out from another browser. Please sign in again.",
  expired: "Your session has ended. Please sign in again.",
} as const;
export type EndedNotice = keyof typeof ENDED_NOTICES;

/**
 * Which endings /login explains. Not a logout (the person chose it, and a copied cookie
 * learns nothing), nor a sign-out for guessing (that answer already went to /login with
 * its own line and cleared the cookie), nor a deactivation (the person cannot sign in
 * again, so a sign-in form would only mislead; the cookie's holder learns nothing).
 * Those, like a request without a session, go to the home page.
 */
export const ENDED_NOTICE_OF: Partial<Record<SessionEndReason, EndedNotice>> = {
  password_reset: "password-reset",
  password_changed: "password-changed",
  sessions_revoked: "signed-out-elsewhere",
  session_expired: "expired",
};

export function endedNotice(flag: string | null) {
  return flag && Object.hasOwn(ENDED_NOTICES, flag) ? ENDED_NOTICES[flag as EndedNotice] : null;
}
