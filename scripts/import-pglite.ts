// `npm run db:import-pglite -- <folder>`: copies a database written by PGlite (the
// embedded engine of earlier versions) into the embedded PostgreSQL in DATA_DIR.
// Move the old folder aside first (the server says how when it finds one); this
// reads it, leaves it untouched, and replaces whatever the new database holds, in one
// transaction. Needs the dev dependencies (`npm install`), which include PGlite.
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "../app/lib/platform/config.server";
import { openDatabase } from "../app/lib/platform/db.server";
import { copyPgliteInto } from "./pglite-copy";

async function main() {
  const source = process.argv[2];
  if (!source || !fs.existsSync(path.join(source, "PG_VERSION"))) {
    throw new Error("Usage: npm run db:import-pglite -- <folder written by PGlite, e.g. data/pglite-old>");
  }
  const config = getConfig();
  if (config.databaseUrl) throw new Error("DATABASE_URL is set: this imports into the embedded database only.");
  const target = await openDatabase({ dataDir: config.dataDir }); // migrates a new database
  try {
    const copied = await copyPgliteInto(path.resolve(source), target);
    for (const [table, rows] of copied) process.stdout.write(`  ${table}: ${rows} rows\n`);
    process.stdout.write(`Imported ${path.resolve(source)} into the embedded PostgreSQL in ${config.dataDir}.\n`);
  } finally {
    await target.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
