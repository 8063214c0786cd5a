import { z } from "zod";

/**
 * The newsletter pages' forms, shared by the browser (Conform) and the server: lengths,
 * required fields and messages are stated once, here. Browser-safe: no `.server` imports.
 */
/** What the issue's page says after a draft is made or saved. */
export const DRAFT_SAVED = "Kladden er lagret.";

export const SUBJECT_MAX_LENGTH = 150;
export const PREHEADER_MAX_LENGTH = 200;
export const BODY_MAX_LENGTH = 50_000;
export const ISSUES_PER_PAGE = 20;

/** Only an uploaded image (media library) can be the featured image: never a foreign address. */
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9._-]+$/;

export const issueSchema = z.object({
  subject: z
    .string({ error: "Skriv en emnelinje." })
    .trim()
    .min(1, "Skriv en emnelinje.")
    .max(SUBJECT_MAX_LENGTH, `Emnelinjen kan være høyst ${SUBJECT_MAX_LENGTH} tegn.`),
  preheader: z
    .string()
    .trim()
    .max(PREHEADER_MAX_LENGTH, `Forhåndsteksten kan være høyst ${PREHEADER_MAX_LENGTH} tegn.`)
    .optional()
    .transform((value) => value ?? ""),
  body: z
    .string({ error: "Skriv selve nyhetsbrevet." })
    .trim()
    .min(1, "Skriv selve nyhetsbrevet.")
    .max(BODY_MAX_LENGTH, `Teksten kan være høyst ${BODY_MAX_LENGTH} tegn.`),
  featuredImage: z
    .string()
    .regex(UPLOAD_PATH, "Velg et bilde fra mediebiblioteket.")
    .optional()
    .transform((value) => value ?? ""),
});

export type IssueInput = z.output<typeof issueSchema>;

/** Starting an issue from a published post: which post. */
export const fromPostSchema = z.object({
  postId: z.uuid({ error: "Velg et publisert innlegg." }),
});

/** Sending must be confirmed: the count shown is the count the server expects. */
export const sendSchema = z.object({
  confirm: z.literal("on", { error: "Kryss av for å bekrefte utsendelsen." }),
  expectedRecipients: z.coerce.number().int().min(0),
});

export const SEND_STATES = { draft: "Kladd", running: "Sendes", done: "Sendt" } as const;
export type IssueState = keyof typeof SEND_STATES;

export const issuePageSchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

/** How far a send has come (see progress.server.ts). */
export type SendProgress = {
  recipients: number;
  waiting: number;
  queued: number;
  sent: number;
  failed: number;
  skipped: number;
};
