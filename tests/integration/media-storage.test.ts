import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { serveMedia } from "~/lib/media/serve-media.server";
import { createLocalStore } from "~/lib/media/storage/local-store.server";
import type { MediaStore } from "~/lib/media/storage/media-store.server";
import { createS3Store } from "~/lib/media/storage/s3-store.server";
import { freePort } from "../support/server-process";
import { type S3TestServer, startS3Server } from "../support/s3-server";

// The two media store drivers against one contract, and the /uploads handler on each:
// the local folder in a temporary directory, and the S3 driver against s3rver.

let s3: S3TestServer;
let folder: string;
beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "media-store-"));
  s3 = await startS3Server();
});
afterAll(async () => {
  try {
    await s3?.close();
  } finally {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  }
});

const drivers: Array<[string, () => MediaStore]> = [
  ["local folder", () => createLocalStore(path.join(folder, "uploads"))],
  ["S3 bucket", () => createS3Store(s3.settings)],
];
/** 3,000 bytes that differ from each other, so a wrong range shows. */
const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
const text = (body: ReadableStream<Uint8Array>) => new Response(body).arrayBuffer().then((b) => Buffer.from(b));
const get = (headers: Record<string, string> = {}, method = "GET") =>
  new Request("http://localhost/uploads/x", { method, headers });

describe.each(drivers)("the %s store", (_name, makeStore) => {
  let store: MediaStore;
  beforeEach(async () => {
    fs.rmSync(path.join(folder, "uploads"), { recursive: true, force: true });
    await s3.clear();
    store = makeStore();
  });

  it("keeps bytes and a stream under a key, reads them whole or by range, lists and deletes them", async () => {
    await store.put("a1-480.jpg", bytes, { contentType: "image/jpeg" });
    await store.put("posters/b2-960.webp", Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), {
      contentType: "image/webp",
      size: bytes.byteLength,
    });

    const head = await store.head("a1-480.jpg");
    expect(head).toMatchObject({ size: 3000 });
    expect(head!.etag).toMatch(/^"[^"]+"$/);
    expect(head!.lastModified.getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);

    const whole = await store.read("posters/b2-960.webp");
    expect(whole!.object.size).toBe(3000);
    expect((await text(whole!.body)).equals(bytes)).toBe(true);
    const part = await store.read("a1-480.jpg", { start: 100, end: 199 });
    expect(part!.object).toEqual(head);
    expect((await text(part!.body)).equals(bytes.subarray(100, 200))).toBe(true);

    const listed = [];
    for await (const entry of store.list()) listed.push(entry);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: "a1-480.jpg", size: 3000 },
      { key: "posters/b2-960.webp", size: 3000 },
    ]);

    await store.delete(["a1-480.jpg", "posters/b2-960.webp"]);
    await store.delete(["a1-480.jpg", "never-there.png"]); // again, and a key that never was: fine
    expect(await store.head("a1-480.jpg")).toBeUndefined();
    expect(await store.read("posters/b2-960.webp")).toBeUndefined();
  });

  it("refuses keys that could leave its folder or name a temporary file", async () => {
    for (const key of [
      "../pg/PG_VERSION",
      "a/../../b.jpg",
      ".tmp-123",
      "a//b.jpg",
      "/etc/passwd",
      "%2e%2e/x.jpg",
      "",
    ]) {
      await expect(store.put(key, bytes, { contentType: "image/jpeg" }), key).rejects.toThrow(/Not a media key/);
      await expect(store.head(key), key).rejects.toThrow(/Not a media key/);
    }
  });

  it("serves a medium with the upload headers, 304s, ranges and HEAD", async () => {
    await store.put("c3-480.png", bytes, { contentType: "image/png" });
    const ok = (await serveMedia(store, get(), "c3-480.png"))!;
    expect(ok.status).toBe(200);
    const etag = ok.headers.get("etag")!;
    const lastModified = ok.headers.get("last-modified")!;
    expect(Object.fromEntries(ok.headers)).toMatchObject({
      "content-type": "image/png",
      "content-length": "3000",
      "cache-control": "public, max-age=31536000, immutable",
      "accept-ranges": "bytes",
    });
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(Date.parse(lastModified)).toBeGreaterThan(0);
    expect((await text(ok.body!)).equals(bytes)).toBe(true);

    const head = (await serveMedia(store, get({}, "HEAD"), "c3-480.png"))!;
    expect([head.status, head.headers.get("content-length"), head.body]).toEqual([200, "3000", null]);

    const revalidations: Array<Record<string, string>> = [
      { "if-none-match": etag },
      { "if-none-match": `"other", W/${etag}` },
      { "if-modified-since": lastModified },
    ];
    for (const conditions of revalidations) {
      const notModified = (await serveMedia(store, get(conditions), "c3-480.png"))!;
      expect(notModified.status, JSON.stringify(conditions)).toBe(304);
      expect(notModified.headers.get("etag")).toBe(etag);
      expect(notModified.body).toBeNull();
    }
    const changed = (await serveMedia(store, get({ "if-none-match": '"other"' }), "c3-480.png"))!;
    expect(changed.status).toBe(200);
    await changed.body?.cancel();
    const older = (await serveMedia(store, get({ "if-modified-since": new Date(0).toUTCString() }), "c3-480.png"))!;
    expect(older.status).toBe(200);
    await older.body?.cancel();

    const ranges: Array<[string, number, string | null, Buffer | null]> = [
      ["bytes=0-9", 206, "bytes 0-9/3000", bytes.subarray(0, 10)],
      ["bytes=2990-", 206, "bytes 2990-2999/3000", bytes.subarray(2990)],
      ["bytes=-5", 206, "bytes 2995-2999/3000", bytes.subarray(2995)],
      ["bytes=100-99999", 206, "bytes 100-2999/3000", bytes.subarray(100)],
      ["bytes=3000-", 416, "bytes */3000", null],
      ["bytes=0-1,5-6", 200, null, bytes], // several ranges: ignored, the whole medium
    ];
    for (const [range, status, contentRange, body] of ranges) {
      const answer = (await serveMedia(store, get({ range }), "c3-480.png"))!;
      expect(answer.status, range).toBe(status);
      expect(answer.headers.get("content-range"), range).toBe(contentRange);
      if (body) {
        expect(answer.headers.get("content-length"), range).toBe(String(body.byteLength));
        expect((await text(answer.body!)).equals(body), range).toBe(true);
      }
    }
    // If-Range names another version: the whole medium, not a piece of something else.
    const stale = (await serveMedia(store, get({ range: "bytes=0-9", "if-range": '"old"' }), "c3-480.png"))!;
    expect(stale.status).toBe(200);
    await stale.body?.cancel();
  });

  it("serves nothing that is missing, hidden, outside the store or of another type", async () => {
    await store.put("d4-480.jpg", bytes, { contentType: "image/jpeg" });
    await store.put("page.html", Buffer.from("<script>alert(1)</script>"), { contentType: "text/html" });
    for (const key of [
      "nope-480.jpg",
      "page.html",
      "../pg/PG_VERSION",
      "%2e%2e/d4-480.jpg",
      ".tmp-1.jpg",
      "d4-480.JPG",
    ]) {
      expect(await serveMedia(store, get(), key), key).toBeUndefined();
      expect(await serveMedia(store, get({ range: "bytes=0-1" }), key), key).toBeUndefined();
    }
  });
});

