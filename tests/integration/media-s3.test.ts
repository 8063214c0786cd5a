import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { copyMedia } from "~/lib/media/copy-media.server";
import { deleteMedia, listMedia, storedKeys } from "~/lib/media/media-library.server";
import { createLocalStore } from "~/lib/media/storage/local-store.server";
import { createS3Store } from "~/lib/media/storage/s3-store.server";
import { storeImage } from "~/lib/media/uploads.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import * as fixtures from "../fixtures/images";
import { freePort } from "../support/server-process";
import { type S3TestServer, startS3Server } from "../support/s3-server";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";
import { SCRIPT_ACTOR } from "~/lib/auth/security-events.server";
import { capturingLog, errorLine } from "../support/captured-log";
import { NotFoundError } from "~/lib/platform/domain-errors";

// Uploads into a bucket, deleting them, and copying a local uploads folder into a
// bucket: the domain functions against a real S3-protocol server (s3rver).

let handle: DatabaseHandle;
let s3: S3TestServer;
let dataDir: string;
beforeAll(async () => {
  handle = await createTestDatabase();
  s3 = await startS3Server();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "media-s3-"));
});
afterAll(async () => {
  try {
    await s3?.close();
    await handle?.close();
  } finally {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
beforeEach(async () => {
  await truncateAll(handle);
  await s3.clear();
  fs.rmSync(path.join(dataDir, "uploads"), { recursive: true, force: true });
});

const bucketStore = () => createS3Store(s3.settings);
const rows = () => handle.db.select().from(schema.media);

describe(`uploads in an S3 bucket (${engineName()})`, () => {
  it("stores every web size as an object under uploads/, and nothing on local disk", async () => {
    const { url, media } = await storeImage(handle.db, {
      bytes: await fixtures.png(),
      uploadedBy: null,
      store: bucketStore(),
    });
    expect(url).toBe(`/uploads/${media.storageKey}-800.png`);
    const expected = ["480.png", "480.webp", "800.png", "800.webp"].map((v) => `uploads/${media.storageKey}-${v}`);
    expect(await s3.keys()).toEqual(expected);
    expect(
      storedKeys(media.variants)
        .map((key) => `uploads/${key}`)
        .sort(),
    ).toEqual(expected);
    expect(fs.existsSync(path.join(dataDir, "uploads"))).toBe(false);

    const stored = await sharp(await s3.bytes(`uploads/${media.storageKey}-480.webp`)).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(["webp", 480, 360]);
  });

  it("a bucket that cannot be reached: the upload error, no row, and no object left behind", async () => {
    const dead = createS3Store({ ...s3.settings, endpoint: `http://127.0.0.1:${await freePort()}` });
    const bytes = await fixtures.png();
    const { lines } = await capturingLog(() =>
      expect(storeImage(handle.db, { bytes, uploadedBy: null, store: dead })).rejects.toMatchObject({
        status: 500,
        message: "Failed to upload image: something went wrong on our side. Please try again.",
      }),
    );
    // For the operator: what failed, and that copies may be left in the bucket.
    expect(lines).toContainEqual(errorLine("image upload failed"));
    expect(lines).toContainEqual(errorLine("copies of a failed upload left in the media store"));
    expect(await rows()).toEqual([]);
    expect(await s3.keys()).toEqual([]);
  });

  it("the media library shows thumbnails from MEDIA_BASE_URL and gives each upload's widest copy as its address", async () => {
    const store = bucketStore();
    const png = await storeImage(handle.db, { bytes: await fixtures.png(), uploadedBy: null, store });
    const webp = await storeImage(handle.db, { bytes: await fixtures.webp(), uploadedBy: null, store });
    const items = await listMedia(handle.db, "https://media.example.no");
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get(png.media.id)).toMatchObject({
      thumb: `https://media.example.no/uploads/${png.media.storageKey}-480.webp`,
      largest: png.url,
    });
    expect(byId.get(webp.media.id)).toMatchObject({
      thumb: `https://media.example.no/uploads/${webp.media.storageKey}-480.webp`,
      largest: `/uploads/${webp.media.storageKey}-1600.webp`,
    });
    expect((await listMedia(handle.db, undefined))[0]!.thumb).toMatch(/^\/uploads\//);
  });

  it("deleting a medium deletes its row and every object; deleting it again finds nothing", async () => {
    const store = bucketStore();
    const kept = await storeImage(handle.db, { bytes: await fixtures.webp(), uploadedBy: null, store });
    const { media } = await storeImage(handle.db, { bytes: await fixtures.png(), uploadedBy: null, store });
    expect(await s3.keys()).toHaveLength(3 + 4); // the WebP's three sizes, the PNG's two in two formats

    expect(await deleteMedia(handle.db, store, media.id, SCRIPT_ACTOR)).toEqual({ kind: "deleted" });
    expect((await rows()).map((row) => row.id)).toEqual([kept.media.id]);
    expect(await s3.keys()).toEqual(
      storedKeys(kept.media.variants)
        .map((key) => `uploads/${key}`)
        .sort(),
    );

    await expect(deleteMedia(handle.db, store, media.id, SCRIPT_ACTOR)).rejects.toThrow(NotFoundError);
    await expect(deleteMedia(handle.db, store, "not-a-uuid", SCRIPT_ACTOR)).rejects.toThrow(NotFoundError);
  });

  it("a medium a post shows is not deleted until the post lets go of it", async () => {
    const store = bucketStore();
    const { url, media } = await storeImage(handle.db, { bytes: await fixtures.png(), uploadedBy: null, store });
    const [post] = await handle.db
      .insert(schema.blogPosts)
      .values({
        title: "Fjord light",
        excerpt: "e",
        author: "a",
        slug: "fjord-light",
        content: "c",
        featuredImage: url,
      })
      .returning();
    expect(await deleteMedia(handle.db, store, media.id, SCRIPT_ACTOR)).toEqual({
      kind: "in-use",
      uses: [{ kind: "post", id: post!.id, title: "Fjord light", place: "featured" }],
    });
    expect(await s3.keys()).toHaveLength(4);

    await handle.db.delete(schema.blogPosts);
    expect(post).toBeDefined();
    expect(await deleteMedia(handle.db, store, media.id, SCRIPT_ACTOR)).toEqual({ kind: "deleted" });
    expect(await s3.keys()).toEqual([]);
  });

  it("when the bucket refuses the delete, the row stays, so deleting again can finish", async () => {
    const { media } = await storeImage(handle.db, {
      bytes: await fixtures.png(),
      uploadedBy: null,
      store: bucketStore(),
    });
    const dead = createS3Store({ ...s3.settings, endpoint: `http://127.0.0.1:${await freePort()}` });
    await expect(deleteMedia(handle.db, dead, media.id, SCRIPT_ACTOR)).rejects.toThrow(/ECONNREFUSED/);
    expect(await rows()).toHaveLength(1);
    expect(await deleteMedia(handle.db, bucketStore(), media.id, SCRIPT_ACTOR)).toEqual({ kind: "deleted" });
    expect(await s3.keys()).toEqual([]);
  });
});

describe("copying the local uploads folder into a bucket", () => {
  it("copies every file once, byte for byte; a second run copies nothing; a new file alone is copied", async () => {
    const folder = path.join(dataDir, "uploads");
    const local = createLocalStore(folder);
    const first = await storeImage(handle.db, { bytes: await fixtures.png(), uploadedBy: null, store: local });
    const second = await storeImage(handle.db, { bytes: await fixtures.webp(), uploadedBy: null, store: local });
    const names = fs.readdirSync(folder).sort();
    expect(names).toHaveLength(4 + 3);

    const report = await copyMedia(local, bucketStore());
    const bytes = names.reduce((sum, name) => sum + fs.statSync(path.join(folder, name)).size, 0);
    expect(report).toEqual({ copied: 7, copiedBytes: bytes, skipped: 0, failed: [] });
    expect(await s3.keys()).toEqual(names.map((name) => `uploads/${name}`));
    for (const name of names) {
      expect((await s3.bytes(`uploads/${name}`)).equals(fs.readFileSync(path.join(folder, name))), name).toBe(true);
    }

    expect(await copyMedia(local, bucketStore())).toEqual({ copied: 0, copiedBytes: 0, skipped: 7, failed: [] });

    // A copy cut short earlier (wrong size in the bucket) is copied again; a file whose
    // name is not a valid key is reported, not guessed at; temporary files are ignored.
    const cut = `${first.media.storageKey}-480.png`;
    await bucketStore().put(cut, Buffer.from("partial"), { contentType: "image/png" });
    const third = await storeImage(handle.db, { bytes: await fixtures.jpegWithGps(), uploadedBy: null, store: local });
    fs.writeFileSync(path.join(folder, "holiday photo.jpg"), "x");
    fs.writeFileSync(path.join(folder, ".tmp-abc"), "x");
    const again = await copyMedia(local, bucketStore());
    expect(again.copied).toBe(1 + 6);
    expect(again.skipped).toBe(6);
    expect(again.failed).toEqual([{ key: "holiday photo.jpg", error: 'Not a media key: "holiday photo.jpg"' }]);
    expect((await s3.bytes(`uploads/${cut}`)).equals(fs.readFileSync(path.join(folder, cut)))).toBe(true);
    expect(await s3.keys()).toHaveLength(7 + 6);
    expect(second.media.id).not.toBe(third.media.id);
  });
});
