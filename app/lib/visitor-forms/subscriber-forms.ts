import { z } from "zod";
import { pageParam, queryString, searchParam } from "../platform/list-query";
import { confirmSchema } from "../platform/confirm-forms";

/**
 * The staff subscriber list's filters and forms, shared by the browser (Conform) and the
 * server. Browser-safe: no `.server` imports.
 */
export const SUBSCRIBER_STATUSES = ["pending", "active", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const SUBSCRIBER_STATUS_LABELS: Record<SubscriberStatus, string> = {
  pending: "Venter",
  active: "Aktiv",
  unsubscribed: "Avmeldt",
};

/** Where a sign-up came from (newsletter_subscribers.source); anything else is shown as stored. */
const SOURCE_LABELS: Record<string, string> = {
  footer: "Bunnteksten",
  "gdpr-checklist": "GDPR-sjekklisten",
  import: "Import",
};
export const sourceLabel = (source: string) => SOURCE_LABELS[source] ?? source;

export const SUBSCRIBERS_PER_PAGE = 50;
export const SUBSCRIBER_SEARCH_MAX_LENGTH = 200;

export const subscriberFilterSchema = z.object({
  status: z.enum(SUBSCRIBER_STATUSES).optional().catch(undefined),
  q: searchParam(SUBSCRIBER_SEARCH_MAX_LENGTH),
  page: pageParam,
});

export type SubscriberFilter = { status?: SubscriberStatus; q?: string; page: number };

export function parseSubscriberFilter(params: URLSearchParams): SubscriberFilter {
  const { status, q, page } = subscriberFilterSchema.parse(Object.fromEntries(params));
  return { status, q, page };
}

/** The filter as a query string (without the page), for links and the CSV export. */
export const subscriberFilterQuery = (filter: Omit<SubscriberFilter, "page">) =>
  queryString({ status: filter.status, q: filter.q });

export const subscriberUnsubscribeSchema = confirmSchema("unsubscribe", "Kryss av for å bekrefte avmeldingen.");
export const subscriberEraseSchema = confirmSchema("erase", "Kryss av for å bekrefte slettingen.");
