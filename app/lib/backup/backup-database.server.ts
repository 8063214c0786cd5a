import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import { type Config, decodeSecretsKey } from "../platform/config.server";
import { embeddedConnection, startEmbeddedPostgres } from "../platform/embedded-postgres.server";
import { log } from "../platform/log.server";
import { KEY_FILE_NAME } from "../platform/secrets-key.server";

/**
 * The database the backup and restore commands work on, as the server would find it:
 * DATABASE_URL, or the embedded PostgreSQL in DATA_DIR (the running server's, or one
 * started for the command, creating the data folder when there is none yet).
 */
export async function commandDatabase(config: Pick<Config, "databaseUrl" | "dataDir">) {
  if (config.databaseUrl) {
    return {
      connection: { connectionString: config.databaseUrl } as pg.PoolConfig,
      serverRunning: false,
      close: async () => {},
    };
  }
  const cluster = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    mode: "client",
    log: (level, msg, fields) => log[level](msg, fields),
  });
  return {
    connection: embeddedConnection(cluster.socketDir),
    serverRunning: !cluster.owned,
    close: () => cluster.stop(),
  };
}

/** The secrets key the site has (SECRETS_KEY or DATA_DIR/secrets.key), never making one. */
export function existingSecretsKey(config: Pick<Config, "secretsKey" | "dataDir">): Buffer | undefined {
  if (config.secretsKey) return config.secretsKey;
  const file = path.join(config.dataDir, KEY_FILE_NAME);
  if (!fs.existsSync(file)) return undefined;
  return decodeSecretsKey(fs.readFileSync(file, "utf8")) ?? undefined;
}

/**
 * Puts a restored key where the site reads it: DATA_DIR/secrets.key, unless SECRETS_KEY is
 * set to another key; then beside it, for the operator to move into SECRETS_KEY.
 */
export function placeRestoredKey(config: Pick<Config, "secretsKey" | "dataDir">, key: Buffer) {
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (config.secretsKey?.equals(key)) return { file: undefined, needsSetting: false };
  const file = path.join(config.dataDir, config.secretsKey ? `${KEY_FILE_NAME}.restored` : KEY_FILE_NAME);
  fs.writeFileSync(file, `${key.toString("base64")}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return { file, needsSetting: Boolean(config.secretsKey) };
}
