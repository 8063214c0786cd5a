import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { setClockOffset } from "~/lib/platform/clock.server";
import { type DatabaseHandle, openPool } from "~/lib/platform/db.server";
import { embeddedConnection } from "~/lib/platform/embedded-postgres.server";

/**
 * A migrated database for one test file: a fresh database on the run's embedded
 * PostgreSQL (started by embedded-cluster.global.ts), dropped when the handle closes;
 * or the PostgreSQL database named by TEST_DATABASE_URL (emptied first), so the same
 * tests prove the same migrations and queries on both.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const handle = await openPool({ connectionString: url }, "postgres");
    await truncateAll(handle);
    return handle;
  }
  const socketDir = inject("embeddedSocketDir");
  const name = `test_${randomBytes(6).toString("hex")}`;
  await adminQuery(socketDir, `create database ${name}`);
  const handle = await openPool(embeddedConnection(socketDir, name), "embedded");
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(socketDir, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * The usual life of a test file's database in one line: created before the first
 * test, emptied (and the app's clock put back) after each, dropped after the last.
 * The handle it returns reads the live one, so `handle.db` works inside tests.
 * `{ keepRowsBetweenTests: true }` for files whose tests build on each other.
 */
export function setUpTestDatabase(options: { keepRowsBetweenTests?: boolean } = {}): DatabaseHandle {
  let current: DatabaseHandle | undefined;
  const live = () => {
    if (!current) throw new Error("The test database is made in beforeAll: use it inside a test or hook");
    return current;
  };
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterEach(async () => {
    setClockOffset(0);
    if (current && !options.keepRowsBetweenTests) await truncateAll(current);
  });
  afterAll(async () => {
    await current?.close();
  });
  return {
    get db() {
      return live().db;
    },
    get kind() {
      return live().kind;
    },
    get cluster() {
      return live().cluster;
    },
    get connection() {
      return live().connection;
    },
    poolUse: () => live().poolUse(),
    close: () => live().close(),
  };
}

/** One statement as the superuser on the run's embedded cluster (create/drop database). */
export async function adminQuery(socketDir: string, query: string) {
  const client = new pg.Client(embeddedConnection(socketDir, "postgres"));
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

export async function truncateAll(handle: DatabaseHandle) {
  const rows = rowsOf<{ tablename: string }>(
    await handle.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`),
  );
  const tables = rows.map((row) => `"${row.tablename}"`).join(", ");
  if (tables) await handle.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
}

export function engineName() {
  return process.env.TEST_DATABASE_URL ? "PostgreSQL at TEST_DATABASE_URL" : "embedded PostgreSQL";
}

/** Rows of a raw `db.execute`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result && typeof result === "object" && "rows" in result ? result.rows : result) as T[];
}
