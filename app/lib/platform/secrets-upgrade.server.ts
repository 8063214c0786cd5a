import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "./db.server";
import { PREFIX } from "./secrets.server";

/** Rows whose `column` holds a value from before secrets were protected (no `v1:` prefix). */
export const isLegacyValue = (column: PgColumn) => sql`${column} not like ${`${PREFIX}%`}`;

const BATCH = 500;

/**
 * Start-up upgrade of stored secrets (docs/decisions/021): rewrites `column` of every row
 * matching `pending`, in batches, with `rewrite` of its id and current value. The update is
 * conditional on the value read, so two instances starting together never rewrite a value
 * twice (the second finds it changed and leaves it). Returns how many rows were rewritten.
 */
export async function rewriteColumn(
  db: Database,
  options: {
    table: PgTable;
    id: PgColumn;
    column: PgColumn;
    pending: SQL;
    rewrite: (row: { id: string; value: string | null }) => string;
  },
) {
  const { table, id, column } = options;
  let rewritten = 0;
  for (;;) {
    const rows = (await db
      .select({ id, value: column })
      .from(table)
      .where(options.pending)
      .limit(BATCH)) as { id: string; value: string | null }[];
    if (rows.length === 0) return rewritten;
    const changes = JSON.stringify(rows.map((row) => ({ id: row.id, old: row.value, new: options.rewrite(row) })));
    const target = sql.identifier(column.name);
    const result = await db.execute(sql`
      update ${table} set ${target} = v.new
      from jsonb_to_recordset(${changes}::jsonb) as v(id uuid, old text, new text)
      where ${table}.${sql.identifier(id.name)} = v.id and ${table}.${target} is not distinct from v.old`);
    // Nothing changed: another instance is upgrading the same rows, and will finish them.
    if (!result.rowCount) return rewritten;
    rewritten += result.rowCount;
  }
}
