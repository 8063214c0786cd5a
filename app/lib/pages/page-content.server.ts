import { and, eq } from "drizzle-orm";
import { type Database, schema } from "../platform/db.server";
import { log } from "../platform/log.server";
import { type Locale, type PageDefinition, type PageDocument, type PageKey, pageDefinition } from "./page-registry";
import type { HomeContent } from "~/content/home";
import type { ServiceContent, ServiceSlug } from "~/content/services";

/**
 * What visitors see of a page's words: the published document of (page, locale), or the
 * page's seed when none is stored or the stored one is not valid (docs/decisions/044).
 * Read through a small cache per process, cleared by this process's own publishes and by
 * `forgetKeptContent` (server/kept-content.ts: on every `content_changed` notification and
 * after a staff member's successful write).
 */
/** A page's published document with its version and date (0 and null: the seed, never published). */
export type PublishedPage = { content: PageDocument; version: number; publishedAt: Date | null };

export function createPageContentCache() {
  const entries = new Map<string, PublishedPage>();
  // The documents last read: they stand in while the database does not answer (kept across clears).
  const lastKnown = new Map<string, PublishedPage>();
  let generation = 0;
  return {
    get generation() {
      return generation;
    },
    get: (id: string) => entries.get(id),
    lastKnown: (id: string) => lastKnown.get(id),
    /** Kept only when nothing changed while it was read: a read older than a publish is not stored. */
    store(id: string, document: PublishedPage, readInGeneration: number) {
      lastKnown.set(id, document);
      if (readInGeneration === generation) entries.set(id, document);
    },
    clear() {
      generation++;
      entries.clear();
    },
  };
}

export type PageContentCache = ReturnType<typeof createPageContentCache>;

const holder = globalThis as typeof globalThis & { __pageContentCache?: PageContentCache };
export function getPageContentCache(): PageContentCache {
  holder.__pageContentCache ??= createPageContentCache();
  return holder.__pageContentCache;
}

/**
 * A stored document as the page's current shape: upgraded from older schema versions,
 * then checked. Undefined (and a log line naming the page) when it does not fit: the
 * caller shows the seed instead of failing the page.
 */
export function readDocument(definition: PageDefinition, stored: unknown, what: string): PageDocument | undefined {
  if (stored == null) return undefined;
  let document = stored as Record<string, unknown>;
  const target = definition.seed.schemaVersion;
  for (let version = Number(document.schemaVersion); version < target; version++) {
    const upgrade = definition.upgrades[version];
    if (!upgrade) break;
    document = upgrade(document);
  }
  const parsed = definition.schema.safeParse(document);
  if (parsed.success) return parsed.data;
  log.error("stored page content is not valid; showing the seed", {
    page: definition.key,
    what,
    issues: parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join(".")}: ${issue.code}`),
  });
  return undefined;
}

/**
 * The published words of a page for visitors. A database that does not answer (an outage,
 * no connection for this request) does not fail the page: the document last read in this
 * process, else the seed, stands in, like the studio's details (decision 053); the next
 * request reads again. `db` may be a getter, so that getting the database itself may fail.
 */
export async function getPublishedPage(
  db: Database | (() => Database),
  key: PageKey,
  locale: Locale = "en",
  cache: PageContentCache = getPageContentCache(),
): Promise<PublishedPage> {
  const id = `${key}:${locale}`;
  const cached = cache.get(id);
  if (cached) return cached;
  const generation = cache.generation;
  const definition = pageDefinition(key);
  try {
    const handle = typeof db === "function" ? db() : db;
    const [row] = await handle
      .select({
        published: schema.pageContent.published,
        version: schema.pageContent.publishedVersion,
        publishedAt: schema.pageContent.publishedAt,
      })
      .from(schema.pageContent)
      .where(and(eq(schema.pageContent.page, key), eq(schema.pageContent.locale, locale)));
    const content = readDocument(definition, row?.published, "published");
    const page: PublishedPage = content
      ? { content, version: row!.version, publishedAt: row!.publishedAt }
      : { content: definition.seed, version: 0, publishedAt: null };
    cache.store(id, page, generation);
    return page;
  } catch (error) {
    log.warn("page content could not be read; the last known stand in", { page: key, error: String(error) });
    return cache.lastKnown(id) ?? { content: definition.seed, version: 0, publishedAt: null };
  }
}

/** The published words of a page for visitors (see getPublishedPage). */
export async function getPageContent(
  db: Database | (() => Database),
  key: PageKey,
  locale: Locale = "en",
  cache: PageContentCache = getPageContentCache(),
): Promise<PageDocument> {
  return (await getPublishedPage(db, key, locale, cache)).content;
}

export const getHomeContent = (db: Database, locale?: Locale) =>
  getPageContent(db, "home", locale) as Promise<HomeContent>;

export const getServiceContent = (db: Database, slug: ServiceSlug, locale?: Locale) =>
  getPageContent(db, slug, locale) as Promise<ServiceContent>;
