import { sql } from "drizzle-orm";
import { openDatabase, type DatabaseHandle } from "~/lib/db.server";

/**
 * A migrated database for one test file: an in-memory PGlite by default, or the
 * PostgreSQL database named by TEST_DATABASE_URL (emptied first), so the same tests
 * prove the same migrations and queries on both engines.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ dataDir: "", inMemory: true });
  const handle = await openDatabase({ databaseUrl: url, dataDir: "" });
  await truncateAll(handle);
  return handle;
}

export async function truncateAll(handle: DatabaseHandle) {
  const rows = rowsOf<{ tablename: string }>(
    await handle.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`),
  );
  const tables = rows.map((row) => `"${row.tablename}"`).join(", ");
  if (tables) await handle.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
}

export function engineName() {
  return process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
}

/** Rows of a raw `db.execute`, whose result shape differs between the two drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return (result && typeof result === "object" && "rows" in result ? result.rows : result) as T[];
}
