/**
 * Why a session ended (user_sessions.ended_reason). Here, beside the schema that stores
 * it, so db/ imports nothing from app/ (decision 042); app/lib/auth/session-end.ts says
 * what /login tells a browser about each. No imports: safe in the browser bundle.
 */
export type SessionEndReason =
  /** The person signed out, or their page did when the session ran out. */
  | "logout"
  /** 24 hours after sign-in or 7 days after the password, found on a request (decision 019). */
  | "session_expired"
  /** The server, for guessing: too many wrong codes, or a wrong password that locked the account. */
  | "signed_out"
  /** "Sign out all other sessions", or two-step verification turned on, in another browser. */
  | "sessions_revoked"
  /** The password was changed in another browser (settings). */
  | "password_changed"
  /** A reset link set a new password ("Forgot password?"). */
  | "password_reset"
  /** A colleague deactivated the account. */
  | "deactivated";
