/**
 * Public pages rendered once per content version and kept in memory
 * (docs/decisions/018-page-cache.md). Cleared the moment content changes: a staff
 * write in this process clears it at once, and every process clears it when the
 * database announces a change (content-changes.server.ts).
 */
export interface CachedPage {
  /**
   * The page as UTF-8 bytes, cut where its CSP nonce was: each response joins the parts
   * with its own nonce. Encoded once, when stored, not on every hit.
   */
  parts: Buffer[];
  headers: [string, string][];
  /**
   * Every header the first response of this page went out with, the nonce in its CSP
   * replaced by NONCE_PLACEHOLDER: what server/page-cache-listener.ts sends on a hit.
   */
  sentHeaders?: [string, string][];
  /** The parts gzipped once (server/gzip-with-nonce.ts), made on the first hit that asks for gzip. */
  gzip?: { compressed: Buffer[]; parts: Buffer[] };
  /** Identifies this rendering in ETags: the same key means the same page. */
  key: string;
  storedAt: number;
}

export const NONCE_PLACEHOLDER = "{{nonce}}";

const MAX_ENTRIES = 300;
const MAX_BODY_BYTES = 1_000_000;
// A safety net, not the invalidation: pages also age out, so anything that changes
// without a content write (the year in the footer) is at most this old.
const MAX_AGE_MS = 10 * 60_000;

export function createPageCache(now: () => number = Date.now) {
  // Keys must not repeat after a restart, or a browser's old copy would match a new page.
  const boot = Math.random().toString(36).slice(2, 8);
  const entries = new Map<string, CachedPage>();
  let generation = 0;
  let counter = 0;
  return {
    /** Changes whenever the cache is cleared; a render started before it is not stored. */
    get generation() {
      return generation;
    },
    invalidate() {
      generation++;
      entries.clear();
    },
    get(path: string): CachedPage | undefined {
      const page = entries.get(path);
      if (page && now() - page.storedAt > MAX_AGE_MS) {
        entries.delete(path);
        return undefined;
      }
      return page;
    },
    store(path: string, page: Omit<CachedPage, "key" | "storedAt">, renderedInGeneration: number) {
      if (renderedInGeneration !== generation || page.parts.reduce((sum, part) => sum + part.length, 0) > MAX_BODY_BYTES) return undefined;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      const stored = { ...page, key: `${boot}-${generation.toString(36)}-${(counter++).toString(36)}`, storedAt: now() };
      entries.set(path, stored);
      return stored;
    },
    get size() {
      return entries.size;
    },
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

// One per process, on globalThis like the database handle (dev-server reloads).
const holder = globalThis as typeof globalThis & { __pageCache?: PageCache };
export function getPageCache(): PageCache {
  holder.__pageCache ??= createPageCache();
  return holder.__pageCache;
}
