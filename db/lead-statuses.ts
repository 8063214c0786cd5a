/**
 * A lead's place in the sales pipeline, in order: ny → kontaktet → tilbud sendt → vunnet /
 * tapt. Here, beside the schema that stores it, so db/ imports nothing from app/; the
 * inbox's forms (app/lib/visitor-forms/lead-forms.ts) read the same list. No imports:
 * it is safe in the browser bundle.
 */
export const LEAD_STATUSES = ["new", "contacted", "offer_sent", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
