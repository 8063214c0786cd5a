import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { imageSlots, MAX_INPUT_PIXELS } from "~/lib/media/image-processing.server";
import { enforceUploadRateLimit, storeImage, uploadsDir } from "~/lib/media/uploads.server";
import * as fixtures from "../fixtures/images";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";
import { apiAnswerOf } from "~/lib/platform/http.server";

// Issue 12, findings 5 and 6: what one image may cost to process (pixels counting
// frames, first frame only, at most two at once, per-user rate), and that a bad or
// oversized image is the spec's 400/413, never a 500 with libvips' own words.

let handle: DatabaseHandle;
let dataDir: string;
let userId: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "image-cost-test-"));
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

const store = (bytes: Uint8Array) => storeImage(handle.db, { bytes, uploadedBy: userId, dataDir });
const storedFiles = () => (fs.existsSync(uploadsDir(dataDir)) ? fs.readdirSync(uploadsDir(dataDir)) : []);
const TOO_MANY_PIXELS =
  "Failed to upload image: the image is too large to process (at most 40 megapixels, counting every frame).";

/** What the API answers for this error (the same mapping as handleApi); fails for anything unmapped. */
function asApiAnswer(error: unknown) {
  const answer = apiAnswerOf(error);
  if (!answer) throw error;
  return answer;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => expect.fail("the image was accepted"),
    (e: unknown) => asApiAnswer(e),
  );
  expect(await handle.db.select().from(schema.media)).toHaveLength(0);
  expect(storedFiles()).toEqual([]);
  return { status: error.status, message: error.message };
}

/** A GIF of `frames` flat frames of `side` × `side`: small on disk, many pixels decoded. */
async function manyFrameGif(frames: number, side: number) {
  const frame = (background: string) =>
    sharp({ create: { width: side, height: side, channels: 4, background } })
      .png()
      .toBuffer();
  const [a, b] = await Promise.all([frame("#1b5e20"), frame("#b71c1c")]);
  const all = Array.from({ length: frames }, (_, i) => (i % 2 ? a! : b!));
  return sharp(all, { join: { animated: true } })
    .gif({ delay: 40, loop: 0 })
    .toBuffer();
}

describe(`image processing cost (${engineName()})`, () => {
  it("a small PNG declaring 10,000 × 10,000 pixels is refused 413 from its header", async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect(await refusal(store(bomb))).toEqual({ status: 413, message: TOO_MANY_PIXELS });
  });

  it("an animated GIF whose frames add up to more than 40 MP is refused 413", async () => {
    const gif = await manyFrameGif(100, 640); // 100 × 0.41 MP = 41 MP
    expect(100 * 640 * 640).toBeGreaterThan(MAX_INPUT_PIXELS);
    expect(gif.byteLength).toBeLessThan(1024 * 1024);
    expect(await refusal(store(gif))).toEqual({ status: 413, message: TOO_MANY_PIXELS });
  });

  it("of an animation within the budget only the first frame is decoded and stored", async () => {
    const { media } = await store(await fixtures.animatedGif());
    expect(media).toMatchObject({ width: 600, height: 400 });
    for (const variant of Object.values(media.variants)) {
      const meta = await sharp(path.join(dataDir, variant), { animated: true }).metadata();
      expect(meta.pages ?? 1, variant).toBe(1);
    }
  });

  it("at most two images are processed at once; the next waits for a slot, and past the queue it is a 503", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = [imageSlots.run(() => gate), imageSlots.run(() => gate)];
    try {
      expect(imageSlots.running).toBe(2);
      const waiting = store(await fixtures.png());
      const deadline = Date.now() + 60_000;
      while (imageSlots.waiting < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(imageSlots.waiting).toBe(1);
      expect(await handle.db.select().from(schema.media)).toHaveLength(0); // it has not started

      // Fill the rest of the queue: the next upload is turned away rather than queued without end.
      const queued = Array.from({ length: imageSlots.maxWaiting - 1 }, () => imageSlots.run(() => gate));
      const busy = await store(await fixtures.png()).then(
        () => expect.fail("accepted while every slot and the queue were taken"),
        (e: unknown) => asApiAnswer(e),
      );
      expect(busy.status).toBe(503);
      expect(busy.message).toBe(
        "Failed to upload image: the server is busy processing other images. Please try again in a moment.",
      );

      release();
      await Promise.all([...held, ...queued]);
      const { media } = await waiting;
      expect(media.width).toBe(800);
    } finally {
      release();
    }
    expect(imageSlots.running).toBe(0);
  });

  it("a staff member may upload 60 images in 10 minutes; the 61st is a 429 with Retry-After", async () => {
    for (let i = 0; i < 60; i++) await enforceUploadRateLimit(handle.db, userId);
    const error = await enforceUploadRateLimit(handle.db, userId).then(
      () => expect.fail("the 61st upload was allowed"),
      (e: unknown) => asApiAnswer(e),
    );
    expect(error.status).toBe(429);
    expect(error.message).toBe("Failed to upload image: too many uploads. Please wait a few minutes and try again.");
    expect(Number(error.headers["Retry-After"])).toBeGreaterThan(0);
    // Another staff member is not affected.
    await expect(enforceUploadRateLimit(handle.db, "another-user")).resolves.toBeUndefined();
  });
});

describe(`bad images are the spec's 400 (${engineName()})`, () => {
  const libvips = /vips|libspng|jpeg|gif|webp|corrupt|premature|Input/i;

  it("a PNG with corrupt pixel data is a 400 without libvips' words", async () => {
    const broken = Buffer.from(await fixtures.png());
    broken.fill(0xff, 200, 4000); // inside the first IDAT: the chunks still parse, the pixels do not
    const { status, message } = await refusal(store(broken));
    expect(status).toBe(400);
    expect(message).toBe("Failed to upload image: the content is not a valid PNG image.");
  });

  for (const [kind, make] of [
    ["JPEG", fixtures.jpegWithGps],
    ["WebP", fixtures.webp],
    ["GIF", fixtures.animatedGif],
  ] as const) {
    it(`a truncated ${kind} is a 400 naming only the format`, async () => {
      const whole = await make();
      const { status, message } = await refusal(store(whole.subarray(0, Math.floor(whole.byteLength / 3))));
      expect(status).toBe(400);
      expect(message).toBe(`Failed to upload image: the content is not a valid ${kind} image.`);
      expect(message.replace(`valid ${kind} image`, "")).not.toMatch(libvips);
    });
  }
});
