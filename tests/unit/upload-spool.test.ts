import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { SPOOL_MAX_AGE_MS, sweepUploadSpool } from "~/lib/showcase/showcase-upload.server";

// The upload spool on a real folder: what an interrupted video upload left a day ago goes;
// an upload still being written, and anything that is not a spool file, stay.
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "spool-test-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, ageMs: number) {
  const target = path.join(dir, name);
  fs.writeFileSync(target, "partial video bytes");
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(target, at, at);
}

it("removes spool files untouched for over a day and keeps the rest", async () => {
  file("stale.part", SPOOL_MAX_AGE_MS + 60_000);
  file("running.part", 5_000);
  file("notes.txt", SPOOL_MAX_AGE_MS * 3);
  expect(await sweepUploadSpool(dir)).toBe(1);
  expect(fs.readdirSync(dir).sort()).toEqual(["notes.txt", "running.part"]);
  expect(await sweepUploadSpool(dir)).toBe(0);
});

it("is nothing to do before the first upload made the folder", async () => {
  expect(await sweepUploadSpool(path.join(dir, "upload-spool"))).toBe(0);
});
