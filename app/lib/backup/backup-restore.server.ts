import { once } from "node:events";
import { PassThrough } from "node:stream";
import pg from "pg";
import type { MediaStore } from "../media/storage/media-store.server";
import { contentTypeOf } from "../media/storage/media-store.server";
import { PRIVATE_FILES_PREFIX } from "./backup-write.server";
import { KEY_VERSION, keyFingerprint } from "../platform/secrets.server";
import { BackupRefusedError } from "./backup-format.server";
import { readBackup, verifyBackup } from "./backup-read.server";
import {
  checkRestorable,
  dropEverything,
  hasRows,
  migrateTo,
  quote,
  resetSequences,
  writableColumns,
} from "./backup-schema.server";
import type { Manifest } from "./backup-write.server";

/** Reads a file's bytes to the end and keeps none (a private file with nowhere to go). */
async function drain(body: PassThrough) {
  for await (const chunk of body) void chunk;
}

export type RestoreOptions = {
  connection: pg.PoolConfig;
  media: MediaStore;
  /** Where the backup's `private/` files go (the private store); without one they are skipped. */
  privateFiles?: MediaStore;
  passphrase?: string;
  /** Empties a database that has rows first; without it such a database is refused. */
  replace?: boolean;
  /** The key the restored site will start with (SECRETS_KEY or the key file), when there is one already. */
  currentKey?: Buffer;
};

export type RestoreReport = {
  manifest: Manifest;
  written: { tables: Record<string, number>; files: number; bytes: number };
  /**
   * "restored": the backup's key is returned in `secretsKey`, to be put where the site reads it;
   * "same": the site's current key is the one the backup's secrets were stored with;
   * "missing": secrets made with the old key were removed: two-step verification must be set
   * up again, sessions and one-time links ended, old unsubscribe links no longer work.
   */
  keyOutcome: "restored" | "same" | "missing";
  secretsKey?: Buffer;
};

/**
 * Restores a backup into an empty database (or any, with `replace`): the whole file is
 * checked first, so a cut or altered one is refused before anything is touched; then the
 * migrations up to the backup's schema, the rows in one transaction (parents first, the
 * sequences set after), the media, and the migrations that came after the backup.
 */
export async function restoreBackup(file: string, options: RestoreOptions): Promise<RestoreReport> {
  const manifest = await verifyBackup(file, options.passphrase);
  checkRestorable(manifest.schema);
  const pool = new pg.Pool({ ...options.connection, options: "-c TimeZone=UTC", max: 2 });
  // An idle connection the server ends (the database dropped after a test, a restart) must not end the process.
  pool.on("error", () => {});
  try {
    const client = await pool.connect();
    const written: RestoreReport["written"] = { tables: {}, files: 0, bytes: 0 };
    let secretsKey: Buffer | undefined;
    try {
      if ((await hasRows(client)) && !options.replace) {
        throw new BackupRefusedError(
          "The database is not empty: restore into an empty one, or add --replace to overwrite everything in it.",
        );
      }
      // Empty tables of whatever version are dropped too: the backup's own migrations make them again.
      await dropEverything(client);
      await migrateTo(pool, manifest.schema);

      await client.query("begin");
      let columns: string[] = [];
      let committed = false;
      let upload: { body: PassThrough; done: Promise<void> } | undefined;
      for await (const event of readBackup(file, options.passphrase)) {
        if (event.kind === "table") {
          columns = await writableColumns(client, event.name);
          written.tables[event.name] = 0;
        } else if (event.kind === "rows") {
          const list = columns.map(quote).join(", ");
          const result = await client.query(
            `insert into public.${quote(event.table)} (${list}) overriding system value
             select ${list} from json_populate_recordset(null::public.${quote(event.table)}, $1::json)`,
            [event.json],
          );
          written.tables[event.table]! += result.rowCount ?? 0;
        } else if (event.kind === "fileStart") {
          // Tables come before media in the file: the rows are complete, commit them first.
          if (!committed) await commitRows(client);
          committed = true;
          const body = new PassThrough();
          const isPrivate = event.key.startsWith(PRIVATE_FILES_PREFIX);
          const store = isPrivate ? options.privateFiles : options.media;
          const key = isPrivate ? event.key.slice(PRIVATE_FILES_PREFIX.length) : event.key;
          const done = store
            ? store.put(key, body, { contentType: contentTypeOf(key) ?? "application/octet-stream", size: event.size })
            : drain(body);
          done.catch(() => {});
          upload = { body, done };
        } else if (event.kind === "fileData" && upload) {
          if (!upload.body.write(event.bytes)) await Promise.race([once(upload.body, "drain"), upload.done]);
        } else if (event.kind === "fileEnd" && upload) {
          upload.body.end();
          await upload.done;
          upload = undefined;
          written.files++;
          written.bytes += event.size;
        } else if (event.kind === "secretsKey") {
          secretsKey = event.key;
        }
      }
      if (!committed) await commitRows(client);
      await migrateTo(pool);
      const keyOutcome = secretsKey ? "restored" : await keepOrForgetSecrets(client, options.currentKey);
      return { manifest, written, keyOutcome, secretsKey };
    } catch (error) {
      await client.query("rollback").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  } finally {
    await pool.end();
  }
}

async function commitRows(client: pg.PoolClient) {
  await resetSequences(client);
  await client.query("commit");
}

/**
 * Without the backup's key, what was sealed or keyed with it is useless, and the site would
 * refuse to start (the database names the old key's fingerprint). Unless the current key is
 * that very key, those rows go: two-step factors and recovery codes, sessions, one-time
 * links, preview links; unsubscribe hashes are made again with the new key at start-up.
 */
async function keepOrForgetSecrets(client: pg.PoolClient, currentKey: Buffer | undefined) {
  const recorded = await client.query<{ fingerprint: string }>(
    `select fingerprint from secret_key_versions where version = $1`,
    [KEY_VERSION],
  );
  const fingerprint = recorded.rows[0]?.fingerprint;
  if (!fingerprint) return "same" as const;
  if (currentKey && keyFingerprint(currentKey) === fingerprint) return "same" as const;
  await client.query("begin");
  for (const statement of [
    "delete from secret_key_versions",
    "delete from mfa_factors",
    "delete from mfa_recovery_codes",
    "delete from user_sessions",
    "delete from account_tokens",
    "delete from blog_preview_links",
    "update newsletter_subscribers set unsubscribe_token_hash = null",
  ]) {
    await client.query(statement);
  }
  await client.query("commit");
  return "missing" as const;
}

/** What a missing key costs, for the operator (the restore script prints it). */
export const MISSING_KEY_COST =
  "The secrets key is not in this backup (only an encrypted backup carries it). Restored without it: " +
  "every staff member who used two-step verification must set it up again (their authenticator and " +
  "recovery codes were removed), everyone signs in again, open invitation, reset and preview links " +
  "stopped working, and unsubscribe links in newsletters already sent no longer work (new ones do).";
