import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import {
  discardRestOfBody,
  MAX_UPLOAD_BYTES,
  readImageUpload,
  storeImage,
  uploadsDir,
} from "~/lib/media/uploads.server";
import * as fixtures from "../fixtures/images";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";
import { apiAnswerOf } from "~/lib/platform/http.server";

let handle: DatabaseHandle;
let dataDir: string;
let userId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-test-"));
});
afterAll(async () => {
  await handle?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await truncateAll(handle);
  fs.rmSync(uploadsDir(dataDir), { recursive: true, force: true });
  const [user] = await handle.db
    .insert(schema.users)
    .values({ email: "editor@fjordform.test", passwordHash: "not used here" })
    .returning();
  userId = user!.id;
});

/** What a browser would send: multipart/form-data with the file in `field`. */
async function multipart(bytes: Uint8Array, name: string, type: string, field = "image") {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  const encoded = new Request("http://localhost/api/upload-image", { method: "POST", body: form });
  return { contentType: encoded.headers.get("content-type")!, body: new Uint8Array(await encoded.arrayBuffer()) };
}

/**
 * An upload request whose body streams in 64 KiB chunks (with or without a
 * Content-Length), counting how many bytes the server pulled from it.
 */
async function uploadRequest(
  bytes: Uint8Array,
  options: { name?: string; type?: string; contentLength?: boolean } = {},
) {
  const { contentType, body } = await multipart(bytes, options.name ?? "photo.jpg", options.type ?? "image/jpeg");
  const pulled = { bytes: 0 };
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.byteLength) return controller.close();
      const chunk = body.subarray(offset, offset + 64 * 1024);
      offset += chunk.byteLength;
      pulled.bytes += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const headers: Record<string, string> = { "content-type": contentType };
  if (options.contentLength !== false) headers["content-length"] = String(body.byteLength);
  const request = new Request("http://localhost/api/upload-image", {
    method: "POST",
    headers,
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { request, pulled, bodySize: body.byteLength };
}

async function upload(bytes: Uint8Array, options: { name?: string; type?: string } = {}) {
  const { request } = await uploadRequest(bytes, options);
  return storeImage(handle.db, { bytes: (await readImageUpload(request)).bytes, uploadedBy: userId, dataDir });
}

const storedFiles = () => (fs.existsSync(uploadsDir(dataDir)) ? fs.readdirSync(uploadsDir(dataDir)) : []);
const onDisk = (url: string) => path.join(dataDir, url);
const invalidType = (type: string) => `Invalid file type: ${type}. Only JPEG, PNG, GIF, and WebP images are allowed.`;

async function expectRefused(promise: Promise<unknown>, status: number, message: string | RegExp) {
  const error = await promise.then(
    () => expect.fail("the upload was accepted"),
    (e: unknown) => {
      const answer = apiAnswerOf(e); // what the API answers for it (handleApi's mapping)
      if (!answer) throw e;
      return answer;
    },
  );
  expect(error.status).toBe(status);
  if (typeof message === "string") expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
  expect(await handle.db.select().from(schema.media)).toHaveLength(0);
  expect(storedFiles()).toEqual([]);
}

describe(`staff image uploads (${engineName()})`, () => {
  const cases = [
    {
      kind: "JPEG",
      make: fixtures.jpegWithGps,
      name: "IMG_0042.JPG",
      mime: "image/jpeg",
      ext: "jpg",
      size: [1200, 2000],
      widths: [480, 960, 1200],
    },
    {
      kind: "PNG",
      make: fixtures.png,
      name: "diagram.png",
      mime: "image/png",
      ext: "png",
      size: [800, 600],
      widths: [480, 800],
    },
    {
      kind: "GIF",
      make: fixtures.animatedGif,
      name: "loop.gif",
      mime: "image/gif",
      ext: "gif",
      size: [600, 400],
      widths: [480, 600],
    },
    {
      kind: "WebP",
      make: fixtures.webp,
      name: "hero.webp",
      mime: "image/webp",
      ext: "webp",
      size: [1800, 1000],
      widths: [480, 960, 1600],
    },
  ] as const;

  for (const c of cases) {
    it(`a ${c.kind} is stored as web sizes under a UUID, and recorded`, async () => {
      const original = await c.make();
      const { url, media } = await upload(original, { name: c.name, type: c.mime });

      const largest = c.widths.at(-1)!;
      expect(url).toMatch(new RegExp(`^/uploads/[0-9a-f-]{36}-${largest}\\.${c.ext}$`));
      expect(url).toBe(`/uploads/${media.storageKey}-${largest}.${c.ext}`);
      expect(media).toMatchObject({
        mimeType: c.mime,
        sizeBytes: original.byteLength,
        width: c.size[0],
        height: c.size[1],
        uploadedBy: userId,
      });
      const formats = [...new Set(["webp", c.ext])];
      expect(Object.keys(media.variants).sort()).toEqual(
        c.widths.flatMap((w) => formats.map((f) => `${w}.${f}`)).sort(),
      );
      expect(storedFiles().sort()).toEqual(
        Object.values(media.variants)
          .map((v) => path.basename(v))
          .sort(),
      );
      expect(storedFiles().some((file) => file.includes(path.parse(c.name).name))).toBe(false);

      for (const [key, variantUrl] of Object.entries(media.variants)) {
        const [width, format] = key.split(".");
        const meta = await sharp(onDisk(variantUrl), { animated: true }).metadata();
        expect(meta.format, key).toBe(format === "jpg" ? "jpeg" : format);
        expect(meta.width, key).toBe(Number(width));
        expect(meta.pageHeight ?? meta.height, key).toBe(Math.round((Number(width) * c.size[1]) / c.size[0]));
        expect(meta.exif, key).toBeUndefined();
        // Only the first frame of an animation is decoded and kept (image-processing.server.ts).
        if (c.kind === "GIF") expect(meta.pages ?? 1, `${key} is a still`).toBe(1);
      }
      expect(await handle.db.select().from(schema.media)).toHaveLength(1);
    });
  }

  it("the camera's EXIF (GPS, make) is gone from the stored JPEG, which is upright", async () => {
    const original = await fixtures.jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif?.toString("latin1")).toContain("FixtureCam");
    expect(before.orientation).toBe(6);

    const { media } = await upload(original);
    for (const variantUrl of Object.values(media.variants)) {
      const stored = fs.readFileSync(onDisk(variantUrl));
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(meta.height).toBeGreaterThan(meta.width); // rotated into the pixels, not a tag
      expect(stored.toString("latin1")).not.toContain("FixtureCam");
    }
  });

  it("a PHP file named photo.jpg and sent as image/jpeg is refused by its bytes", async () => {
    await expectRefused(
      upload(fixtures.phpShell, { name: "photo.jpg", type: "image/jpeg" }),
      400,
      invalidType("unknown"),
    );
  });

  it("an SVG is refused, with or without an XML declaration", async () => {
    await expectRefused(
      upload(fixtures.svgWithScript, { name: "logo.svg", type: "image/svg+xml" }),
      400,
      invalidType("application/xml"),
    );
    const bare = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expectRefused(upload(bare, { name: "logo.png", type: "image/png" }), 400, invalidType("unknown"));
  });

  it("a PDF is refused with its real type", async () => {
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    await expectRefused(upload(pdf, { name: "scan.jpg", type: "image/jpeg" }), 400, invalidType("application/pdf"));
  });

  it("a 6 MB body with a Content-Length is refused before any of it is read", async () => {
    const { request, pulled, bodySize } = await uploadRequest(fixtures.oversized(6));
    expect(bodySize).toBeLessThan(6 * 1024 * 1024 + 1024); // so its size in MB reads 6.00
    await expectRefused(readImageUpload(request), 413, "File too large: 6.00MB. Maximum size is 5MB.");
    expect(pulled.bytes).toBeLessThanOrEqual(64 * 1024); // the one chunk a stream pre-fetches on creation
  });

  it("a 6 MB body without a Content-Length is cut off just past 5 MB, not buffered whole", async () => {
    const { request, pulled } = await uploadRequest(fixtures.oversized(6), { contentLength: false });
    await expectRefused(readImageUpload(request), 413, /^File too large: 5\.\d\dMB\. Maximum size is 5MB\.$/);
    expect(pulled.bytes).toBeGreaterThan(MAX_UPLOAD_BYTES);
    expect(pulled.bytes).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 64 * 1024 + 2 * 64 * 1024);
  });

  it("after a refusal the rest of the body is dropped unbuffered, within a byte budget", async () => {
    const first = await uploadRequest(fixtures.oversized(6));
    await expect(readImageUpload(first.request)).rejects.toMatchObject({ status: 413 });
    expect(await discardRestOfBody(first.request)).toBe(true); // read to its end: the connection can stay open
    expect(first.pulled.bytes).toBe(first.bodySize);

    const second = await uploadRequest(fixtures.oversized(6), { contentLength: false });
    await expect(readImageUpload(second.request)).rejects.toMatchObject({ status: 413 });
    expect(await discardRestOfBody(second.request, { bytes: 256 * 1024, ms: 5_000 })).toBe(false); // past it: close
    expect(second.pulled.bytes).toBeLessThan(second.bodySize);
  });

  it("a file one byte over 5 MB in a body within the multipart allowance is refused by the file's size", async () => {
    const { request } = await uploadRequest(Buffer.concat([fixtures.oversized(5), Buffer.from([0])]));
    await expectRefused(readImageUpload(request), 413, "File too large: 5.00MB. Maximum size is 5MB.");
    await expectRefused(
      storeImage(handle.db, { bytes: fixtures.oversized(6), uploadedBy: userId, dataDir }),
      413,
      "File too large: 6.00MB. Maximum size is 5MB.",
    );
  });

  it("a form without an image file is a 400", async () => {
    const { contentType, body } = await multipart(await fixtures.png(), "a.png", "image/png", "picture");
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    });
    await expectRefused(readImageUpload(request), 400, 'Failed to upload image: no file in the field "image".');
    const json = new Request("http://localhost/", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    await expectRefused(readImageUpload(json), 400, /^Failed to upload image: /);
  });

  it("bytes that only start like a JPEG fail cleanly as a 400: no row, no files, no libvips text", async () => {
    const truncated = (await fixtures.jpegWithGps()).subarray(0, 600);
    await expectRefused(upload(truncated), 400, "Failed to upload image: the content is not a valid JPEG image.");
  });

  // Its time is bounded by the processing deadline in image-processing.server.ts (a
  // photo that took longer would be refused), not by a guess at this machine's speed.
  it("a 4 MB photo from a phone is accepted and processed into every size", async () => {
    const photo = await fixtures.largeJpeg(4);
    expect(photo.byteLength).toBeGreaterThan(3.5 * 1024 * 1024);
    expect(photo.byteLength).toBeLessThan(MAX_UPLOAD_BYTES);
    const { url, media } = await upload(photo);
    expect(url).toMatch(/-1600\.jpg$/);
    expect(Object.keys(media.variants)).toHaveLength(6);
  });
});
