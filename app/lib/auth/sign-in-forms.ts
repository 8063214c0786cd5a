import { z } from "zod";
import { isValidEmail } from "../platform/validation";

/**
 * The two sign-in forms (/login and its second step, /login/mfa), shared by the browser
 * (Conform) and the server. Browser-safe: no `.server` imports. English, like the spec's
 * sign-in texts, which tests check word for word; a wrong e-mail and a wrong password
 * read the same.
 */
export const LOGIN_MESSAGES = {
  required: "Please enter your email and password.",
  invalid: "Invalid email or password. Please check your credentials and try again.",
  tooMany: "Too many login attempts from your network. Please wait a few minutes and try again.",
  notConfigured: "Authentication system not configured. The database cannot be reached; please try again shortly.",
  unexpected: "An unexpected error occurred",
  success: "Login successful! Redirecting...",
  /** The second step, when the account's code budget is used up (the session is signed out). */
  tooManyCodes: "Too many wrong codes. Please wait a few minutes and sign in again.",
  locked: (minutes: number) =>
    `Account temporarily locked due to too many failed attempts. Please try again in ${minutes} minutes.`,
} as const;

/** The longest address anyone can have (RFC 5321's path limit). */
export const EMAIL_MAX_LENGTH = 254;
/**
 * Longer than any password the site sets (128), so nothing typed by a person is cut;
 * short enough that no one makes the server hash megabytes.
 */
export const TYPED_PASSWORD_MAX_LENGTH = 1024;

export const signInSchema = z.object({
  email: z
    .string({ error: LOGIN_MESSAGES.required })
    .trim()
    .min(1, LOGIN_MESSAGES.required)
    .max(EMAIL_MAX_LENGTH, LOGIN_MESSAGES.invalid)
    // No account has such an address: refused before any query (a NUL, for one, would
    // make PostgreSQL fail the attempt's INSERT), with the same text as a wrong password.
    .refine(isValidEmail, LOGIN_MESSAGES.invalid),
  password: z
    .string({ error: LOGIN_MESSAGES.required })
    .min(1, LOGIN_MESSAGES.required)
    .max(TYPED_PASSWORD_MAX_LENGTH, LOGIN_MESSAGES.invalid),
});

export const SECOND_STEP_MESSAGES = {
  missing: "Enter the 6-digit code from your app, or a recovery code.",
  invalid: "That code did not work. Enter the current code from your app, or a recovery code.",
} as const;

/** A 6-digit code from the app, or a recovery code (longer, with a dash); 32 is room for either. */
export const CODE_MAX_LENGTH = 32;

export function codeField(missing: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(CODE_MAX_LENGTH, missing);
}

export const secondStepSchema = z.object({ code: codeField(SECOND_STEP_MESSAGES.missing) });
