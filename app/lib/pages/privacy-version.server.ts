import { and, eq } from "drizzle-orm";
import { siteConfig } from "~/content/site";
import { formatShortDate } from "../platform/dates";
import { type Database, schema } from "../platform/db.server";

/**
 * Which privacy policy a consent was given under (decision 053). Every consent record (a
 * newsletter sign-up, a contact or GDPR-checklist lead) stores the version of the
 * "privacy" page that was live when it was made: `page_versions.version`, 0 for the
 * original text a fresh install shows, null for records made before versions were kept.
 */
const PRIVACY = { page: "privacy", locale: "en" } as const;

/** The privacy policy's live version, read in the caller's transaction (not from a cache). */
export async function privacyVersionInForce(tx: Database): Promise<number> {
  const [row] = await tx
    .select({ version: schema.pageContent.publishedVersion })
    .from(schema.pageContent)
    .where(and(eq(schema.pageContent.page, PRIVACY.page), eq(schema.pageContent.locale, PRIVACY.locale)));
  return row?.version ?? 0;
}

/** The original text's date ("30-03-2025") as the back office writes dates ("30.03.2025"). */
const ORIGINAL_DATE = siteConfig.legalLastUpdated.replaceAll("-", ".");

export type PrivacyVersionLine = { text: string; href: string | null };

/**
 * The line a staff page shows for a consent record: "Personvernerklæring: versjon av
 * 12.03.2026", linking to that version in the page's history.
 */
export async function privacyVersionLine(db: Database, version: number | null): Promise<PrivacyVersionLine> {
  if (version === null) return { text: "Personvernerklæring: før versjonering", href: null };
  const href = `/admin/pages/privacy/history?version=${version}`;
  if (version === 0) return { text: `Personvernerklæring: originalversjonen av ${ORIGINAL_DATE}`, href };
  const [row] = await db
    .select({ publishedAt: schema.pageVersions.publishedAt })
    .from(schema.pageVersions)
    .where(
      and(
        eq(schema.pageVersions.page, PRIVACY.page),
        eq(schema.pageVersions.locale, PRIVACY.locale),
        eq(schema.pageVersions.version, version),
      ),
    );
  if (!row) return { text: `Personvernerklæring: versjon ${version}`, href: null };
  return { text: `Personvernerklæring: versjon av ${formatShortDate(row.publishedAt)}`, href };
}
