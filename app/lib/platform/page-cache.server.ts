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

/**
 * The cache is bounded by bytes, not entries: 32 MB of pages, each counted twice (its
 * bytes, and room for the gzipped copy made on its first gzip hit, which is never larger).
 * Only 200 answers at a cache address are stored (page-address.ts), so a request cannot
 * add an entry for a made-up query string or path; the bound is the net behind that.
 */
const MAX_TOTAL_BYTES = 32 * 1024 * 1024;
const MAX_BODY_BYTES = 1_000_000;
// A safety net, not the invalidation: pages also age out, so anything that changes
// without a content write (the year in the footer) is at most this old.
const MAX_AGE_MS = 10 * 60_000;

export function createPageCache(now: () => number = Date.now) {
  // Keys must not repeat after a restart, or a browser's old copy would match a new page.
  const boot = Math.random().toString(36).slice(2, 8);
  const entries = new Map<string, CachedPage>();
  let bytes = 0;
  const footprint = (page: CachedPage) => 2 * page.parts.reduce((sum, part) => sum + part.length, 0);
  const remove = (path: string) => {
    const page = entries.get(path);
    if (!page) return;
    entries.delete(path);
    bytes -= footprint(page);
  };
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
      bytes = 0;
    },
    get(path: string): CachedPage | undefined {
      const page = entries.get(path);
      if (page && now() - page.storedAt > MAX_AGE_MS) {
        remove(path);
        return undefined;
      }
      return page;
    },
    store(path: string, page: Omit<CachedPage, "key" | "storedAt">, renderedInGeneration: number) {
      if (renderedInGeneration !== generation || page.parts.reduce((sum, part) => sum + part.length, 0) > MAX_BODY_BYTES) return undefined;
      const stored = { ...page, key: `${boot}-${generation.toString(36)}-${(counter++).toString(36)}`, storedAt: now() };
      remove(path);
      // The oldest pages go first until the new one fits.
      while (entries.size > 0 && bytes + footprint(stored) > MAX_TOTAL_BYTES) remove(entries.keys().next().value!);
      entries.set(path, stored);
      bytes += footprint(stored);
      return stored;
    },
    get size() {
      return entries.size;
    },
    /** What the stored pages count against MAX_TOTAL_BYTES. */
    get bytes() {
      return bytes;
    },
    maxBytes: MAX_TOTAL_BYTES,
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

// One per process, on globalThis like the database handle (dev-server reloads).
const holder = globalThis as typeof globalThis & { __pageCache?: PageCache };
export function getPageCache(): PageCache {
  holder.__pageCache ??= createPageCache();
  return holder.__pageCache;
}
