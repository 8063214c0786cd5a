import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";
import { migrationsFolder } from "../platform/db.server";
import { BackupRefusedError } from "./backup-format.server";

/**
 * What a backup knows about the database's shape: the schema version (the last migration
 * applied, by its tag and time as drizzle's journal has them), and the tables in an order
 * that inserts every referenced row before the rows that refer to it.
 */
export type SchemaVersion = { tag: string; when: number };

type Journal = { entries: Array<{ idx: number; tag: string; when: number }> };
type Queryable = Pick<pg.ClientBase, "query">;

export function readJournal(folder = migrationsFolder): Journal {
  return JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as Journal;
}

/** The last migration drizzle applied here (it records each one's journal time), or undefined on an empty database. */
export async function appliedSchemaVersion(client: Queryable): Promise<SchemaVersion | undefined> {
  const exists = await client.query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists.rows[0].present) return undefined;
  const result = await client.query(
    `select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (result.rows.length === 0) return undefined;
  const when = Number(result.rows[0].created_at);
  const entry = readJournal().entries.find((candidate) => candidate.when === when);
  return { tag: entry?.tag ?? `unknown-${when}`, when };
}

/** Refuses a backup whose schema this version of the site does not know (a newer one, most likely). */
export function checkRestorable(version: SchemaVersion) {
  const entries = readJournal().entries;
  if (entries.some((entry) => entry.when === version.when)) return;
  const latest = entries.at(-1)!;
  if (version.when > latest.when) {
    throw new BackupRefusedError(
      `The backup was made by a newer version of the site (schema ${version.tag}; this version knows up to ` +
        `${latest.tag}). Update the site, then restore.`,
    );
  }
  throw new BackupRefusedError(`The backup's schema (${version.tag}) is not one of this site's migrations.`);
}

/** Applies the migrations up to and including `version` (all of them when undefined). */
export async function migrateTo(pool: pg.Pool, version?: SchemaVersion) {
  const db = drizzle({ client: pool });
  if (!version) return migrate(db, { migrationsFolder });
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "restore-migrations-"));
  try {
    const journal = readJournal();
    journal.entries = journal.entries.filter((entry) => entry.when <= version.when);
    fs.mkdirSync(path.join(folder, "meta"));
    fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify(journal));
    for (const { tag } of journal.entries) {
      fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    }
    await migrate(db, { migrationsFolder: folder });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** The app's tables (schema public), parents before children by their foreign keys. */
export async function tablesInOrder(client: Queryable): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
    )
  ).rows.map((row) => row.name);
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
       where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
    )
  ).rows;
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: string[]) => {
    if (placed.has(table)) return;
    if (path.includes(table)) throw new Error(`foreign keys form a cycle: ${[...path, table].join(" → ")}`);
    for (const edge of edges) if (edge.child === table) visit(edge.parent, [...path, table]);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

/** The columns a restore writes: every stored one (generated columns are computed again). */
export async function writableColumns(client: Queryable, table: string): Promise<string[]> {
  const result = await client.query<{ name: string }>(
    `select a.attname as name from pg_attribute a
     where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`,
    [`public.${quote(table)}`],
  );
  return result.rows.map((row) => row.name);
}

export const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows in any of the app's tables: a database with some is not overwritten without --replace. */
export async function hasRows(client: Queryable) {
  for (const table of await tablesInOrder(client)) {
    const result = await client.query(`select exists (select 1 from public.${quote(table)}) as any`);
    if (result.rows[0].any) return true;
  }
  return false;
}

/** Empties the database for --replace: the app's tables, functions and migration records go. */
export async function dropEverything(client: Queryable) {
  for (const table of await tablesInOrder(client))
    await client.query(`drop table if exists public.${quote(table)} cascade`);
  const functions = await client.query<{ signature: string }>(
    `select p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.prokind = 'f'`,
  );
  for (const { signature } of functions.rows) await client.query(`drop function if exists ${signature} cascade`);
  await client.query(`drop schema if exists drizzle cascade`);
}

/** After rows were inserted with their ids: every sequence continues after the highest value. */
export async function resetSequences(client: Queryable) {
  const owned = await client.query<{ seq: string; tbl: string; col: string }>(
    `select s.oid::regclass::text as seq, t.oid::regclass::text as tbl, a.attname as col
     from pg_class s join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
     join pg_class t on t.oid = d.refobjid join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     join pg_namespace n on n.oid = t.relnamespace
     where s.relkind = 'S' and n.nspname = 'public'`,
  );
  for (const { seq, tbl, col } of owned.rows) {
    await client.query(
      `select setval($1::regclass, coalesce((select max(${quote(col)}) from ${tbl}), 1), (select max(${quote(col)}) from ${tbl}) is not null)`,
      [seq],
    );
  }
}
