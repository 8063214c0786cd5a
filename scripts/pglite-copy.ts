import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../app/lib/platform/db.server";

const BATCH = 500;

/**
 * A PGlite database is from before issue 12, with every subscriber's unsubscribe token in
 * clear (`unsubscribe_token`, a column this schema no longer has). What migration 0005
 * does on the way: keep its SHA-256, which the next server start keys, so the links in
 * e-mails already sent keep working.
 */
async function keepOldUnsubscribeLinks(tx: { execute: DatabaseHandle["db"]["execute"] }, batch: string) {
  await tx.execute(sql`
    update newsletter_subscribers s
    set legacy_unsubscribe_token_hash = encode(sha256(convert_to(old.unsubscribe_token, 'UTF8')), 'hex')
    from json_to_recordset(${batch}::json) as old(id uuid, unsubscribe_token text)
    where s.id = old.id and old.unsubscribe_token is not null`);
}

/**
 * Copies every table of the app's schema from a PGlite folder into `target`, in one
 * transaction: the target's tables are emptied first (a server started on the new
 * folder may have seeded it), rows travel as JSON and are rebuilt by
 * json_populate_recordset, so every column type survives, and sequences are moved
 * past the copied ids. Foreign keys are checked at commit, not row by row.
 */
export async function copyPgliteInto(source: string, target: DatabaseHandle) {
  const old = new PGlite(source);
  await old.waitReady;
  try {
    const applied = await old.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations");
    const known = await target.db.execute<{ n: number }>(
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    if (applied.rows[0]!.n > known.rows[0]!.n) {
      throw new Error("The PGlite database is newer than this version of the app: update the app first.");
    }
    const tables = (
      await target.db.execute<{ name: string }>(
        sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
      )
    ).rows.map((row) => row.name);
    const copied = new Map<string, number>();
    await target.db.transaction(async (tx) => {
      await tx.execute(sql`set constraints all deferred`);
      await tx.execute(sql.raw(`truncate ${tables.map((t) => `"${t}"`).join(", ")} cascade`));
      // Triggers (foreign keys among them) are skipped while copying: the rows were
      // consistent in the source.
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const table of tables) {
        const exists = await old.query(`select 1 from pg_tables where schemaname = 'public' and tablename = $1`, [
          table,
        ]);
        if (exists.rows.length === 0) continue;
        // Only the columns the old folder has: a column added since (say `verified`, NOT NULL
        // with a default) then takes its default instead of the NULL a missing key would give.
        const present = new Set(
          (
            await old.query<{ name: string }>(
              `select column_name as name from information_schema.columns where table_schema = 'public' and table_name = $1`,
              [table],
            )
          ).rows.map((row) => row.name),
        );
        const targetColumns = (
          await tx.execute<{ name: string }>(
            sql`select column_name as name from information_schema.columns where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
          )
        ).rows.map((row) => row.name);
        const list = sql.raw(
          targetColumns
            .filter((column) => present.has(column))
            .map((column) => `"${column}"`)
            .join(", "),
        );
        let total = 0;
        for (let offset = 0; ; offset += BATCH) {
          const { rows } = await old.query<{ json: string }>(
            `select coalesce(json_agg(t), '[]')::text as json from (select * from "${table}" order by ctid limit ${BATCH} offset ${offset}) t`,
          );
          const batch = rows[0]!.json;
          if (batch === "[]") break;
          const into = sql.identifier(table);
          const result = await tx.execute(
            sql`insert into ${into} (${list}) select ${list} from json_populate_recordset(null::${into}, ${batch}::json)`,
          );
          total += result.rowCount ?? 0;
          if (table === "newsletter_subscribers") await keepOldUnsubscribeLinks(tx, batch);
        }
        copied.set(table, total);
      }
      await tx.execute(sql`set local session_replication_role = origin`);
      // A PGlite database predates the leads inbox: its submissions become leads, read,
      // as migration 0006 does for a database that was already on PostgreSQL.
      await tx.execute(sql`
        insert into leads (kind, contact_request_id, read_at, created_at)
        select 'contact', c.id, now(), c.created_at from contact_requests c
        where not exists (select 1 from leads l where l.contact_request_id = c.id)`);
      await tx.execute(sql`
        insert into leads (kind, gdpr_submission_id, read_at, created_at)
        select 'gdpr', g.id, now(), g.created_at from gdpr_submissions g
        where not exists (select 1 from leads l where l.gdpr_submission_id = g.id)`);
      const sequences = await tx.execute<{ tbl: string; col: string; seq: string }>(sql`
        select c.relname as tbl, a.attname as col, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq
        from pg_class c join pg_attribute a on a.attrelid = c.oid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
          and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`);
      for (const { tbl, col, seq } of sequences.rows) {
        await tx.execute(
          sql.raw(`select setval('${seq}', coalesce((select max("${col}") from "${tbl}"), 0) + 1, false)`),
        );
      }
    });
    return copied;
  } finally {
    await old.close();
  }
}
