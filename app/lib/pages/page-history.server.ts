import { and, desc, eq } from "drizzle-orm";
import { type Database, schema } from "../platform/db.server";
import { comparableFields, valueAt } from "./page-fields";
import { getPageContent } from "./page-content.server";
import { storedVersion } from "./page-editing.server";
import { type Locale, type PageDocument, type PageKey, pageDefinition } from "./page-registry";

/**
 * A page's history (docs/decisions/044): every published version, newest first, and
 * version 0, the seed a fresh install shows; and one version beside the live words,
 * field by field in the editor's order.
 */
const { pageVersions: v, users, profiles } = schema;

export async function listVersions(db: Database, page: PageKey, locale: Locale) {
  const rows = await db
    .select({
      version: v.version,
      publishedAt: v.publishedAt,
      restoredFrom: v.restoredFromVersion,
      email: users.email,
      fullName: profiles.fullName,
    })
    .from(v)
    .leftJoin(users, eq(users.id, v.publishedBy))
    .leftJoin(profiles, eq(profiles.id, v.publishedBy))
    .where(and(eq(v.page, page), eq(v.locale, locale)))
    .orderBy(desc(v.version));
  return rows.map((row) => ({
    version: row.version,
    publishedAt: row.publishedAt,
    restoredFrom: row.restoredFrom,
    by: row.fullName || row.email || "et skript",
  }));
}

/** Version `version` (0: the seed) beside the live words, one row per field. */
export async function compareWithLive(db: Database, page: PageKey, locale: Locale, version: number) {
  const definition = pageDefinition(page);
  const content: PageDocument | undefined =
    version === 0 ? definition.seed : await storedVersion(db, page, locale, version);
  if (!content) return undefined;
  const live = await getPageContent(db, page, locale);
  return definition.groups.map((group) => ({
    label: group.label,
    fields: comparableFields(group.fields, [content, live]).map((field) => {
      const then = String(valueAt(content, field.name) ?? "");
      const now = String(valueAt(live, field.name) ?? "");
      return { name: field.name, label: field.label, then, now, changed: then !== now };
    }),
  }));
}
