import { z } from "zod";

/**
 * Rules shared by the browser and the server (the server never trusts the browser,
 * but both must say the same thing). Texts are the spec's (SPEC §5, §8).
 */

export const MESSAGES = {
  fillIn: (field: string) => `Please fill in the ${field} field`,
  invalidEmail: "Please enter a valid email address",
} as const;

/**
 * A plain address only: local@domain, as a mailer reads it the same way we do. None
 * of the characters that make an address mean something else to a mail library
 * (`<a@evil.example>x.y` is a display name and another mailbox; `(...)` a comment;
 * `,` `;` a second recipient; `"` `\` quoting; `[]` a domain literal; `:` a group),
 * no whitespace or control characters, exactly one @, and a domain of two or more
 * dot-separated labels, the last with a letter in it (so neither `postmaster` nor
 * `a@localhost` nor `a@10.0.0.1` reaches the mailer).
 */
const FORBIDDEN = /[\s\p{Cc}<>()[\]\\,;:"@]/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?$/u;

/** The address as we store and send it (trimmed, domain lower-cased), or undefined if it is not plain. */
export function normaliseEmail(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.length > 254) return undefined;
  const at = trimmed.lastIndexOf("@");
  if (at < 1) return undefined;
  const local = trimmed.slice(0, at);
  const domain = trimmed.slice(at + 1).toLowerCase();
  if (local.length > 64 || FORBIDDEN.test(local) || FORBIDDEN.test(domain)) return undefined;
  if (local.startsWith(".") || local.endsWith(".") || local.includes("..")) return undefined;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((label) => label.length <= 63 && DOMAIN_LABEL.test(label))) return undefined;
  if (!/\p{L}/u.test(labels.at(-1)!)) return undefined;
  return `${local}@${domain}`;
}

export function isValidEmail(value: string) {
  return normaliseEmail(value) !== undefined;
}

/** Single-line text: no control characters at all (so nothing can inject a mail header). */
export const singleLine = /^[^\p{Cc}]*$/u;
/** Multi-line text: line breaks and tabs allowed, other control characters not. */
export const multiLine = /^(?:[^\p{Cc}]|[\n\r\t])*$/u;

export type TextMessages = { required: string; tooLong: string; notAllowed: string; notText?: string };

/**
 * The one required-text field of every form: text, not blank once trimmed, within its
 * length, without control characters (line breaks only when `lines` is "multi"). The
 * words are the caller's: the spec's English for visitors, Norwegian for staff.
 */
export function requiredText(rules: { max: number; lines?: "single" | "multi" }, messages: TextMessages) {
  return z
    .string({ error: messages.notText ?? messages.required })
    .trim()
    .min(1, messages.required)
    .max(rules.max, messages.tooLong)
    .regex(rules.lines === "multi" ? multiLine : singleLine, messages.notAllowed);
}

/** Messages in the spec's words for a visitor's field ("Please fill in the company field"). */
export function visitorFieldMessages(field: string, max: number): TextMessages {
  return {
    required: MESSAGES.fillIn(field),
    tooLong: `The ${field} field is too long (at most ${max} characters)`,
    notAllowed: `The ${field} field contains characters that are not allowed`,
    notText: `The ${field} field must be text`,
  };
}

/** English messages for a staff form whose labels are English ("Title is required"). */
export function englishFieldMessages(label: string, max: number): TextMessages {
  return {
    required: `${label} is required`,
    tooLong: `${label} can be at most ${max} characters`,
    notAllowed: `${label} contains characters that are not allowed`,
  };
}

/** Norwegian messages for a staff form ("Tittel er påkrevd"). */
export function norwegianFieldMessages(label: string, max: number): TextMessages {
  return {
    required: `${label} er påkrevd`,
    tooLong: `${label} kan være på høyst ${max} tegn`,
    notAllowed: `${label} inneholder tegn som ikke er tillatt`,
  };
}
