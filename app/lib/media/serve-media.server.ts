import { log } from "../platform/log.server";
import {
  type ByteRange,
  contentTypeOf,
  IMMUTABLE,
  isValidKey,
  type MediaStore,
  type StoredObject,
} from "./storage/media-store.server";

/**
 * GET and HEAD of /uploads/<key> from whichever store is configured, streamed (never
 * read whole into memory), with the headers the folder's static handler sent before:
 * the type from the extension, Content-Length, Last-Modified and a year of immutable
 * caching (nosniff comes from the security headers on every response). Also an ETag
 * with 304s for revalidation, and one byte range (206/416) for seeking in a video.
 *
 * Returns undefined when there is no such medium, for the caller's 404.
 */
export async function serveMedia(store: MediaStore, request: Request, key: string): Promise<Response | undefined> {
  const contentType = contentTypeOf(key);
  if (!isValidKey(key) || !contentType) return undefined;
  const headers = request.headers;
  const head = request.method === "HEAD";
  const rangeHeader = head ? null : headers.get("range");
  const conditional = headers.has("if-none-match") || headers.has("if-modified-since");
  try {
    // A plain GET is one call to the store, which answers with the size and validators.
    // Conditions and ranges need those first (one more call to an object store).
    if (!head && !conditional && !rangeHeader) {
      const found = await store.read(key);
      return found && mediaResponse(200, contentType, found.object, found.body);
    }
    const object = await store.head(key);
    if (!object) return undefined;
    if (notModified(headers, object)) return mediaResponse(304, contentType, object, null);
    if (head) return mediaResponse(200, contentType, object, null);

    const range = rangeHeader && rangeStillValid(headers, object) ? parseRange(rangeHeader, object.size) : undefined;
    if (range === "unsatisfiable") {
      return new Response(null, {
        status: 416,
        headers: { "Content-Range": `bytes */${object.size}`, "Cache-Control": "no-store" },
      });
    }
    const found = await store.read(key, range);
    if (!found) return undefined;
    return mediaResponse(range ? 206 : 200, contentType, found.object, found.body, range);
  } catch (error) {
    // The object store is unreachable or refused us: a short outage for the images, not a
    // 500 page. The error's text names the store, never a secret.
    log.warn("media not readable from the store", { key, store: store.description, error: String(error) });
    return new Response("Media temporarily unavailable", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "5" },
    });
  }
}

function mediaResponse(
  status: number,
  contentType: string,
  object: StoredObject,
  body: ReadableStream<Uint8Array> | null,
  range?: ByteRange,
) {
  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": IMMUTABLE,
    "Last-Modified": object.lastModified.toUTCString(),
    ETag: object.etag,
    "Accept-Ranges": "bytes",
  });
  if (status !== 304) {
    headers.set("Content-Length", String(range ? range.end - range.start + 1 : object.size));
  }
  if (range) headers.set("Content-Range", `bytes ${range.start}-${range.end}/${object.size}`);
  return new Response(body, { status, headers });
}

/** If-None-Match decides when present (weakly compared, as for GET); else If-Modified-Since. */
function notModified(headers: Headers, object: StoredObject) {
  const ifNoneMatch = headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const tags = ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
    return tags.includes("*") || tags.includes(object.etag);
  }
  const since = Date.parse(headers.get("if-modified-since") ?? "");
  // HTTP dates have whole seconds; the stored time may not.
  return Number.isFinite(since) && Math.floor(object.lastModified.getTime() / 1000) * 1000 <= since;
}

/** If-Range: the range applies only to the copy the client already has part of. */
function rangeStillValid(headers: Headers, object: StoredObject) {
  const ifRange = headers.get("if-range");
  return ifRange === null || ifRange === object.etag || ifRange === object.lastModified.toUTCString();
}

/**
 * One range, "bytes=0-99", "bytes=100-" or "bytes=-100", against `size`. Several ranges,
 * or a header that is not a byte range, are ignored (the whole object, as HTTP allows).
 */
export function parseRange(header: string, size: number): ByteRange | "unsatisfiable" | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  const [, first, last] = match;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return undefined; // not a valid range: ignored
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) return "unsatisfiable";
  return { start, end };
}
