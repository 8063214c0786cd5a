import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "../../db/schema";
import { acquireDataDirLock } from "./data-dir-lock.server";
import { log } from "./log.server";
import { databaseDownForThisRequest } from "./test-faults.server";

export { schema };

/** The query builder both drivers share: domain modules never know which one runs. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… for a PostgreSQL server; unset for the embedded PGlite. */
  databaseUrl?: string;
  /** Folder of the embedded database (its files go in `<dataDir>/pg`). */
  dataDir: string;
  /** Pass "memory" to keep an embedded database in memory only (tests). */
  inMemory?: boolean;
}

export const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

// Serialises migrations and first-run set-up when several app processes start at once.
const STARTUP_LOCK_ID = 7_300_421;

/** Opens the database and applies pending migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options);
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString, options: "-c TimeZone=UTC", max: 10 });
  pool.on("error", (error) => log.error("postgres pool error", { error }));
  const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
  const lockClient = await pool.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [STARTUP_LOCK_ID]);
    await migratePostgres(db as never, { migrationsFolder });
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_ID]).catch(() => {});
    lockClient.release();
  }
  return { db, kind: "postgres", close: () => pool.end() };
}

async function openPglite(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const release = options.inMemory ? () => {} : acquireDataDirLock(options.dataDir);
  try {
    const client = options.inMemory ? new PGlite() : new PGlite(path.join(options.dataDir, "pg"));
    await client.waitReady;
    const db = drizzlePglite({ client, schema }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder });
    return {
      db,
      kind: "pglite",
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/** Cheap round trip for /healthz. */
export async function pingDatabase(db: Database) {
  await db.execute(sql`select 1`);
}

// The process-wide handle. Kept on globalThis so dev-server module reloads reuse it
// instead of opening the embedded database a second time.
const holder = globalThis as typeof globalThis & { __database?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined) {
  holder.__database = handle;
}

export function getDatabaseHandle(): DatabaseHandle | undefined {
  return holder.__database;
}

/** The database of this process; throws when it is not available (a 503 upstream). */
export function getDb(): Database {
  const handle = holder.__database;
  if (!handle || databaseDownForThisRequest()) throw new DatabaseUnavailableError("The database is not available");
  return handle.db;
}

export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
}
