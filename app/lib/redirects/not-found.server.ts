import { data, redirect } from "react-router";
import { getDb } from "../platform/db.server";
import { log } from "../platform/log.server";
import { redirectTarget } from "./redirects.server";

/**
 * What every public page throws where it would answer 404 (the catch-all route and the
 * post, job and case-study pages for an unknown slug): a 301 to where the address moved,
 * with the request's query string, or the 404. Never cached as a page: the page cache
 * keeps only 200s (decision 018). A redirect may be removed by staff, so browsers are
 * asked to check again after an hour rather than keep the 301 forever.
 */
export async function throwRedirectOrNotFound(request: Request): Promise<never> {
  const target = await lookUp(request);
  if (target) throw redirect(target, { status: 301, headers: { "Cache-Control": "public, max-age=3600" } });
  throw data(null, { status: 404 });
}

/** The same for a loader that answers the 404 itself (the catch-all route): the 301, or nothing. */
export async function throwRedirectIfAny(request: Request) {
  const target = await lookUp(request);
  if (target) throw redirect(target, { status: 301, headers: { "Cache-Control": "public, max-age=3600" } });
}

async function lookUp(request: Request) {
  if (request.method !== "GET" && request.method !== "HEAD") return undefined;
  try {
    return await redirectTarget(getDb(), new URL(request.url));
  } catch (error) {
    // The database away: the visitor gets the 404 the site gave before redirects existed.
    log.warn("redirect lookup failed", { error: String(error) });
    return undefined;
  }
}
