import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Actor, auditAction } from "../auth/security-events.server";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { log } from "../platform/log.server";
import { STUDIO_SEED as SEED, type StudioDetails } from "./studio-details";
import { studioDetailsSchema } from "./studio-forms";

/**
 * The studio's details, read by every page (the footer), the legal pages, JSON-LD and
 * every e-mail (decision 045). One row holding one typed JSON document; no row is the
 * seed. Read through a cache in this process that `forgetStudioDetails` clears: on a save
 * here, and through `forgetKeptContent` (server/kept-content.ts) on `content_changed` from
 * any process, which the table's trigger sends (db/migrations/0016), and after a staff write.
 */
const t = schema.studioDetails;
const ROW_ID = 1;

/**
 * The stored shape. `format` names the document's shape: a later shape (say, a value per
 * language) gets format 2 and an upgrade from 1 here, on read, with no new storage.
 */
const storedDocument = z.object({ format: z.literal(1), details: studioDetailsSchema });

export type StudioRecord = {
  details: StudioDetails;
  /** Saves so far; 0 is the seed (no row yet). */
  version: number;
  updatedAt: Date | null;
  updatedBy: string | null;
};

// The seed passes the rules it will be saved under (or the server does not start).
const STUDIO_SEED = studioDetailsSchema.parse(SEED);
const SEED_RECORD: StudioRecord = { details: STUDIO_SEED, version: 0, updatedAt: null, updatedBy: null };

/** The stored document, checked: one that no longer parses (changed by hand) shows the seed and says so in the log. */
function parseDocument(document: unknown, version: number): StudioDetails {
  const parsed = storedDocument.safeParse(document);
  if (parsed.success) return parsed.data.details;
  log.error("studio details in the database do not parse; showing the seed", { version, issues: parsed.error.issues.length });
  return STUDIO_SEED;
}

/** The record as stored now, uncached (the staff form reads this: its version must be current). */
export async function loadStudioRecord(db: Database): Promise<StudioRecord> {
  const [row] = await db
    .select({ document: t.document, version: t.version, updatedAt: t.updatedAt, fullName: schema.profiles.fullName, email: schema.users.email })
    .from(t)
    .leftJoin(schema.users, eq(schema.users.id, t.updatedBy))
    .leftJoin(schema.profiles, eq(schema.profiles.id, t.updatedBy))
    .where(eq(t.id, ROW_ID));
  if (!row) return SEED_RECORD;
  return {
    details: parseDocument(row.document, row.version),
    version: row.version,
    updatedAt: row.updatedAt,
    updatedBy: row.fullName || row.email || null,
  };
}

let cached: Promise<StudioDetails> | undefined;
// The details last read: they stand in while the database does not answer.
let lastKnown: StudioDetails | undefined;
// Bumped by every forget: a read that started before a change does not fill the cache after it.
let generation = 0;

/**
 * The studio's details, from this process's cache (read once per change, not once per page).
 * Every page's footer reads them, so a database that does not answer must not turn a page's
 * own error (the blog's 503, say) into a 500: the details last read, or the seed, stand in,
 * and the next call reads again.
 */
export function getStudioDetails(db: Database | (() => Database)): Promise<StudioDetails> {
  if (cached) return cached;
  let handle: Database;
  try {
    handle = typeof db === "function" ? db() : db;
  } catch (error) {
    // No database at all for this request (an outage): the same stand-in as a failed read.
    log.warn("studio details could not be read; the last known stand in", { error: String(error) });
    return Promise.resolve(lastKnown ?? STUDIO_SEED);
  }
  return readStudioDetails(handle);
}

function readStudioDetails(db: Database): Promise<StudioDetails> {
  if (cached) return cached;
  const started = generation;
  const reading: Promise<StudioDetails> = loadStudioRecord(db).then(
    (record) => {
      lastKnown = record.details;
      if (generation !== started && cached === reading) cached = undefined;
      return record.details;
    },
    (error: unknown) => {
      if (cached === reading) cached = undefined; // a failed read is tried again next time
      log.warn("studio details could not be read; the last known stand in", { error: String(error) });
      return lastKnown ?? STUDIO_SEED;
    },
  );
  cached = reading;
  return reading;
}

/** Clears the cache: the next read asks the database. Called on `content_changed` and after a save. */
export function forgetStudioDetails() {
  generation++;
  cached = undefined;
}

/** How a save went (decision 048): each branch is a different line on the form. */
export type SaveStudioOutcome =
  | { kind: "saved"; version: number; changed: (keyof StudioDetails)[] }
  | { kind: "unchanged"; version: number }
  | { kind: "stale"; current: StudioRecord };

function changedFields(before: StudioDetails, after: StudioDetails) {
  return (Object.keys(after) as (keyof StudioDetails)[]).filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
}

/**
 * Saves the details read at `expectedVersion`. Refused ("stale") when a colleague saved
 * since: nothing is overwritten, and the caller keeps what was typed. Audited with the
 * names of the fields that changed (their values are in the row, and public anyway).
 */
export async function saveStudioDetails(
  db: Database,
  actor: Actor,
  input: { details: StudioDetails; expectedVersion: number },
): Promise<SaveStudioOutcome> {
  const details = studioDetailsSchema.parse(input.details);
  const { expectedVersion } = input;
  const result = await db.transaction(async (tx): Promise<SaveStudioOutcome> => {
    const [row] = await tx.select().from(t).where(eq(t.id, ROW_ID)).for("update");
    const currentVersion = row?.version ?? 0;
    if (currentVersion !== expectedVersion) return { kind: "stale", current: await loadStudioRecord(tx) };
    const before = row ? parseDocument(row.document, row.version) : STUDIO_SEED;
    const changed = changedFields(before, details);
    if (changed.length === 0) return { kind: "unchanged", version: currentVersion };
    const values = { document: { format: 1, details }, version: currentVersion + 1, updatedAt: now(), updatedBy: actor.userId };
    const written = row
      ? await tx.update(t).set(values).where(eq(t.id, ROW_ID)).returning({ version: t.version })
      : await tx.insert(t).values({ id: ROW_ID, ...values }).onConflictDoNothing().returning({ version: t.version });
    // Two first saves at once: the row the other one inserted wins, this one is stale.
    if (written.length === 0) return { kind: "stale", current: await loadStudioRecord(tx) };
    await auditAction(tx, actor, "studio_details_updated", { version: values.version, fields: changed });
    return { kind: "saved", version: values.version, changed };
  });
  if (result.kind === "saved") forgetStudioDetails();
  return result;
}
