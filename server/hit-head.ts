import { IncomingMessage, ServerResponse, validateHeaderName, validateHeaderValue } from "node:http";
import { Socket } from "node:net";
import { type HitHead, NONCE_PLACEHOLDER } from "~/lib/platform/page-cache.server";
import { PUBLIC_PAGE_CACHE_CONTROL } from "./page-cache";

/**
 * The head of a cache hit (page-cache-listener.ts). A stored page sends the same twenty-odd
 * headers every time, the CSP's nonce aside; handed to `writeHead`, Node checks every name
 * and value with a regular expression and joins them into text again on every response
 * (~2 µs a hit, a tenth of what node:http spends sending the same page). So the page's
 * headers are checked with Node's own validators and made into text once per stored page,
 * cut where the nonce goes; a hit gives `writeHead` only Content-Length (which Node's
 * keep-alive logic reads) and puts the page's text after the status line of the head
 * Node made (`_header`, what Node sends before the first body byte). The head is the same,
 * byte for byte, as with every header passed to `writeHead`. Where Node has no `_header`
 * to add to (checked once, at start-up) or a page has a header Node's own logic reads, the
 * hit passes every header to `writeHead` as before.
 */

// Headers Node's response logic reads (connection handling, framing): those stay Node's to see.
const READ_BY_NODE = new Set(["connection", "transfer-encoding", "content-length", "date", "expect", "trailer", "keep-alive"]);
// What a hit sets itself (page-cache-listener.ts), after the page's own, in this order.
const SET_PER_HIT = new Set(["etag", "cache-control", "vary", "x-request-id", "content-length", "content-encoding"]);

/** Made once per stored page from the headers the app sent with it (the nonce as NONCE_PLACEHOLDER). */
export function hitHeadOf(sentHeaders: [string, string][]): HitHead {
  const own = sentHeaders.filter(([name]) => !SET_PER_HIT.has(name));
  const text = (headers: [string, string][]) => headers.map(([name, value]) => `${name}: ${value}\r\n`).join("").split(NONCE_PLACEHOLDER);
  return {
    pairs: own.map(([name, value]) => [name, value.split(NONCE_PLACEHOLDER)]),
    lines: text(own),
    linesOf304: text(own.filter(([name]) => name !== "content-type")),
    asText: RAW_HEAD && own.every(([name, value]) => isValid(name, value) && !READ_BY_NODE.has(name.toLowerCase())),
  };
}

/** What Node would accept from writeHead: a token for a name, no control characters in a value. */
function isValid(name: string, value: string) {
  try {
    validateHeaderName(name);
    validateHeaderValue(name, value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes the head of a hit: the page's headers with `nonce`, then ETag, Cache-Control, Vary,
 * X-Request-Id, Content-Encoding when gzipped and Content-Length when there is a body.
 * `etag` and `requestId` are this module's callers' own (a key and a nonce of a checked
 * shape, hex digits), never a request's text.
 */
export function writeHitHead(
  res: ServerResponse,
  head: HitHead,
  hit: { status: 200 | 304; nonce: string; etag: string; requestId: string; gzip: boolean; length?: number },
) {
  const length = hit.length === undefined ? undefined : String(hit.length);
  if (head.asText) {
    const own = (hit.status === 304 ? head.linesOf304 : head.lines).join(hit.nonce);
    res.writeHead(hit.status, length === undefined ? undefined : ["content-length", length]);
    const made = headOf(res)!;
    const afterStatus = made.indexOf("\r\n") + 2;
    (res as unknown as RawHead)._header =
      made.slice(0, afterStatus) +
      `${own}etag: ${hit.etag}${AFTER_ETAG}${hit.requestId}\r\n${hit.gzip ? "content-encoding: gzip\r\n" : ""}` +
      made.slice(afterStatus);
    return;
  }
  const headers: string[] = [];
  for (const [name, value] of head.pairs) {
    if (hit.status === 304 && name === "content-type") continue;
    headers.push(name, value.length === 1 ? value[0]! : value.join(hit.nonce));
  }
  headers.push("etag", hit.etag, "cache-control", PUBLIC_PAGE_CACHE_CONTROL, "vary", "Cookie, Accept-Encoding", "x-request-id", hit.requestId);
  if (hit.gzip) headers.push("content-encoding", "gzip");
  if (length !== undefined) headers.push("content-length", length);
  res.writeHead(hit.status, headers);
}

const AFTER_ETAG = `\r\ncache-control: ${PUBLIC_PAGE_CACHE_CONTROL}\r\nvary: Cookie, Accept-Encoding\r\nx-request-id: `;

type RawHead = { _header: string | null };
const headOf = (res: ServerResponse) => (res as unknown as RawHead)._header;

/**
 * Whether this Node keeps a response's head as text in `_header` once writeHead has run,
 * sent as it is then (every Node to date): tried once on a response of no connection.
 */
const RAW_HEAD = (() => {
  try {
    const request = Object.assign(new IncomingMessage(new Socket()), { method: "GET", httpVersionMajor: 1, httpVersionMinor: 1 });
    const response = new ServerResponse(request);
    if (headOf(response) !== null) return false;
    response.writeHead(200, ["content-length", "0"]);
    return headOf(response)?.startsWith("HTTP/1.1 200 OK\r\ncontent-length: 0\r\n") === true;
  } catch {
    return false;
  }
})();
