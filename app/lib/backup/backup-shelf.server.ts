import { createPrivateStore } from "../media/storage/private-store.server";
import fs from "node:fs/promises";
import { createReadStream } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type pg from "pg";
import type { Config } from "../platform/config.server";
import { createLocalStore } from "../media/storage/local-store.server";
import { createMediaStore, type MediaStore } from "../media/storage/media-store.server";
import { createS3Store } from "../media/storage/s3-store.server";
import { type Manifest, writeBackupFile } from "./backup-write.server";

/**
 * Where backups are kept (the "shelf"): DATA_DIR/backups, or the bucket under "backups/"
 * when media are in a bucket (so every instance sees the same ones). Neither is ever served:
 * the site serves /uploads/ from the media store only. Beside each backup "<name>.json"
 * holds its summary, so the list needs no database and survives the database it saved.
 */
export const BACKUP_PREFIX = "backups/";
const EXTENSION = ".ffbackup";

export type BackupSummary = {
  name: string;
  createdAt: string;
  bytes: number;
  milliseconds: number;
  encrypted: boolean;
  secretsKey: Manifest["secretsKey"];
  schema: string;
  rows: number;
  tables: Record<string, number>;
  media: Manifest["media"];
  trigger: "schedule" | "staff" | "command";
};

type ShelfSettings = Pick<Config, "dataDir" | "mediaStorage">;

export function backupShelf(config: ShelfSettings): MediaStore {
  return config.mediaStorage.driver === "s3"
    ? createS3Store(config.mediaStorage.s3, { prefix: BACKUP_PREFIX, cacheControl: "private, no-store" })
    : createLocalStore(path.join(config.dataDir, "backups"));
}

export const isBackupName = (name: string) => /^backup-[0-9TZ-]+\.ffbackup$/.test(name);

/** Takes a backup now and puts it and its summary on the shelf. */
export async function takeBackup(
  config: ShelfSettings & Pick<Config, "backupPassphrase">,
  options: { connection: pg.PoolConfig; secretsKey?: Buffer; trigger: BackupSummary["trigger"] },
): Promise<BackupSummary> {
  const shelf = backupShelf(config);
  const name = `backup-${new Date().toISOString().replace(/[:.]/g, "-")}${EXTENSION}`;
  // Written to a hidden working folder first (the listing skips it), then stored whole.
  const work = path.join(config.dataDir, "backups", ".work");
  await fs.mkdir(work, { recursive: true });
  const file = path.join(work, name);
  try {
    const { manifest, bytes, milliseconds } = await writeBackupFile(file, {
      connection: options.connection,
      media: createMediaStore(config.mediaStorage),
      privateFiles: createPrivateStore(config.mediaStorage),
      passphrase: config.backupPassphrase,
      secretsKey: options.secretsKey,
    });
    const summary = summarise(name, manifest, bytes, milliseconds, options.trigger);
    await shelf.put(name, Readable.from(createReadStream(file)), {
      contentType: "application/octet-stream",
      size: bytes,
    });
    // The summary goes last: a backup is listed only once it is complete on the shelf.
    await shelf.put(summaryKey(name), Buffer.from(JSON.stringify(summary)), { contentType: "application/json" });
    return summary;
  } finally {
    await fs.rm(file, { force: true });
  }
}

export function summarise(
  name: string,
  manifest: Manifest,
  bytes: number,
  milliseconds: number,
  trigger: BackupSummary["trigger"],
): BackupSummary {
  const tables = Object.fromEntries(Object.entries(manifest.tables).map(([table, { rows }]) => [table, rows]));
  return {
    name,
    createdAt: manifest.createdAt,
    bytes,
    milliseconds,
    encrypted: manifest.encrypted,
    secretsKey: manifest.secretsKey,
    schema: manifest.schema.tag,
    rows: Object.values(tables).reduce((sum, rows) => sum + rows, 0),
    tables,
    media: manifest.media,
    trigger,
  };
}

const summaryKey = (name: string) => `${name}.json`;

/** The backups on the shelf, newest first. */
export async function listBackups(shelf: MediaStore): Promise<BackupSummary[]> {
  const summaries: BackupSummary[] = [];
  for await (const { key } of shelf.list()) {
    if (!key.endsWith(".json") || !isBackupName(key.slice(0, -5))) continue;
    const found = await shelf.read(key);
    if (!found) continue;
    const text = await new Response(found.body as ReadableStream).text();
    try {
      summaries.push(JSON.parse(text) as BackupSummary);
    } catch {
      // A summary that cannot be read is not a backup anyone can rely on: left out.
    }
  }
  return summaries.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** One backup's bytes, for the download; undefined when there is no such backup. */
export async function openBackup(shelf: MediaStore, name: string) {
  if (!isBackupName(name)) return undefined;
  const found = await shelf.read(name);
  if (!found) return undefined;
  return { size: found.object.size, body: Readable.fromWeb(found.body as NodeReadableStream<Uint8Array>) };
}

/** Removes backups older than `keepDays`, always keeping the newest one. */
export async function pruneBackups(shelf: MediaStore, keepDays: number, at = new Date()) {
  const limit = at.getTime() - keepDays * 24 * 60 * 60 * 1000;
  const [, ...older] = await listBackups(shelf);
  const expired = older.filter((summary) => new Date(summary.createdAt).getTime() < limit);
  // The summary first: a backup without one is no longer listed even if its file stays.
  for (const { name } of expired) await shelf.delete([summaryKey(name), name]);
  return expired.length;
}
