import { NEWSLETTER_RESULT_PARAM } from "~/lib/visitor-forms/newsletter-result";

/**
 * The address a public page is cached under, whatever a link adds to it
 * (docs/decisions/049-one-page-one-cache-entry.md).
 *
 * A link in the studio's newsletter, on LinkedIn or in an ad carries `utm_*`, `fbclid`,
 * `gclid` and the like. They say where a visit came from and never change the page, so
 * they must not cost a render each: the page is served from the entry of its plain path.
 * No public page reads any other parameter today, so an unknown one (`/?a=1`) is ignored
 * the same way — otherwise made-up query strings are a cheap way to keep both cores busy
 * and to fill the cache. A parameter that makes the answer personal (the footer sign-up's
 * result, shown once to the person who sent it) is never served from or stored in the
 * cache. When a public page starts reading a parameter (a page number, a tag), it goes
 * into PAGE_PARAMETERS and becomes part of the key, normalised.
 */

/** Parameters that only tell where a visit came from (plus every `utm_*`). */
const TRACKING_PARAMETERS = new Set([
  "fbclid",
  "gclid",
  "gbraid",
  "wbraid",
  "dclid",
  "msclkid",
  "yclid",
  "twclid",
  "ttclid",
  "li_fat_id",
  "igshid",
  "mc_cid",
  "mc_eid",
  "_ga",
  "_gl",
  "_hsenc",
  "_hsmi",
  "mkt_tok",
  "ref",
  "ref_src",
]);

/** Parameters whose answer is for one visitor only. */
const PERSONAL_PARAMETERS = new Set([NEWSLETTER_RESULT_PARAM]);

/** Per cached path, the parameters its page reads (none yet). */
const PAGE_PARAMETERS: ReadonlyMap<string, readonly string[]> = new Map();

export function isTrackingParameter(name: string) {
  const lower = name.toLowerCase();
  return lower.startsWith("utm_") || TRACKING_PARAMETERS.has(lower);
}

/**
 * The cache key of `path` requested with `search` ("" or "?…"), or undefined when the
 * request must go to the app uncached. The key is also the address the page is rendered
 * at on a miss, so the stored body is the same whichever link caused the render.
 */
export function pageCacheAddress(path: string, search: string): string | undefined {
  if (search === "" || search === "?") return path;
  const params = new URLSearchParams(search);
  const read = PAGE_PARAMETERS.get(path) ?? [];
  const kept: [string, string][] = [];
  for (const [name, value] of params) {
    if (PERSONAL_PARAMETERS.has(name)) return undefined;
    if (read.includes(name)) kept.push([name, value]);
  }
  if (kept.length === 0) return path;
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${path}?${new URLSearchParams(kept).toString()}`;
}
