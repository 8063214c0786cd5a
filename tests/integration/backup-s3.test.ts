import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupShelf, listBackups, takeBackup } from "~/lib/backup/backup-shelf.server";
import { readBackup } from "~/lib/backup/backup-read.server";
import { parseConfig } from "~/lib/platform/config.server";
import { createS3Store } from "~/lib/media/storage/s3-store.server";
import { type S3TestServer, startS3Server } from "../support/s3-server";
import { engineName, setUpTestDatabase } from "../support/test-database";

// With media in a bucket, a backup takes them from the bucket and is kept there too, under
// its own prefix beside uploads/ (never under it, so never served), for every instance to see.
const handle = setUpTestDatabase();
let s3: S3TestServer;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-s3-"));
});
afterAll(async () => {
  try {
    await s3?.close();
  } finally {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

describe(`backups with media in a bucket (${engineName()})`, () => {
  it("copies the bucket's media into the backup and keeps the backup under backups/, not uploads/", async () => {
    const video = randomBytes(120_000);
    await createS3Store(s3.settings).put("showcase/film.mp4", video, { contentType: "video/mp4" });
    const config = parseConfig({ ...process.env, DATA_DIR: dataDir, S3_URL: s3.url });
    const summary = await takeBackup(config, { connection: handle.connection, trigger: "command" });
    expect(summary.media).toEqual({ files: 1, bytes: video.length });

    expect(await s3.keys("backups/")).toEqual([`backups/${summary.name}`, `backups/${summary.name}.json`]);
    expect(await s3.keys("uploads/")).toEqual(["uploads/showcase/film.mp4"]);
    expect((await listBackups(backupShelf(config))).map((backup) => backup.name)).toEqual([summary.name]);
    // Nothing left on local disk but the empty working folder.
    expect(fs.readdirSync(path.join(dataDir, "backups", ".work"))).toEqual([]);

    const file = path.join(dataDir, "from-bucket.ffbackup");
    fs.writeFileSync(file, await s3.bytes(`backups/${summary.name}`));
    const chunks: Buffer[] = [];
    for await (const event of readBackup(file)) if (event.kind === "fileData") chunks.push(event.bytes);
    expect(Buffer.concat(chunks).equals(video)).toBe(true);
  });
});
