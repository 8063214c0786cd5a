/**
 * A streaming multipart/form-data reader (RFC 7578), for bodies too large to buffer:
 * it yields each part's headers and then its bytes as they arrive, holding at most one
 * network chunk plus a delimiter's length in memory. The consumer decides what to keep
 * (a short text field, a file written to disk) and may stop at any moment (a wrong type,
 * a size limit): stopping releases the body unread, which the server drops (see
 * request-body.server.ts). `request.formData()` would buffer the whole body first.
 */
export type MultipartEvent =
  | { type: "part"; name: string; filename: string | undefined; contentType: string }
  | { type: "data"; chunk: Uint8Array }
  | { type: "end" };

export class MultipartError extends Error {
  override name = "MultipartError";
}

const MAX_HEADER_BYTES = 16 * 1024;
const MAX_PARTS = 100;
const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

/** The boundary of a multipart/form-data Content-Type, or undefined. */
export function multipartBoundary(contentType: string | null) {
  if (!contentType || !/^multipart\/form-data\b/i.test(contentType)) return undefined;
  // RFC 2046: 1 to 70 characters. A longer one is refused, not cut to 70 (that would never match).
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))(?=\s*(?:;|$))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

function parseHeaders(block: string) {
  const headers = new Map<string, string>();
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get("content-disposition") ?? "";
  if (!/^form-data\b/i.test(disposition)) throw new MultipartError("a part without form-data disposition");
  const param = (key: string) => {
    const match = new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, "i").exec(disposition);
    return match ? match[1]!.replace(/\\(.)/g, "$1") : undefined;
  };
  const name = param("name");
  if (name === undefined) throw new MultipartError("a part without a name");
  return { name, filename: param("filename"), contentType: headers.get("content-type") ?? "text/plain" };
}

/**
 * The events of a multipart body: "part" (its headers), "data" (its bytes, in pieces),
 * "end" (the part is complete). A malformed or truncated body throws MultipartError.
 */
export async function* multipartEvents(
  body: ReadableStream<Uint8Array>,
  boundary: string,
): AsyncGenerator<MultipartEvent> {
  // The body's first delimiter has no CRLF before it; with one prepended, all look alike.
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const reader = body.getReader();
  let buffer: Buffer = Buffer.from(CRLF);
  let done = false;
  const more = async () => {
    if (done) return false;
    const next = await reader.read();
    if (next.done) {
      done = true;
      return false;
    }
    buffer = buffer.length === 0 ? Buffer.from(next.value) : Buffer.concat([buffer, next.value]);
    return true;
  };
  const truncated = () => new MultipartError("the body ended in the middle of a part");

  try {
    // The preamble, up to the first delimiter.
    for (;;) {
      const at = buffer.indexOf(delimiter);
      if (at >= 0) {
        buffer = buffer.subarray(at + delimiter.length);
        break;
      }
      buffer = buffer.subarray(Math.max(0, buffer.length - delimiter.length));
      if (!(await more())) throw truncated();
    }
    for (let parts = 0; ; parts++) {
      // After a delimiter: "--" ends the body, CRLF starts a part.
      while (buffer.length < 2) if (!(await more())) throw truncated();
      if (buffer[0] === 0x2d && buffer[1] === 0x2d) return;
      if (buffer[0] !== 0x0d || buffer[1] !== 0x0a) throw new MultipartError("a delimiter not followed by CRLF");
      if (parts >= MAX_PARTS) throw new MultipartError("too many parts");
      buffer = buffer.subarray(2);

      let headerEnd: number;
      while ((headerEnd = buffer.indexOf(HEADER_END)) < 0) {
        if (buffer.length > MAX_HEADER_BYTES) throw new MultipartError("part headers too long");
        if (!(await more())) throw truncated();
      }
      if (headerEnd > MAX_HEADER_BYTES) throw new MultipartError("part headers too long");
      yield { type: "part", ...parseHeaders(buffer.subarray(0, headerEnd).toString("utf8")) };
      buffer = buffer.subarray(headerEnd + HEADER_END.length);

      // The part's bytes, passed on as they come; a tail that could begin the delimiter is kept.
      for (;;) {
        const at = buffer.indexOf(delimiter);
        if (at >= 0) {
          if (at > 0) yield { type: "data", chunk: buffer.subarray(0, at) };
          buffer = buffer.subarray(at + delimiter.length);
          break;
        }
        const safe = buffer.length - (delimiter.length - 1);
        if (safe > 0) {
          yield { type: "data", chunk: buffer.subarray(0, safe) };
          buffer = buffer.subarray(safe);
        }
        if (!(await more())) throw truncated();
      }
      yield { type: "end" };
    }
  } finally {
    // Whatever is left stays unread; the server drops it after the answer.
    try {
      reader.releaseLock();
    } catch {
      // a read still pending: nothing to release
    }
  }
}
