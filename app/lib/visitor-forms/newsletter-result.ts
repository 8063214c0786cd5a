/**
 * The footer sign-up's outcome, shared by the server (the plain-form fallback puts it
 * in the address it redirects to), the footer (which shows it) and the enhancement
 * module (which shows it after a JSON post). No imports: app/enhance/ bundles this file.
 */
export const NEWSLETTER_MESSAGES = {
  success: "Thanks for subscribing to our newsletter!",
  already: "You are already subscribed to our newsletter!",
  failure: "Something went wrong. Please try again later.",
} as const;

/** `?newsletter=…` after a plain form post (routes/site/newsletter.subscribe.ts). */
export const NEWSLETTER_RESULT_PARAM = "newsletter";
export type NewsletterResult = "subscribed" | "already" | "failed";

export type NewsletterStatus = { kind: "success" | "error"; message: string };

export function statusOf(result: NewsletterResult): NewsletterStatus {
  if (result === "failed") return { kind: "error", message: NEWSLETTER_MESSAGES.failure };
  return { kind: "success", message: result === "already" ? NEWSLETTER_MESSAGES.already : NEWSLETTER_MESSAGES.success };
}

/** The status a page address carries, if any: only the three known values, never text from the address. */
export function statusFromSearch(search: string): NewsletterStatus | null {
  const value = new URLSearchParams(search).get(NEWSLETTER_RESULT_PARAM);
  return value === "subscribed" || value === "already" || value === "failed" ? statusOf(value) : null;
}

/** The query without the outcome: where the form sends the visitor back to. */
export function searchWithoutResult(search: string) {
  const params = new URLSearchParams(search);
  params.delete(NEWSLETTER_RESULT_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : "";
}
