import { clientIpOf } from "~/lib/platform/request-context";
import { redirect } from "react-router";
import { getConfig } from "~/lib/platform/config.server";
import { DatabaseUnavailableError, getDb } from "~/lib/platform/db.server";
import { DomainError } from "~/lib/platform/domain-errors";
import { log } from "~/lib/platform/log.server";
import { NEWSLETTER_RESULT_PARAM, type NewsletterResult } from "~/lib/visitor-forms/newsletter-result";
import { signUpFromFooter } from "~/lib/visitor-forms/newsletter-signup.server";
import type { Route } from "./+types/newsletter.subscribe";

/**
 * The footer sign-up without JavaScript: a plain form post, answered with a 303 back to
 * the page it came from, the outcome in the address (`?newsletter=subscribed`), where the
 * footer shows the spec's message. Addresses with a query are never taken from or put
 * into the page cache (docs/decisions/018), and no cookie is set, so one visitor's
 * outcome never reaches another. With JavaScript the footer posts JSON to /api/contact.
 */
export const loader = () => redirect("/", 303);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const back = returnPath(form.get("back"));
  let result: NewsletterResult;
  try {
    const body = Object.fromEntries([...form].map(([name, value]) => [name, typeof value === "string" ? value : ""]));
    // The JavaScript form sends the address lowercased (newsletter-form.tsx); so does this one.
    if (typeof body.email === "string") body.email = body.email.toLowerCase();
    const { siteUrl } = getConfig();
    const { alreadySubscribed } = await signUpFromFooter(getDb(), body, { ip: clientIpOf(context), siteUrl });
    result = alreadySubscribed ? "already" : "subscribed";
  } catch (error) {
    if (!(error instanceof DomainError || error instanceof DatabaseUnavailableError)) {
      log.error("newsletter form failed", { error });
    }
    result = "failed";
  }
  back.searchParams.set(NEWSLETTER_RESULT_PARAM, result);
  back.hash = "newsletter";
  return redirect(`${back.pathname}${back.search}${back.hash}`, { status: 303, headers: { "Cache-Control": "no-store" } });
}

/** The page the form was on: a path on this site only, so the form is no open redirect. */
function returnPath(value: FormDataEntryValue | null) {
  const base = "http://site.invalid";
  const fallback = new URL("/", base);
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2000) return fallback;
  try {
    const url = new URL(value, base);
    return url.origin === base ? url : fallback;
  } catch {
    return fallback;
  }
}
