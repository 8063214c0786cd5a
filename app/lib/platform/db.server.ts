import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { drizzle, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "../../../db/schema";
import { embeddedConnection, type EmbeddedCluster, startEmbeddedPostgres } from "./embedded-postgres.server";
import { log } from "./log.server";
import { databaseDownForThisRequest } from "./test-faults.server";

export { schema };

/**
 * The query builder every domain module uses: the database or a transaction on it, alike.
 * Drizzle's `NodePgDatabase` adds the pool as `$client`, which a transaction lacks, so a
 * transaction was not a `Database` and every `db.transaction((tx) => …)` that called a domain
 * function cast it (``). Without `$client` (nothing here uses it) a
 * transaction is one, and the casts are gone.
 */
export type Database = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  /** "embedded": the PostgreSQL this app starts itself; "postgres": a server at DATABASE_URL. */
  kind: "embedded" | "postgres";
  /** The embedded server, when this handle started or found one. */
  cluster?: EmbeddedCluster;
  /** How to open one more connection (a LISTEN client) to the same database. */
  connection: pg.PoolConfig;
  /** The pool's connections right now, for /metrics (platform/metrics.server.ts). */
  poolUse(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://… for a PostgreSQL server; unset for the embedded one in `dataDir`. */
  databaseUrl?: string;
  /** Folder of the embedded database (its cluster goes in `<dataDir>/pg`). */
  dataDir: string;
  /** "server" owns the embedded cluster; "client" (scripts, tests) shares a running one. */
  role?: "server" | "client";
}

export const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

// Serialises migrations and first-run set-up when several app processes start at once.
const STARTUP_LOCK_ID = 7_300_421;

/** Opens the database (starting the embedded server when there is no URL) and migrates it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPool({ connectionString: options.databaseUrl }, "postgres");
  const cluster = await startEmbeddedPostgres({
    dataDir: options.dataDir,
    mode: options.role ?? "client",
    log: (level, msg, fields) => log[level](msg, fields),
  });
  try {
    return await openPool(embeddedConnection(cluster.socketDir), "embedded", cluster);
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** A migrated pool on any PostgreSQL connection (tests use it for throw-away databases). */
export async function openPool(
  connection: pg.PoolConfig,
  kind: DatabaseHandle["kind"],
  cluster?: EmbeddedCluster,
): Promise<DatabaseHandle> {
  const max = 10;
  const pool = new pg.Pool({ ...connection, options: "-c TimeZone=UTC", max });
  // An idle connection dropped by the server (restart, network) is removed from the
  // pool; the next query opens a new one.
  pool.on("error", (error) => log.warn("database connection lost", { error: error.message }));
  // A connection checked out between two queries (inside a transaction, say) that the
  // server drops emits "error" on its client; unheard, that would end the process.
  // The next query on it fails instead, and the request answers 503.
  pool.on("connect", (client) =>
    client.on("error", (error) => log.warn("database connection lost", { error: error.message })),
  );
  const db = drizzle({ client: pool, schema });
  try {
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock($1)", [STARTUP_LOCK_ID]);
      await migrate(db, { migrationsFolder });
    } finally {
      await lockClient.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_ID]).catch(() => {});
      lockClient.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    kind,
    cluster,
    connection,
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    close: async () => {
      await pool.end();
      await cluster?.stop();
    },
  };
}

/** Cheap round trip for /healthz. */
export async function pingDatabase(db: Database) {
  await db.execute(sql`select 1`);
}

// The process-wide handle. Kept on globalThis so dev-server module reloads reuse it
// instead of starting the embedded database a second time.
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

const UNREACHABLE_CODES = /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/;

/**
 * True for failures that mean the database cannot be reached right now (answered 503,
 * not 500): no handle, a refused or broken connection, PostgreSQL shutting down
 * (SQLSTATE 57P0x), too many connections (53300) or a connection exception (class 08),
 * also when wrapped by Drizzle (its error's `cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (UNREACHABLE_CODES.test(code) || /^(08|57P0)/.test(code) || code === "53300"))
      return true;
    // The embedded server's socket is missing while it restarts; other ENOENTs are files.
    if (code === "ENOENT" && (e as { syscall?: unknown }).syscall === "connect") return true;
    const message = e instanceof Error ? e.message : "";
    if (/^Connection terminated|not queryable|timeout exceeded when trying to connect/i.test(message)) return true;
  }
  return false;
}
