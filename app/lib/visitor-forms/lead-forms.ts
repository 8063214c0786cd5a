import { z } from "zod";
import { LEAD_STATUSES, type LeadStatus } from "../../../db/lead-statuses";
import { confirmSchema } from "~/lib/platform/confirm-forms";

/**
 * The staff inbox's forms and filters, shared by the browser (Conform) and the server:
 * the allowed values, lengths and messages are stated once, here. Browser-safe: no
 * `.server` imports.
 */
export { LEAD_STATUSES, type LeadStatus } from "../../../db/lead-statuses";

/** The pipeline, in order: ny → kontaktet → tilbud sendt → vunnet / tapt. */
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "Ny",
  contacted: "Kontaktet",
  offer_sent: "Tilbud sendt",
  won: "Vunnet",
  lost: "Tapt",
};

export const LEAD_KINDS = ["contact", "gdpr"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  contact: "Kontaktskjema",
  gdpr: "GDPR-sjekkliste",
};

export const NOTE_MAX_LENGTH = 4000;
export const SEARCH_MAX_LENGTH = 200;
export const LEADS_PER_PAGE = 25;

export const leadStatusSchema = z.object({
  intent: z.literal("status"),
  status: z.enum(LEAD_STATUSES, { error: "Velg en status." }),
});

export const leadNoteSchema = z.object({
  intent: z.literal("note"),
  body: z
    .string({ error: "Skriv et notat." })
    .trim()
    .min(1, "Skriv et notat.")
    .max(NOTE_MAX_LENGTH, `Notatet kan være høyst ${NOTE_MAX_LENGTH} tegn.`),
});

/** Erasure must be confirmed by ticking a box, on top of the browser's confirmation dialog. */
export const leadEraseSchema = confirmSchema("erase", "Kryss av for å bekrefte slettingen.");

/** The list's filters from the query string; anything unknown falls back to "all". */
export const leadFilterSchema = z.object({
  type: z.enum(LEAD_KINDS).optional().catch(undefined),
  status: z.enum(LEAD_STATUSES).optional().catch(undefined),
  q: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

export type LeadFilter = { type?: LeadKind; status?: LeadStatus; q?: string; page: number };

export function parseLeadFilter(params: URLSearchParams): LeadFilter {
  const { type, status, q, page } = leadFilterSchema.parse(Object.fromEntries(params));
  return { type, status, q, page };
}

/** The filter as a query string (without the page), for links and the CSV export. */
export function leadFilterQuery(filter: Omit<LeadFilter, "page">, page?: number) {
  const params = new URLSearchParams();
  if (filter.type) params.set("type", filter.type);
  if (filter.status) params.set("status", filter.status);
  if (filter.q) params.set("q", filter.q);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
