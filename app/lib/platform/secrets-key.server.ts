import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { type Config, ConfigError, decodeSecretsKey } from "./config.server";
import { type Database, schema } from "./db.server";
import { log } from "./log.server";
import { KEY_VERSION, keyFingerprint } from "./secrets.server";

/**
 * Where the master key for secrets at rest comes from (docs/decisions/021):
 * - SECRETS_KEY, whenever it is set;
 * - otherwise, for the embedded database, DATA_DIR/secrets.key, made on the first start
 *   (mode 0600) and read on every later one: the key stays with the data it protects
 *   without anyone having to set anything;
 * - with DATABASE_URL it is required: instances share the database, so they must share
 *   the key, and a key file on one machine's disk would silently differ from another's.
 *   Only development (`npm run dev`, one process) falls back to the key file.
 */
export const KEY_FILE_NAME = "secrets.key";

export function resolveSecretsKey(config: Pick<Config, "secretsKey" | "databaseUrl" | "dataDir" | "env">) {
  if (config.secretsKey) return { key: config.secretsKey, source: "SECRETS_KEY" as const };
  if (config.databaseUrl && config.env !== "development") {
    throw new ConfigError(
      "Invalid configuration:\n  SECRETS_KEY: required with DATABASE_URL (every instance needs the same key); " +
        "make one with `openssl rand -base64 32` and keep it with your database backups",
    );
  }
  if (config.databaseUrl) log.warn("SECRETS_KEY is not set: development uses the key file in DATA_DIR");
  return readOrCreateKeyFile(config.dataDir);
}

function readOrCreateKeyFile(dataDir: string) {
  const file = path.join(dataDir, KEY_FILE_NAME);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // Written whole under another name and linked into place: a second process starting at
    // the same moment either wins or reads the complete file, never half of one.
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(temporary, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    try {
      fs.linkSync(temporary, file);
      log.info("generated the secrets key", { file });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(temporary, { force: true });
    }
  }
  const mode = fs.statSync(file).mode & 0o777;
  if (mode & 0o077) log.warn("the secrets key file can be read by other users; chmod 600 it", { file, mode: mode.toString(8) });
  const key = decodeSecretsKey(fs.readFileSync(file, "utf8"));
  if (!key) throw new ConfigError(`Invalid secrets key file ${file}: it must hold 32 random bytes as base64`);
  return { key, source: "file" as const, file };
}

/**
 * Records the key's fingerprint in the database the first time, and refuses to go on with
 * another key later: with the wrong key every TOTP secret, recovery code and unsubscribe
 * link would fail one by one, and start-up would upgrade legacy values with it.
 */
export async function checkKeyAgainstDatabase(db: Database, key: Buffer, source: string) {
  const table = schema.secretKeyVersions;
  const fingerprint = keyFingerprint(key);
  await db.insert(table).values({ version: KEY_VERSION, fingerprint }).onConflictDoNothing();
  const [recorded] = await db.select().from(table).where(eq(table.version, KEY_VERSION));
  if (recorded?.fingerprint !== fingerprint) {
    throw new ConfigError(
      `Invalid configuration:\n  SECRETS_KEY: the key (from ${source}) is not the one this database's secrets ` +
        "were stored with; start with the original key (SECRETS_KEY, or DATA_DIR/secrets.key for the embedded database)",
    );
  }
}
