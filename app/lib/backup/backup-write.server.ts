import { createHash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createGzip } from "node:zlib";
import pg from "pg";
import type { MediaStore } from "../media/storage/media-store.server";
import { deriveKey, encryptStream, fileHead, FRAME, frame, newEncryption } from "./backup-format.server";
import { appliedSchemaVersion, quote, type SchemaVersion, tablesInOrder } from "./backup-schema.server";

export type Manifest = {
  format: 1;
  createdAt: string;
  schema: SchemaVersion;
  encrypted: boolean;
  /** "included" only in an encrypted backup; otherwise two-step verification must be set up again after a restore. */
  secretsKey: "included" | "missing";
  tables: Record<string, { rows: number; sha256: string }>;
  media: { files: number; bytes: number };
  /** SHA-256 of every frame before the manifest. */
  payloadSha256: string;
};

export type BackupOptions = {
  /** The database to copy (a client is opened for the snapshot's one transaction). */
  connection: pg.PoolConfig;
  media: MediaStore;
  /**
   * The staff-only files (job applicants' CVs, decision 057), kept in the file under
   * `private/` beside the media, so a restore puts them back in the private store.
   */
  privateFiles?: MediaStore;
  /** Encrypts the file; the secrets key goes in only then. */
  passphrase?: string;
  secretsKey?: Buffer;
  /** Rows a fetch; the cursor keeps memory flat whatever the table's size. */
  batchRows?: number;
};

const FILE_CHUNK = 256 * 1024;

/** Where the staff-only files sit among the media in a backup file (media keys never start so). */
export const PRIVATE_FILES_PREFIX = "private/";

/** Writes a backup to `file` (under a temporary name, renamed when complete). */
export async function writeBackupFile(file: string, options: BackupOptions) {
  const temporary = `${file}.partial`;
  const started = Date.now();
  try {
    const manifest = await writeBackup(createWriteStream(temporary, { flags: "wx", mode: 0o600 }), options);
    await fs.rename(temporary, file);
    const { size } = await fs.stat(file);
    return { manifest, bytes: size, milliseconds: Date.now() - started };
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

/**
 * The backup: every table read in one REPEATABLE READ transaction (one snapshot, however
 * many writes arrive meanwhile), through a cursor; then the media, listed after the
 * snapshot began, so every file a copied row names is there (media never change, a new
 * upload has a new name); the key when encrypted; the manifest last.
 */
export async function writeBackup(out: Writable, options: BackupOptions): Promise<Manifest> {
  const encryption = options.passphrase ? newEncryption() : null;
  out.write(fileHead({ encryption }));
  const gzip = createGzip({ level: 6 });
  const done =
    encryption && options.passphrase
      ? pipeline(gzip, encryptStream(deriveKey(options.passphrase, encryption), encryption), out)
      : pipeline(gzip, out);
  done.catch(() => {}); // awaited below; a failure also surfaces as a failed write
  const payloadHash = createHash("sha256");
  const emit = async (type: number, payload: Buffer) => {
    for (const part of frame(type, payload)) {
      payloadHash.update(part);
      if (!gzip.write(part)) await Promise.race([once(gzip, "drain"), done]);
    }
  };
  const json = (value: unknown) => Buffer.from(JSON.stringify(value));

  const client = new pg.Client({ ...options.connection, options: "-c TimeZone=UTC" });
  await client.connect();
  let manifest: Manifest;
  try {
    await client.query("begin isolation level repeatable read read only");
    const schema = await appliedSchemaVersion(client);
    if (!schema) throw new Error("The database has no schema yet: start the site once before backing it up.");
    const createdAt = new Date().toISOString();
    await emit(FRAME.header, json({ format: 1, createdAt, schema, encrypted: Boolean(encryption) }));
    const tables: Manifest["tables"] = {};
    for (const table of await tablesInOrder(client)) {
      await emit(FRAME.tableStart, json({ name: table }));
      const hash = createHash("sha256");
      let rows = 0;
      await client.query(
        `declare backup_rows no scroll cursor for select row_to_json(t)::text as j from public.${quote(table)} t`,
      );
      for (;;) {
        const batch = await client.query<{ j: string }>(`fetch ${options.batchRows ?? 500} from backup_rows`);
        if (batch.rows.length === 0) break;
        const payload = Buffer.from(`[${batch.rows.map((row) => row.j).join(",")}]`);
        hash.update(payload);
        rows += batch.rows.length;
        await emit(FRAME.rows, payload);
      }
      await client.query("close backup_rows");
      tables[table] = { rows, sha256: hash.digest("hex") };
      await emit(FRAME.tableEnd, json({ name: table, ...tables[table] }));
    }
    await client.query("commit");

    const media = { files: 0, bytes: 0 };
    const sources = [{ store: options.media, prefix: "" }];
    if (options.privateFiles) sources.push({ store: options.privateFiles, prefix: PRIVATE_FILES_PREFIX });
    for (const { store, prefix } of sources)
      for await (const { key: stored } of store.list()) {
        const key = prefix + stored;
        const found = await store.read(stored);
        if (!found) continue; // deleted since it was listed: no row of the snapshot can need it any more
        await emit(FRAME.fileStart, json({ key, size: found.object.size }));
        const hash = createHash("sha256");
        let size = 0;
        let buffered: Buffer[] = [];
        let bufferedBytes = 0;
        const flush = async () => {
          if (bufferedBytes === 0) return;
          await emit(FRAME.fileData, Buffer.concat(buffered));
          buffered = [];
          bufferedBytes = 0;
        };
        for await (const chunk of Readable.fromWeb(found.body as NodeReadableStream<Uint8Array>)) {
          const bytes = chunk as Buffer;
          hash.update(bytes);
          size += bytes.length;
          buffered.push(bytes);
          bufferedBytes += bytes.length;
          if (bufferedBytes >= FILE_CHUNK) await flush();
        }
        await flush();
        await emit(FRAME.fileEnd, json({ key, size, sha256: hash.digest("hex") }));
        media.files++;
        media.bytes += size;
      }

    const includeKey = Boolean(encryption && options.secretsKey);
    if (includeKey) await emit(FRAME.secretsKey, options.secretsKey!);
    manifest = {
      format: 1,
      createdAt,
      schema,
      encrypted: Boolean(encryption),
      secretsKey: includeKey ? "included" : "missing",
      tables,
      media,
      payloadSha256: payloadHash.copy().digest("hex"),
    };
    const last = frame(FRAME.manifest, json(manifest));
    for (const part of last) if (!gzip.write(part)) await Promise.race([once(gzip, "drain"), done]);
    gzip.end();
    await done;
  } catch (error) {
    gzip.destroy();
    out.destroy();
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
  return manifest;
}
