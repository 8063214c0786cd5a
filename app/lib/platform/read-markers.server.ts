import { count, eq, isNull, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./db.server";
import { isUuid } from "./ids";

/**
 * The read marker of the records staff work through (a lead, an application): a nullable
 * `read_at`, set the first time someone opens the record and never moved after. Written
 * once for both tables (issue #24); each domain keeps what opening its record loads.
 */
type ReadTracked = PgTable & { id: PgColumn; readAt: PgColumn };

/** How many records nobody has opened yet: the count beside the navigation item. */
export async function countUnread(db: Database, table: ReadTracked) {
  const [row] = await db.select({ n: count() }).from(table as PgTable).where(isNull(table.readAt));
  return row?.n ?? 0;
}

/**
 * Opens a record: marks it read (the first time only) and answers its row, or undefined
 * when there is none (an id that is not a uuid never reaches the query).
 */
export async function openAndMarkRead<Table extends ReadTracked>(
  db: Database,
  table: Table,
  id: string,
): Promise<Table["$inferSelect"] | undefined> {
  if (!isUuid(id)) return undefined;
  const rows = await db
    .update(table as PgTable)
    .set({ readAt: sql`coalesce(${table.readAt}, now())` } as never)
    .where(eq(table.id, id))
    .returning();
  return rows[0] as Table["$inferSelect"] | undefined;
}
