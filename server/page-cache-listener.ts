import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { type CachedPage, getPageCache } from "~/lib/platform/page-cache.server";
import { logRequest, nextRequestId } from "~/lib/platform/log.server";
import { countPageCacheHit, observeRequest } from "~/lib/platform/metrics.server";
import { countableVisit, getPageViewBuffer, ownHostsFor } from "~/lib/site/analytics.server";
import { compressParts, gzipPiecesWithNonce } from "./gzip-with-nonce";
import { pageCacheAddress } from "./page-address";
import { hitHeadOf, writeHitHead } from "./hit-head";
import { isCacheableVisit, matchingValidator, piecesWithNonce } from "./page-cache";

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * A visitor's request for a page already in the page cache is answered here, in front
 * of the app: no Request/Response objects, no middleware chain, no per-response
 * compression. The app rendered and sent the page once; its headers (security headers
 * included) were kept with it (page-cache.ts `rememberSentHeaders`) and are repeated
 * with this response's own nonce, request id, ETag and a page view, exactly as the
 * app sends a hit. Anything else, or any doubt, goes to the app.
 * docs/decisions/031-page-cache-in-front-of-the-app.md says why.
 */
export function withPageCache(app: Listener, enabled: boolean, siteHosts: ReadonlySet<string> = new Set()): Listener {
  if (!enabled) return app;
  return (req, res) => {
    const started = performance.now();
    const url = req.url ?? "";
    const queryAt = url.indexOf("?");
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const search = queryAt === -1 ? "" : url.slice(queryAt);
    const page = cachedPageFor(req, path, search);
    if (!page) return app(req, res);
    const requestId = nextRequestId();
    const status = sendHit(req, res, page, requestId);
    // Counted like a rendered page (server/app.ts): the hit is a visit all the same.
    if (status === 200 && (page.isDocument ??= isDocument(page))) {
      const referer = req.headers.referer ?? "";
      const view = countableVisit({
        method: "GET",
        path,
        search,
        userAgent: req.headers["user-agent"] ?? "",
        referer,
        // Only a referrer is checked against them: without one, no set to make.
        ownHosts: referer ? ownHostsFor(siteHosts, req.headers.host) : siteHosts,
      });
      if (view) getPageViewBuffer()?.record(view);
    }
    // The path's JSON is made once per stored page (a page's address fixes its path).
    page.pathJson ??= JSON.stringify(path);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    logRequest("info", requestId, "GET", page.pathJson, status, ms);
    countPageCacheHit();
    observeRequest(page.route ?? "server", status, ms);
  };
}

/**
 * A stored page for this request: a path with no escapes or dot segments, whose cache
 * address (page-address.ts: tracking and unknown parameters dropped) the app stored itself.
 */
function cachedPageFor(req: IncomingMessage, path: string, search: string) {
  if (path[0] !== "/" || /[%#\\]|\/\/|\/\./.test(path)) return undefined;
  const cacheable = isCacheableVisit({
    method: req.method ?? "",
    cookie: req.headers.cookie,
    testFault: req.headers["x-test-fault"] !== undefined,
    path,
  });
  const address = cacheable ? pageCacheAddress(path, search) : undefined;
  if (!address) return undefined;
  const cache = getPageCache();
  const found = cache.lookup(address);
  // A stale page is sent only while a request in the app renders its successor; with none
  // under way, this request goes to the app, which claims that one render (server/app.ts).
  if (!found || (!found.fresh && !cache.isRefreshing(address))) return undefined;
  return found.page.sentHeaders ? found.page : undefined;
}

function sendHit(req: IncomingMessage, res: ServerResponse, page: CachedPage, requestId: string) {
  const validator = matchingValidator(req.headers["if-none-match"], page.key);
  // A 304 repeats the nonce of the copy the browser kept (see page-cache.ts sendCachedPage).
  const nonce = validator?.nonce ?? freshNonce();
  const head = (page.hitHead ??= hitHeadOf(page.sentHeaders!));
  if (validator) {
    writeHitHead(res, head, { status: 304, nonce, etag: validator.etag, requestId, gzip: false });
    res.end();
    return 304;
  }
  const gzip = acceptsGzip(req.headers["accept-encoding"]);
  let body: Buffer[];
  if (gzip) {
    page.gzip ??= compressParts(page.parts);
    body = gzipPiecesWithNonce(page.gzip, nonce);
  } else {
    body = piecesWithNonce(page.parts, nonce);
  }
  let length = 0;
  for (const piece of body) length += piece.length;
  writeHitHead(res, head, { status: 200, nonce, etag: `W/"${page.key}:${nonce}"`, requestId, gzip, length });
  // Corked, the pieces leave in one write (writev) without being copied into one buffer first.
  res.cork();
  for (const piece of body) res.write(piece);
  res.end();
  res.uncork();
  return 200;
}

// Nonces from the system's random source, fetched 256 at a time instead of one call a hit;
// each 16 bytes are used once.
const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;
function freshNonce() {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256);
    nonceOffset = 0;
  }
  nonceOffset += NONCE_BYTES;
  return noncePool.toString("base64", nonceOffset - NONCE_BYTES, nonceOffset);
}

/** A page, not the cached JSON read (which is no page view). */
const isDocument = (page: CachedPage) =>
  page.headers.some(([name, value]) => name === "content-type" && value.startsWith("text/html"));

/** gzip named without q=0, or a wildcard without q=0 (RFC 9110 §12.5.3). */
export function acceptsGzip(header: string | undefined) {
  if (!header) return false;
  let wildcard = false;
  for (const item of header.split(",")) {
    const [coding, ...params] = item.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const accepted = !q || Number(q.slice(2)) > 0;
    if (coding === "gzip" || coding === "x-gzip") return accepted;
    if (coding === "*") wildcard = accepted;
  }
  return wildcard;
}
