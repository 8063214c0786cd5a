import { z } from "zod";
import { MESSAGES } from "./validation";

// The forms' text fields, for zod schemas shared by the browser (Conform) and the server.
// Kept apart from ./validation, which the visitors' wizards load: zod is 24 KB (gzip)
// they do not need.

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

/** Norwegian messages for a staff form ("Tittel er påkrevd"). */
export function norwegianFieldMessages(label: string, max: number): TextMessages {
  return {
    required: `${label} er påkrevd`,
    tooLong: `${label} kan være på høyst ${max} tegn`,
    notAllowed: `${label} inneholder tegn som ikke er tillatt`,
  };
}
