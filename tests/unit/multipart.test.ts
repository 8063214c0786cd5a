import { describe, expect, it } from "vitest";
import { multipartBoundary, MultipartError, type MultipartEvent, multipartEvents } from "~/lib/platform/multipart.server";

// The streaming multipart reader behind video and CV uploads (decision 070): what it yields
// for a well-formed body however the network cuts it, and what it refuses.

const BOUNDARY = "----fjordform0123456789";
const encoder = new TextEncoder();

/** A body as the browser sends it: each field or file a part, CRLF line ends. */
function body(parts: { name: string; filename?: string; type?: string; value: string | Uint8Array }[], boundary = BOUNDARY) {
  const pieces: Uint8Array[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`;
    pieces.push(encoder.encode(head), typeof part.value === "string" ? encoder.encode(part.value) : part.value, encoder.encode("\r\n"));
  }
  pieces.push(encoder.encode(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

/** The bytes as a stream cut into pieces of `size` (1: every byte its own network chunk). */
function streamOf(bytes: Uint8Array, size = bytes.length) {
  let at = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

/** The parts read back: name, file name, type and the whole value. */
async function readAll(stream: ReadableStream<Uint8Array>, boundary = BOUNDARY) {
  const parts: { name: string; filename?: string; contentType: string; value: Buffer }[] = [];
  let chunks: Uint8Array[] = [];
  for await (const event of multipartEvents(stream, boundary) as AsyncGenerator<MultipartEvent>) {
    if (event.type === "part") {
      parts.push({ name: event.name, filename: event.filename, contentType: event.contentType, value: Buffer.alloc(0) });
      chunks = [];
    } else if (event.type === "data") chunks.push(Buffer.from(event.chunk));
    else parts[parts.length - 1]!.value = Buffer.concat(chunks);
  }
  return parts;
}

describe("the multipart reader", () => {
  const file = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 256));
  const sample = body([
    { name: "title", value: "Fjord & Form — æøå" },
    { name: "video", filename: "clip.mp4", type: "video/mp4", value: file },
    { name: "empty", value: "" },
  ]);

  it.each([1, 2, 7, 64, 4096, sample.length])("reads every part whole when the network cuts the body every %i bytes", async (size) => {
    const parts = await readAll(streamOf(sample, size));
    expect(parts.map(({ name, filename, contentType }) => ({ name, filename, contentType }))).toEqual([
      { name: "title", filename: undefined, contentType: "text/plain" },
      { name: "video", filename: "clip.mp4", contentType: "video/mp4" },
      { name: "empty", filename: undefined, contentType: "text/plain" },
    ]);
    expect(parts[0]!.value.toString("utf8")).toBe("Fjord & Form — æøå");
    expect(parts[1]!.value.equals(file)).toBe(true);
    expect(parts[2]!.value.length).toBe(0);
  });

  it("keeps bytes that look like the start of a delimiter inside a file", async () => {
    const tricky = Buffer.concat([encoder.encode(`\r\n--${BOUNDARY.slice(0, -1)}X\r\n--`), file]);
    const parts = await readAll(streamOf(body([{ name: "f", filename: "a.bin", value: tricky }]), 3));
    expect(parts[0]!.value.equals(tricky)).toBe(true);
  });

  it("reads escaped quotes in a file name", async () => {
    const raw = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="my \\"cv\\".pdf"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`);
    const [part] = await readAll(streamOf(raw));
    expect(part!.filename).toBe('my "cv".pdf');
  });

  it("refuses a body cut off in the middle of a part, in its headers, or before any delimiter", async () => {
    await expect(readAll(streamOf(sample.subarray(0, sample.length - 40), 5))).rejects.toThrow(MultipartError);
    const headersCut = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n`);
    await expect(readAll(streamOf(headersCut))).rejects.toThrow("the body ended in the middle of a part");
    await expect(readAll(streamOf(encoder.encode("no delimiter at all")))).rejects.toThrow(MultipartError);
    await expect(readAll(streamOf(new Uint8Array(0)))).rejects.toThrow(MultipartError);
  });

  it("refuses malformed parts: no form-data disposition, no name, garbage after a delimiter", async () => {
    const noDisposition = Buffer.from(`--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${BOUNDARY}--\r\n`);
    await expect(readAll(streamOf(noDisposition))).rejects.toThrow("a part without form-data disposition");
    const noName = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; filename="a"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`);
    await expect(readAll(streamOf(noName))).rejects.toThrow("a part without a name");
    const garbage = Buffer.from(`--${BOUNDARY}XX\r\n`);
    await expect(readAll(streamOf(garbage))).rejects.toThrow("a delimiter not followed by CRLF");
  });

  it("refuses headers over 16 KB and more than 100 parts, without reading the rest", async () => {
    const longHeader = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\nX-Pad: ${"p".repeat(17 * 1024)}\r\n\r\nx\r\n--${BOUNDARY}--\r\n`);
    await expect(readAll(streamOf(longHeader, 1024))).rejects.toThrow("part headers too long");
    const many = body(Array.from({ length: 101 }, (_, i) => ({ name: `f${i}`, value: "x" })));
    await expect(readAll(streamOf(many, 512))).rejects.toThrow("too many parts");
    expect(await readAll(streamOf(body(Array.from({ length: 100 }, (_, i) => ({ name: `f${i}`, value: "x" })))))).toHaveLength(100);
  });

  it("lets the consumer stop early and leaves the rest unread", async () => {
    let pulls = 0;
    const big = body([{ name: "video", filename: "v.mp4", value: Buffer.alloc(1024 * 1024) }]);
    let at = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++;
        if (at >= big.length) return controller.close();
        controller.enqueue(big.subarray(at, at + 1024));
        at += 1024;
      },
    });
    let seen = 0;
    for await (const event of multipartEvents(stream, BOUNDARY)) {
      if (event.type === "data") seen += event.chunk.length;
      if (seen > 10 * 1024) break; // a size limit, say
    }
    // A few chunks read ahead at most: not the whole megabyte.
    expect(pulls).toBeLessThan(30);
  });

  it("finds the boundary in the Content-Type, quoted or not, and nothing in other types", () => {
    expect(multipartBoundary(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b c"')).toBe("a b c");
    expect(multipartBoundary("application/x-www-form-urlencoded")).toBeUndefined();
    expect(multipartBoundary("multipart/form-data")).toBeUndefined();
    expect(multipartBoundary(null)).toBeUndefined();
    expect(multipartBoundary(`multipart/form-data; boundary=${"b".repeat(71)}`)).toBeUndefined();
  });
});
