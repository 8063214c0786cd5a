import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, migrationsFolder, openPool } from "~/lib/platform/db.server";
import { embeddedConnection } from "~/lib/platform/embedded-postgres.server";
import { adminQuery } from "./test-database";

/** An empty database on the run's embedded PostgreSQL: its name, connection and URL. */
async function emptyDatabase(prefix: string) {
  const socketDir = inject("embeddedSocketDir");
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await adminQuery(socketDir, `create database ${name}`);
  return {
    connection: embeddedConnection(socketDir, name),
    url: `postgres://postgres@localhost/${name}?host=${encodeURIComponent(socketDir)}`,
    remove: () => adminQuery(socketDir, `drop database if exists ${name} with (force)`),
  };
}

/**
 * A fresh database on the run's embedded PostgreSQL that several app processes can
 * share (as instances behind a load balancer would share one PostgreSQL): its
 * DATABASE_URL for the servers, a migrated handle for the test, and `drop()`.
 */
export async function createSharedDatabase(prefix: string) {
  const database = await emptyDatabase(prefix);
  const handle: DatabaseHandle = await openPool(database.connection, "embedded");
  return {
    url: database.url,
    handle,
    async drop() {
      await handle.close();
      await database.remove();
    },
  };
}

/**
 * Like `createSharedDatabase`, but migrated only up to the migration `lastTag` (e.g.
 * "0003_login-ip-key"): a database as an older version of the app left it, for a test
 * of what the next start-up does with its data. `query` runs SQL on it as it is.
 */
export async function createDatabaseAtMigration(prefix: string, lastTag: string) {
  const database = await emptyDatabase(prefix);
  const pool = new pg.Pool({ ...database.connection, max: 2 });
  // An idle connection the server ends (a drop `with (force)`, a restart) is an "error" event
  // on the pool; unheard, it fails the whole run as an unhandled error. Queries still throw.
  pool.on("error", () => {});
  try {
    await withMigrationsUpTo(lastTag, (folder) => migrate(drizzle({ client: pool }), { migrationsFolder: folder }));
  } catch (error) {
    await pool.end();
    await database.remove();
    throw error;
  }
  return {
    url: database.url,
    query: (text: string, values: unknown[] = []) => pool.query(text, values),
    async drop() {
      await pool.end();
      await database.remove();
    },
  };
}

/** Runs `run` with a migrations folder that ends at `lastTag`, as an older version shipped it. */
export async function withMigrationsUpTo<T>(lastTag: string, run: (folder: string) => Promise<T>) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-"));
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"));
    const last = journal.entries.findIndex((entry: { tag: string }) => entry.tag === lastTag);
    if (last < 0) throw new Error(`no migration ${lastTag}`);
    journal.entries = journal.entries.slice(0, last + 1);
    fs.mkdirSync(path.join(folder, "meta"));
    fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
    for (const { tag } of journal.entries) {
      fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    }
    return await run(folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
