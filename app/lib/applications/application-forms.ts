import { z } from "zod";
import { APPLICATION_STATUSES, type ApplicationStatus } from "../../../db/application-statuses";
import { confirmSchema } from "../platform/confirm-forms";
import { multiLine, singleLine } from "../platform/text-fields";
import { APPLICATION_LIMITS, APPLICATION_MESSAGES } from "./application-rules";

/**
 * Job applications (decision 057): the public form's limits and messages (English, as
 * the public site) and the staff pages' forms (bokmål). Browser-safe: no `.server`
 * imports. The public form is a plain multipart form on a page without React; its
 * rules are stated here once and read by the server and by the small script that
 * checks the file before it is sent (app/enhance/application.ts).
 */
export { APPLICATION_STATUSES, type ApplicationStatus } from "../../../db/application-statuses";

export { APPLICATION_LIMITS, APPLICATION_MESSAGES, CV_MAX_BYTES } from "./application-rules";

export const APPLICATION_SUCCESS = "Thank you! We have received your application and sent you a receipt by e-mail.";

const optionalLine = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, APPLICATION_MESSAGES.tooLong(field, max))
    .regex(singleLine, APPLICATION_MESSAGES.tooLong(field, max))
    .optional()
    .default("");

/** The form's text fields as the server reads them (the e-mail is normalised on the server too). */
export const applicationFieldsSchema = z.object({
  name: z
    .string(APPLICATION_MESSAGES.name)
    .trim()
    .min(1, APPLICATION_MESSAGES.name)
    .max(APPLICATION_LIMITS.name, APPLICATION_MESSAGES.tooLong("name", APPLICATION_LIMITS.name))
    .regex(singleLine, APPLICATION_MESSAGES.name),
  email: z.string(APPLICATION_MESSAGES.email).trim().min(1, APPLICATION_MESSAGES.email).max(APPLICATION_LIMITS.email),
  phone: optionalLine(APPLICATION_LIMITS.phone, "phone number").refine(
    (value) => value === "" || /^[0-9+()\-\s.]{4,}$/.test(value),
    APPLICATION_MESSAGES.phone,
  ),
  link: optionalLine(APPLICATION_LIMITS.link, "link").refine((value) => {
    if (value === "") return true;
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  }, APPLICATION_MESSAGES.link),
  letter: z
    .string(APPLICATION_MESSAGES.letter)
    .trim()
    .min(1, APPLICATION_MESSAGES.letter)
    .max(APPLICATION_LIMITS.letter, APPLICATION_MESSAGES.tooLong("letter", APPLICATION_LIMITS.letter))
    .regex(multiLine, APPLICATION_MESSAGES.letter),
  consent: z.literal("on", { error: APPLICATION_MESSAGES.consent }),
});

export type ApplicationFieldName = keyof z.input<typeof applicationFieldsSchema> | "cv";

/** The consent's words, naming how long the data is kept (shown on the form and stored in the receipt). */
export function consentText(retentionMonths: number) {
  return (
    `I agree that Fjord & Form keeps my application and CV to assess it, for ${retentionMonths} months ` +
    `after I apply, or after the listing closes if that is later, and then deletes them. ` +
    `I can ask for them to be deleted earlier, or for a copy, at any time.`
  );
}

// ─── Staff pages (bokmål) ──────────────────────────────────────────────────────

/** The pipeline, in order: ny → vurderes → intervju → tilbud → ansatt / avslått. */
export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  new: "Ny",
  reviewing: "Vurderes",
  interview: "Intervju",
  offer: "Tilbud",
  hired: "Ansatt",
  rejected: "Avslått",
};

export const APPLICATIONS_PER_PAGE = 25;
export const APPLICATION_NOTE_MAX = 4000;
export const REPLY_LIMITS = { subject: 200, body: 8000 } as const;

export const applicationStatusSchema = z.object({
  intent: z.literal("status"),
  status: z.enum(APPLICATION_STATUSES, { error: "Velg en status." }),
});

export const applicationNoteSchema = z.object({
  intent: z.literal("note"),
  body: z
    .string({ error: "Skriv et notat." })
    .trim()
    .min(1, "Skriv et notat.")
    .max(APPLICATION_NOTE_MAX, `Notatet kan være høyst ${APPLICATION_NOTE_MAX} tegn.`),
});

export const REPLY_TEMPLATES = ["thanks", "interview", "rejection"] as const;
export type ReplyTemplate = (typeof REPLY_TEMPLATES)[number];
export const REPLY_TEMPLATE_LABELS: Record<ReplyTemplate, string> = {
  thanks: "Takk for søknaden",
  interview: "Invitasjon til intervju",
  rejection: "Avslag",
};
export const REPLY_LANGUAGES = ["nb", "en"] as const;
export type ReplyLanguage = (typeof REPLY_LANGUAGES)[number];

/** "Svar": the template chosen, then its text as staff edited it, sent only when the box is ticked. */
export const applicationReplySchema = z.object({
  intent: z.literal("reply"),
  template: z.enum(REPLY_TEMPLATES, { error: "Velg en mal." }),
  language: z.enum(REPLY_LANGUAGES, { error: "Velg språk." }),
  subject: z
    .string({ error: "Skriv et emne." })
    .trim()
    .min(1, "Skriv et emne.")
    .max(REPLY_LIMITS.subject, `Emnet kan være høyst ${REPLY_LIMITS.subject} tegn.`)
    .regex(singleLine, "Emnet kan ikke ha linjeskift."),
  body: z
    .string({ error: "Skriv svaret." })
    .trim()
    .min(1, "Skriv svaret.")
    .max(REPLY_LIMITS.body, `Svaret kan være høyst ${REPLY_LIMITS.body} tegn.`),
  confirm: z.literal("on", { error: "Kryss av for å bekrefte at svaret skal sendes." }),
});

/** "Svarmaler" (decision 064): one template's text as staff edit it once for every reply after. */
export const replyTemplateSchema = z.object({
  intent: z.literal("save"),
  subject: applicationReplySchema.shape.subject,
  body: applicationReplySchema.shape.body,
  version: z.coerce.number().int().min(0),
  confirm: z.literal("on", { error: "Kryss av for å bekrefte at malen skal lagres." }),
});

/** "thanks-nb" → the template and language, or undefined for an address that is none. */
export function parseTemplateKey(key: string): { template: ReplyTemplate; language: ReplyLanguage } | undefined {
  const [template, language, ...rest] = key.split("-");
  if (rest.length > 0) return undefined;
  if (!REPLY_TEMPLATES.includes(template as ReplyTemplate)) return undefined;
  if (!REPLY_LANGUAGES.includes(language as ReplyLanguage)) return undefined;
  return { template: template as ReplyTemplate, language: language as ReplyLanguage };
}

export const REPLY_LANGUAGE_LABELS: Record<ReplyLanguage, string> = { nb: "norsk", en: "engelsk" };

/** Erasure must be confirmed by ticking a box, on top of the browser's dialog. */
export const applicationEraseSchema = confirmSchema("erase", "Kryss av for å bekrefte slettingen.");

/** The list's filter from the query string: one listing's applications, or all. */
export const applicationFilterSchema = z.object({
  job: z.string().uuid().optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1).default(1),
});
export type ApplicationFilter = z.output<typeof applicationFilterSchema>;
