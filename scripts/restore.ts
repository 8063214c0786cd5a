// --replace), with its media and its secrets key when it carries one (docs/decisions/058):
//   npm run restore -- FILE [--replace]
// The embedded database: stop the server first (DATA_DIR may be new or empty). Encrypted
// backups need BACKUP_PASSPHRASE. Prints the manifest's counts next to what was written.
import path from "node:path";
import { parseArgs } from "node:util";
import { commandDatabase, existingSecretsKey, placeRestoredKey } from "../app/lib/backup/backup-database.server";
import { MISSING_KEY_COST, restoreBackup } from "../app/lib/backup/backup-restore.server";
import { createMediaStore } from "../app/lib/media/storage/media-store.server";
import { createPrivateStore } from "../app/lib/media/storage/private-store.server";
import { getConfig } from "../app/lib/platform/config.server";

async function main() {
  const { values, positionals } = parseArgs({
    options: { replace: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error("Usage: npm run restore -- <backup file> [--replace]");
  const config = getConfig();
  const database = await commandDatabase(config);
  try {
    if (database.serverRunning) {
      throw new Error(`The site's server is running on ${config.dataDir}: stop it, then restore.`);
    }
    const started = Date.now();
    const report = await restoreBackup(path.resolve(file), {
      connection: database.connection,
      media: createMediaStore(config.mediaStorage),
      privateFiles: createPrivateStore(config.mediaStorage),
      passphrase: config.backupPassphrase,
      replace: values.replace,
      currentKey: existingSecretsKey(config),
    });
    const out = process.stdout;
    const { manifest, written } = report;
    out.write(`Restored ${path.basename(file)} (made ${manifest.createdAt}, schema ${manifest.schema.tag})\n`);
    out.write(`${"table".padEnd(28)}${"in backup".padStart(10)}${"written".padStart(10)}\n`);
    for (const [table, { rows }] of Object.entries(manifest.tables)) {
      const mark = written.tables[table] === rows ? "" : "  <- differs";
      out.write(
        `${table.padEnd(28)}${String(rows).padStart(10)}${String(written.tables[table] ?? 0).padStart(10)}${mark}\n`,
      );
    }
    out.write(
      `${"media files".padEnd(28)}${String(manifest.media.files).padStart(10)}${String(written.files).padStart(10)}\n`,
    );
    if (report.keyOutcome === "restored") {
      const placed = placeRestoredKey(config, report.secretsKey!);
      out.write(
        placed.needsSetting
          ? `Secrets key: restored into ${placed.file}; set SECRETS_KEY to its contents before starting the site.\n`
          : `Secrets key: restored${placed.file ? ` into ${placed.file}` : " (SECRETS_KEY is already that key)"}.\n`,
      );
    } else if (report.keyOutcome === "same") {
      out.write("Secrets key: the site's current key is the backup's; two-step verification keeps working.\n");
    } else {
      out.write(`Secrets key: missing. ${MISSING_KEY_COST}\n`);
    }
    out.write(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the site as usual.\n`);
    const short = Object.entries(manifest.tables).some(([table, { rows }]) => written.tables[table] !== rows);
    if (short || written.files !== manifest.media.files) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  process.stderr.write(`Restore refused: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