describe("the local folder store", () => {
  it("writes to a temporary name and renames: a failed write leaves no file, not even a partial one", async () => {
    const dir = path.join(folder, "atomic");
    const store = createLocalStore(dir);
    const failing = new Readable({
      read() {
        this.push(bytes);
        this.destroy(new Error("the client went away"));
      },
    });
    await expect(store.put("e5-480.jpg", failing, { contentType: "image/jpeg", size: 6000 })).rejects.toThrow(
      /went away/,
    );
    expect(fs.readdirSync(dir)).toEqual([]);

    // A stream shorter than it said is refused the same way.
    await expect(
      store.put("e5-480.jpg", Readable.from([bytes]), { contentType: "image/jpeg", size: 6000 }),
    ).rejects.toThrow(/3000 bytes written, 6000 expected/);
    expect(fs.readdirSync(dir)).toEqual([]);

    // A temporary file left by a crash is neither listed nor served.
    fs.writeFileSync(path.join(dir, ".tmp-crashed"), bytes);
    const listed = [];
    for await (const entry of store.list()) listed.push(entry);
    expect(listed).toEqual([]);
  });
});

describe("an object store that does not answer", () => {
  it("is a 503 for the medium (not a 500 page, not a hang), and a clear error for a write", async () => {
    const port = await freePort(); // nothing listens there
    const store = createS3Store({ ...s3.settings, endpoint: `http://127.0.0.1:${port}` });
    const answer = (await serveMedia(store, get(), "f6-480.jpg"))!;
    expect(answer.status).toBe(503);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("retry-after")).toBe("5");
    await expect(store.put("f6-480.jpg", bytes, { contentType: "image/jpeg" })).rejects.toThrow(/ECONNREFUSED/);
  });
});
