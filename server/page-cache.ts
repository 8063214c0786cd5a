import type { Context, MiddlewareHandler } from "hono";
import { type CachedPage, NONCE_PLACEHOLDER, type PageCache } from "~/lib/platform/page-cache.server";
import { sessionCookieName } from "~/lib/auth/session.server";
import { isStaffPath } from "~/lib/platform/staff-paths";
import { PREVIEW_LINK_PREFIX } from "~/lib/blog/preview-link-path";
import { pageCacheAddress } from "./page-address";

/**
 * The HTTP side of the page cache (app/lib/platform/page-cache.server.ts): which requests may be
 * answered from it, which responses may go into it, and how a stored page is sent with
 * this response's own CSP nonce, an ETag and 304s.
 */

// Browsers may keep a copy but must ask each time (a 304 is cheap); a CDN may keep a
// page a minute and serve it a while longer while it fetches a fresh one.
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=300";
// A draft's private preview link (lib/blog/preview-link-path.ts) is never stored or looked up either.
const NOT_CACHED = ["/logout", "/api/", "/__test/", "/newsletter/", PREVIEW_LINK_PREFIX];
// The one public JSON read: the published posts, the same for everyone who has no session.
const CACHED_API = new Set(["/api/blog"]);

/**
 * The address a visitor's page request is cached under (page-address.ts: tracking and
 * unknown parameters dropped), or undefined when it must not be served from the cache:
 * a session, a form, a personal parameter, a staff or system path.
 */
export function cacheAddressFor(request: Request, path: string) {
  const cacheable = isCacheableVisit({
    method: request.method,
    cookie: request.headers.get("cookie"),
    testFault: request.headers.has("x-test-fault"),
    path,
  });
  return cacheable ? pageCacheAddress(path, new URL(request.url).search) : undefined;
}

/** The same rule over a request's plain fields (the Node-level listener has no Request). */
export function isCacheableVisit(request: { method: string; cookie: string | null | undefined; testFault: boolean; path: string }) {
  if (request.method !== "GET" || request.testFault) return false;
  // React Router's data requests (`/login.data?signed-out=codes&_routes=…`) are never stored,
  // and their parameters are what they answer for: they must reach the app as sent.
  if (request.path.endsWith(".data")) return false;
  if (cookieHasSession(request.cookie)) return false;
  if (CACHED_API.has(request.path)) return true;
  return !isStaffPath(request.path) && !NOT_CACHED.some((prefix) => request.path.startsWith(prefix));
}

export function hasSessionCookie(request: Request) {
  return cookieHasSession(request.headers.get("cookie"));
}

function cookieHasSession(cookies: string | null | undefined) {
  return !!cookies && cookies.split(";").some((part) => part.trim().startsWith(`${sessionCookieName()}=`));
}

/** Only a complete, ordinary page (or the public JSON read): 200, no cookie set, no Cache-Control of its own. */
export function isStorableResponse(response: Response, path: string) {
  const type = response.headers.get("content-type") ?? "";
  return (
    response.status === 200 &&
    (type.startsWith("text/html") || (CACHED_API.has(path) && type.startsWith("application/json"))) &&
    !response.headers.has("set-cookie") &&
    !response.headers.has("cache-control")
  );
}

export async function storeResponse(
  cache: PageCache,
  path: string,
  response: Response,
  nonce: string,
  generation: number,
) {
  const parts = (await response.text()).split(nonce).map((part) => Buffer.from(part));
  const headers = [...response.headers].filter(([name]) => !["content-length", "content-encoding"].includes(name));
  return cache.store(path, { parts, headers }, generation) ?? { parts, headers, key: "", storedAt: 0 };
}

const NONCE_SHAPE = /^[A-Za-z0-9+/]{22}={0,2}$/;

/**
 * Sends a stored page. Its ETag carries the nonce of the copy sent, so a 304 can
 * repeat that nonce in its CSP: a browser keeps its stored body and takes the new
 * headers, and a fresh nonce would block the scripts of the body it already has.
 */
export function sendCachedPage(c: Context, page: CachedPage, nonce: string) {
  const validator = page.key ? matchingValidator(c.req.header("if-none-match"), page.key) : undefined;
  if (validator) {
    c.set("cspNonceOverride", validator.nonce);
    return new Response(null, {
      status: 304,
      headers: { ETag: validator.etag, "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL, Vary: "Cookie" },
    });
  }
  const headers = new Headers(page.headers);
  if (page.key) {
    headers.set("ETag", `W/"${page.key}:${nonce}"`);
    headers.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
    headers.set("Vary", "Cookie");
  }
  const body = joinWithNonce(page.parts, nonce);
  return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.length), {
    status: 200,
    headers,
  });
}

/** Bytes, not a string: a 50 KB string would be encoded to UTF-8 again on every hit. */
export function joinWithNonce(parts: Buffer[], nonce: string) {
  return parts.length === 1 ? parts[0]! : Buffer.concat(piecesWithNonce(parts, nonce));
}

/** The parts with the nonce between them, not copied into one buffer (a socket takes them as they are). */
export function piecesWithNonce(parts: Buffer[], nonce: string) {
  const nonceBytes = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(nonceBytes);
    pieces.push(part);
  });
  return pieces;
}

export function matchingValidator(ifNoneMatch: string | undefined, key: string) {
  for (const candidate of ifNoneMatch?.split(",") ?? []) {
    const match = /^\s*W\/"([^":]+):([^"]+)"\s*$/.exec(candidate);
    // The nonce goes into a header: only the exact shape a nonce has is accepted.
    if (match && match[1] === key && NONCE_SHAPE.test(match[2]!)) return { etag: candidate.trim(), nonce: match[2]! };
  }
  return undefined;
}

/**
 * Registered before the security headers, so it runs after them: on a 304 from the
 * cache, the CSP names the nonce of the copy the browser already has.
 */
export function cspNonceOverride(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const override = c.get("cspNonceOverride") as string | undefined;
    const fresh = c.get("secureHeadersNonce") as string | undefined;
    const csp = c.res.headers.get("content-security-policy");
    if (override && fresh && csp)
      c.res.headers.set("content-security-policy", csp.replaceAll(`'nonce-${fresh}'`, `'nonce-${override}'`));
  };
}

// Set per response by the listener in front of the app (or by Hono's ETag); the rest repeat.
const PER_RESPONSE = new Set(["content-length", "content-encoding", "etag", "vary", "x-request-id", "date"]);

/**
 * Keeps the headers the app sent with a stored page (security headers included), so the
 * listener in front of the app (page-cache-listener.ts) can send later hits without it.
 */
export function rememberSentHeaders(page: CachedPage, headers: Headers, nonce: string) {
  if (page.sentHeaders || !page.key || !nonce) return;
  page.sentHeaders = [...headers]
    .filter(([name]) => !PER_RESPONSE.has(name))
    .map(([name, value]) => [name, value.replaceAll(nonce, NONCE_PLACEHOLDER)]);
}

/** Pages and JSON that were not cached and carry nothing saying otherwise are kept by nobody. */
export function markUncachedPage(response: Response) {
  const type = response.headers.get("content-type") ?? "";
  if ((type.startsWith("text/html") || type.startsWith("application/json")) && !response.headers.has("cache-control")) {
    response.headers.set("Cache-Control", "private, no-store");
  }
  return response;
}
