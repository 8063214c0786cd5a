import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, schema } from "~/lib/platform/db.server";
import * as fixtures from "../fixtures/images";
import { fetchFrom } from "../support/fault-load";
import { setUpProductionServer } from "../support/production-server";
import { makeDataDir } from "../support/server-process";

// The uploads folder (DATA_DIR/uploads) cannot be written: it is a file, a full disk,
// or a read-only one. The upload API must say so as an error, keep no partial file and
// record no media row; and uploads work again once the folder is fixed, without a restart.
// (Running as root, chmod stops nothing, hence a file in the way or a tiny tmpfs.)

const FAILED = { error: "Failed to upload image: something went wrong on our side. Please try again." };
let image: Buffer;

/** Whether this machine lets the test mount a tmpfs (root, and mount permitted). */
function canMountTmpfs() {
  if (process.getuid?.() !== 0) return false;
  const probe = makeDataDir("mount-probe");
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", probe], { stdio: "ignore" });
    execFileSync("umount", [probe], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}
const mountable = canMountTmpfs();
const mounted: string[] = [];

function mountTmpfs(dir: string, options: string) {
  fs.mkdirSync(dir, { recursive: true });
  execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir], { stdio: "ignore" });
  mounted.push(dir);
}

function unmountAll() {
  for (const dir of mounted.splice(0)) {
    try {
      execFileSync("umount", [dir], { stdio: "ignore" });
    } catch {
      execFileSync("umount", ["-l", dir], { stdio: "ignore" }); // busy: detach now, freed when unused
    }
  }
}

const fixture = setUpProductionServer("fault-uploads", {
  staff: { email: "uploads@fjordform.test", fullName: "Upload Tester" },
});
const uploadsFolder = () => path.join(fixture.dataDir, "uploads");
beforeAll(async () => {
  image = await fixtures.png(); // 800×600: four stored copies of some 100 KB to 1 MB each
});
afterEach(() => {
  unmountAll();
  fs.rmSync(uploadsFolder(), { recursive: true, force: true });
});
// Registered after the fixture's: runs before it (after-hooks run last-in, first-out), so
// nothing is mounted in the data folder when the fixture removes it.
afterAll(() => unmountAll());

async function upload() {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(image)], { type: "image/png" }), "diagram.png");
  const response = await fetchFrom(fixture.server, `${fixture.server.url}/api/upload-image`, {
    method: "POST",
    headers: { cookie: fixture.cookie, origin: fixture.server.url },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function mediaRows() {
  const handle = await openDatabase({ dataDir: fixture.dataDir });
  try {
    return await handle.db.select({ key: schema.media.storageKey, variants: schema.media.variants }).from(schema.media);
  } finally {
    await handle.close();
  }
}

/** After a refused upload: the error, no row, nothing left behind; then it works once fixed. */
async function expectRefusedThenRecovered(filesBefore: () => string[], fix: () => void) {
  const before = filesBefore();
  const rowsBefore = (await mediaRows()).length;
  const refused = await upload();
  expect(refused.status).toBe(500);
  expect(refused.body).toEqual(FAILED);
  expect(filesBefore(), "no partial file left").toEqual(before);
  expect((await mediaRows()).length, "no media row").toBe(rowsBefore);
  expect(fixture.server.process.exitCode).toBeNull();

  fix();
  const stored = await upload();
  expect(stored.status).toBe(201);
  expect(stored.body.message).toBe("Image uploaded successfully!");
  const url = (stored.body.data as { url: string }).url;
  expect((await fetch(fixture.server.url + url)).status).toBe(200);
  expect((await mediaRows()).length).toBe(rowsBefore + 1);
}

describe("the uploads folder cannot be written", () => {
  it("is a file (mkdir fails): 500 with the upload error, nothing stored; fine again once it is a folder", async () => {
    fs.writeFileSync(uploadsFolder(), "not a folder\n");
    await expectRefusedThenRecovered(
      () => [fs.readFileSync(uploadsFolder(), "utf8")],
      () => fs.rmSync(uploadsFolder()),
    );
  });

  it("is full (ENOSPC part-way through a file): 500, no partial file, no row", async (ctx) => {
    if (!mountable) ctx.skip("mounting a tmpfs needs root and a mount the container allows");
    mountTmpfs(uploadsFolder(), "size=64k,mode=0755");
    // Room for no stored copy of the image: the first write runs out of space part-way.
    const list = () => fs.readdirSync(uploadsFolder()).sort();
    await expectRefusedThenRecovered(list, unmountAll);
  });

  it("is read-only (EROFS): 500, no file, no row", async (ctx) => {
    if (!mountable) ctx.skip("mounting a tmpfs needs root and a mount the container allows");
    mountTmpfs(uploadsFolder(), "size=1m,ro");
    const list = () => fs.readdirSync(uploadsFolder()).sort();
    await expectRefusedThenRecovered(list, unmountAll);
  });
});
