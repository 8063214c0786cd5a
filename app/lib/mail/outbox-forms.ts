import { z } from "zod";
import { pageParam, queryString } from "../platform/list-query";
import { confirmSchema } from "../platform/confirm-forms";

/**
 * The staff mail page's tabs, labels and forms, shared by the browser and the server.
 * Browser-safe: no `.server` imports.
 */
export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = { pending: "I kø", sent: "Levert", failed: "Feilet" };
/** The tabs' names: what each list holds. */
export const MAIL_TAB_LABELS: Record<MailStatus, string> = { pending: "Venter", sent: "Sendt", failed: "Feilet" };

/** What each kind of message is, in the staff's words; an unknown kind is shown as stored. */
const MAIL_KIND_LABELS: Record<string, string> = {
  "contact-notification": "Varsel til studioet",
  "contact-receipt": "Kvittering til avsenderen",
  "gdpr-report": "GDPR-rapport til avsenderen",
  "gdpr-notification": "GDPR-varsel til studioet",
  "newsletter-confirm": "Bekreft påmelding til nyhetsbrevet",
  "newsletter-welcome": "Velkommen til nyhetsbrevet",
  "account-security": "Varsel om kontoen",
  "new-browser": "Ny innlogging",
  "application-receipt": "Kvittering til søkeren",
  "application-notification": "Varsel om ny søknad",
  "application-reply-thanks": "Svar til søkeren: takk",
  "application-reply-interview": "Svar til søkeren: intervju",
  "application-reply-rejection": "Svar til søkeren: avslag",
};
export const mailKindLabel = (kind: string) => MAIL_KIND_LABELS[kind] ?? kind;

export const MAILS_PER_PAGE = 50;

export const outboxFilterSchema = z.object({
  status: z.enum(MAIL_STATUSES).optional().catch(undefined),
  page: pageParam,
});

export type OutboxFilter = { status?: MailStatus; page: number };

export function parseOutboxFilter(params: URLSearchParams): OutboxFilter {
  const { status, page } = outboxFilterSchema.parse(Object.fromEntries(params));
  return { status, page };
}

export const outboxFilterQuery = (status?: MailStatus) => queryString({ status });

export const mailResendSchema = confirmSchema("resend", "Kryss av for å bekrefte at meldingen skal sendes igjen.");
