/**
 * Public pages rendered once per content version and kept in memory
 * (docs/decisions/018-page-cache.md). Made stale the moment content changes: a staff
 * write in this process at once, and every process when the database announces a change
 * (content-changes.server.ts). A stale page is not thrown away: while ONE request per page
 * and process renders its successor, the others are sent the previous copy
 * (stale-while-revalidate, docs/decisions/054-fast-for-every-visitor.md), so a publish
 * under load costs one render per page, not one per visitor.
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
  /** `sentHeaders` as a hit sends them, made on the first hit (server/hit-head.ts). */
  hitHead?: HitHead;
  /** The parts gzipped once (server/gzip-with-nonce.ts), made on the first hit that asks for gzip. */
  gzip?: GzipParts;
  /** Identifies this rendering in ETags: the same key means the same page. */
  key: string;
  storedAt: number;
  /** The path as a JSON string, for the request log line of each hit (made on the first). */
  pathJson?: string;
  /** Whether it is an HTML page (a page view), not the cached JSON read: worked out on its first hit. */
  isDocument?: boolean;
  /** The route id that rendered it: the metrics label of its hits (server/page-cache-listener.ts). */
  route?: string;
  /** The content version it was rendered in: older than the cache's, it is stale. */
  generation?: number;
}

/** A stored page gzipped once (server/gzip-with-nonce.ts): its parts compressed, and what its CRC-32 needs. */
export interface GzipParts {
  compressed: Buffer[];
  /** Each part's CRC-32 and length in bytes; `size` is their sum (nonces left out). */
  crcs: number[];
  lengths: number[];
  size: number;
  /** What a nonce changes in the CRC, for the nonce length last sent. */
  slots?: NonceSlots;
}

/** What a response's nonce changes in a stored page's CRC-32 (server/crc32-combine.ts, nonceSlotsOf). */
export type NonceSlots = { nonceLength: number; crcWithZeros: number; weight: number; zerosCrc: number };

/** A stored page's own headers made ready for its hits, once (server/hit-head.ts). */
export interface HitHead {
  /** Name and value, each value cut where the nonce goes. */
  pairs: [string, string[]][];
  /** The same as the text of a response's head, cut where the nonce goes; for a 304, without Content-Type. */
  lines: string[];
  linesOf304: string[];
  /** Whether the text may be put in the head as it is (every header valid, none Node itself reads). */
  asText: boolean;
}

/** A stored page and whether it is still the current content version (and young enough). */
export type Lookup = { page: CachedPage; fresh: boolean };

export const NONCE_PLACEHOLDER = "{{nonce}}";

/**
 * The cache is bounded by bytes, not entries: 32 MB of pages, each counted twice (its
 * bytes, and room for the gzipped copy made on its first gzip hit, which is never larger).
 * Only 200 answers at a cache address are stored (page-address.ts), so a request cannot
 * add an entry for a made-up query string or path; the bound is the net behind that.
 */
const MAX_TOTAL_BYTES = 32 * 1024 * 1024;
const MAX_BODY_BYTES = 1_000_000;
// A safety net, not the invalidation: pages also age out (become stale, rendered again
// by the next request), so anything that changes without a content write (the year in
// the footer) is at most this old, give or take one render.
const MAX_AGE_MS = 10 * 60_000;

export function createPageCache(now: () => number = Date.now) {
  // Keys must not repeat after a restart, or a browser's old copy would match a new page.
  const boot = Math.random().toString(36).slice(2, 8);
  const entries = new Map<string, CachedPage>();
  // Addresses whose stale page one request is rendering again right now.
  const refreshing = new Set<string>();
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
  const lookup = (path: string): Lookup | undefined => {
    const page = entries.get(path);
    if (!page) return undefined;
    return { page, fresh: page.generation === generation && now() - page.storedAt <= MAX_AGE_MS };
  };
  return {
    /** Changes whenever content changes; a render started before it is not stored. */
    get generation() {
      return generation;
    },
    /** Content changed: every stored page is stale from now on (kept, to be sent while its successor renders). */
    invalidate() {
      generation++;
    },
    /** Forgets every page (and every claimed refresh). */
    clear() {
      generation++;
      entries.clear();
      refreshing.clear();
      bytes = 0;
    },
    /** The page at `path`, fresh or stale; undefined when none is stored. */
    lookup,
    /** A fresh page only (what a visitor may be sent without a refresh under way). */
    get(path: string): CachedPage | undefined {
      const found = lookup(path);
      return found?.fresh ? found.page : undefined;
    },
    /**
     * Claims the one render of a stale page's successor in this process: true for the first
     * caller, false while that render is under way (the caller sends the stale page).
     * The claimer must call `endRefresh` whatever happens.
     */
    claimRefresh(path: string) {
      if (refreshing.has(path)) return false;
      refreshing.add(path);
      return true;
    },
    isRefreshing: (path: string) => refreshing.has(path),
    /**
     * The claimed render is over. `outcome` "gone": the page is no more (a 404, a redirect),
     * so its stale copy goes too; "failed" (a 5xx, an exception): the stale copy stays and
     * the next request tries again; "stored": the successor replaced it.
     */
    endRefresh(path: string, outcome: "stored" | "gone" | "failed") {
      refreshing.delete(path);
      if (outcome === "gone") remove(path);
    },
    store(path: string, page: Omit<CachedPage, "key" | "storedAt" | "generation">, renderedInGeneration: number) {
      if (renderedInGeneration !== generation || page.parts.reduce((sum, part) => sum + part.length, 0) > MAX_BODY_BYTES) return undefined;
      const stored: CachedPage = {
        ...page,
        key: `${boot}-${generation.toString(36)}-${(counter++).toString(36)}`,
        storedAt: now(),
        generation,
      };
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
