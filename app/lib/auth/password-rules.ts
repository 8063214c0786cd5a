import { z } from "zod";

/**
 * NIST 800-63B style: length is what matters. 12 to 128 characters, no composition
 * rules, any characters (paste and password managers welcome). Browser-safe, so the
 * forms that set a password check the same rule before they post.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * The rule's two messages in the two languages a password is set in: English on the
 * sign-in pages (the reset link, like /login) and on the command line; bokmål behind the
 * staff sign-in (the settings page) and in the invitation, which is staff copy like its
 * e-mail (decision 068).
 */
const SIGN_IN_PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
};
// Read by the staff-copy test (tests/unit/staff-copy-language.test.ts).
const STAFF_PASSWORD_MESSAGES = {
  tooShort: `Passordet må ha minst ${PASSWORD_MIN_LENGTH} tegn.`,
  tooLong: `Passordet kan ha høyst ${PASSWORD_MAX_LENGTH} tegn.`,
};
export const PASSWORD_MESSAGES = { en: SIGN_IN_PASSWORD_MESSAGES, nb: STAFF_PASSWORD_MESSAGES } as const;

export function passwordRule(language: keyof typeof PASSWORD_MESSAGES) {
  const { tooShort, tooLong } = PASSWORD_MESSAGES[language];
  return z.string({ error: tooShort }).min(PASSWORD_MIN_LENGTH, tooShort).max(PASSWORD_MAX_LENGTH, tooLong);
}

/** The sign-in pages' and the command line's rule (English). */
export const passwordSchema = passwordRule("en");
/** The staff pages' rule (bokmål). */
export const staffPasswordSchema = passwordRule("nb");
