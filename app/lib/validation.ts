/**
 * Rules shared by the browser and the server (the server never trusts the browser,
 * but both must say the same thing). Texts are the spec's (SPEC §5, §8).
 */

/** Some text, @, some text, a dot, some text (SPEC §5). No spaces, so no header injection. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MESSAGES = {
  fillIn: (field: string) => `Please fill in the ${field} field`,
  invalidEmail: "Please enter a valid email address",
} as const;

export function isValidEmail(value: string) {
  return value.length <= 254 && EMAIL_PATTERN.test(value);
}
