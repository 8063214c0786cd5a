import type { ReplyText } from "~/content/reply-templates";
import type { ReplyLanguage, ReplyTemplate } from "./application-forms";

export { REPLY_SEEDS, type ReplyText } from "~/content/reply-templates";

/**
 * "Svar": the answers staff start from, in bokmål and English, stored and edited on
 * /admin/applications/templates ("Svarmaler", decision 064; the seeds are in
 * app/content/reply-templates.ts). A reply is a template filled in here, then edited in
 * the form: what is sent is kept on the application. Browser-safe.
 */
export type ReplyFill = { name: string; job: string; studio: string };

/** The placeholders a template may hold, and what fills each. */
export const REPLY_PLACEHOLDERS = {
  firstName: (f: ReplyFill) => f.name.trim().split(/\s+/)[0] ?? f.name,
  name: (f: ReplyFill) => f.name.trim(),
  job: (f: ReplyFill) => f.job,
  studio: (f: ReplyFill) => f.studio,
} as const;

/** The placeholders as staff see them under the form, in bokmål. */
export const REPLY_PLACEHOLDER_HINTS: Record<keyof typeof REPLY_PLACEHOLDERS, string> = {
  firstName: "søkerens fornavn",
  name: "søkerens fulle navn",
  job: "stillingen",
  studio: "studioets navn",
};

/** A text with its placeholders filled; an unknown `{word}` stays as written (as the legal texts', decision 053). */
export function fillPlaceholders(text: string, fill: ReplyFill) {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) =>
    Object.hasOwn(REPLY_PLACEHOLDERS, key) ? REPLY_PLACEHOLDERS[key as keyof typeof REPLY_PLACEHOLDERS](fill) : whole,
  );
}

export function fillReply(text: ReplyText, fill: ReplyFill): ReplyText {
  return { subject: fillPlaceholders(text.subject, fill), body: fillPlaceholders(text.body, fill) };
}

/** "thanks-nb": the address of one template's page (/admin/applications/templates/:key). */
export const templateKey = (template: ReplyTemplate, language: ReplyLanguage) => `${template}-${language}`;
