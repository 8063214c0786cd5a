// media, a manifest with counts and checksums (docs/decisions/058):
//   npm run backup                 onto the shelf: DATA_DIR/backups, or the bucket's backups/
//   npm run backup -- --out FILE   into FILE
// With BACKUP_PASSPHRASE set the file is encrypted and carries the secrets key too.
// Prints where it went, how long it took and how big it is; exits 1 on failure.
import path from "node:path";
import { parseArgs } from "node:util";
import { commandDatabase, existingSecretsKey } from "../app/lib/backup/backup-database.server";
import { backupShelf, summarise, takeBackup } from "../app/lib/backup/backup-shelf.server";
import { writeBackupFile } from "../app/lib/backup/backup-write.server";
import { createMediaStore } from "../app/lib/media/storage/media-store.server";
import { createPrivateStore } from "../app/lib/media/storage/private-store.server";
import { getConfig } from "../app/lib/platform/config.server";

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const config = getConfig();
  const database = await commandDatabase(config);
  try {
    const secretsKey = existingSecretsKey(config);
    const summary = values.out
      ? await writeBackupFile(path.resolve(values.out), {
          connection: database.connection,
          media: createMediaStore(config.mediaStorage),
          privateFiles: createPrivateStore(config.mediaStorage),
          passphrase: config.backupPassphrase,
          secretsKey,
        }).then(({ manifest, bytes, milliseconds }) =>
          summarise(path.basename(values.out!), manifest, bytes, milliseconds, "command"),
        )
      : await takeBackup(config, { connection: database.connection, secretsKey, trigger: "command" });
    const where = values.out ? path.resolve(values.out) : `${summary.name} in ${backupShelf(config).description}`;
    const out = process.stdout;
    out.write(`Backup written: ${where}\n`);
    out.write(`  schema ${summary.schema}, ${summary.rows} rows in ${Object.keys(summary.tables).length} tables, `);
    out.write(`${summary.media.files} media files (${megabytes(summary.media.bytes)})\n`);
    out.write(`  size ${megabytes(summary.bytes)}, took ${(summary.milliseconds / 1000).toFixed(1)} s\n`);
    out.write(
      summary.encrypted
        ? "  encrypted with BACKUP_PASSPHRASE; the secrets key is inside\n"
        : "  not encrypted (set BACKUP_PASSPHRASE to encrypt): the secrets key is not inside, so after a restore\n" +
            "  two-step verification must be set up again unless you keep the key (secrets.key or SECRETS_KEY) too\n",
    );
  } finally {
    await database.close();
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

main().catch((error) => {
  process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
