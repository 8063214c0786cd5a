import { and, eq } from "drizzle-orm";
import { type Database, schema } from "../platform/db.server";
import { log } from "../platform/log.server";
import { type Locale, type PageDefinition, type PageDocument, type PageKey, pageDefinition } from "./page-registry";
import type { HomeContent } from "~/content/home";
import type { ServiceContent } from "~/content/services";

/**
 * What visitors see of a page's words: the published document of (page, locale), or the
 * page's seed when none is stored or the stored one is not valid (docs/decisions/044).
 * Read through a small cache per process, cleared on every `content_changed`
 * notification (server/startup.ts) and by this process's own publishes.
 */
export function createPageContentCache() {
  const entries = new Map<string, PageDocument>();
  let generation = 0;
  return {
    get generation() {
      return generation;
    },
    get: (id: string) => entries.get(id),
    /** Kept only when nothing changed while it was read: a read older than a publish is not stored. */
    store(id: string, document: PageDocument, readInGeneration: number) {
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

/** The published words of a page for visitors. */
export async function getPageContent(
  db: Database,
  key: PageKey,
  locale: Locale = "en",
  cache: PageContentCache = getPageContentCache(),
): Promise<PageDocument> {
  const id = `${key}:${locale}`;
  const cached = cache.get(id);
  if (cached) return cached;
  const generation = cache.generation;
  const definition = pageDefinition(key);
  const [row] = await db
    .select({ published: schema.pageContent.published })
    .from(schema.pageContent)
    .where(and(eq(schema.pageContent.page, key), eq(schema.pageContent.locale, locale)));
  const document = readDocument(definition, row?.published, "published") ?? definition.seed;
  cache.store(id, document, generation);
  return document;
}

export const getHomeContent = (db: Database, locale?: Locale) => getPageContent(db, "home", locale) as Promise<HomeContent>;

export const getServiceContent = (db: Database, slug: ServiceContentKey, locale?: Locale) =>
  getPageContent(db, slug, locale) as Promise<ServiceContent>;

type ServiceContentKey = Exclude<PageKey, "home">;
