/**
 * Values kept in memory until the site's content changes (decision 078): what a public page
 * reads from the database on every render, although only staff change it. Kept only in a
 * process that hears every change: server/startup.ts calls `remember` once it listens for
 * `content_changed`, and `forgetKeptContent` (server/kept-content.ts) calls `forget` on
 * every notice (in every process, and again after a lost connection) and after a staff
 * write in this process, before it answers. Scripts and tests, which hear nothing, read
 * every time. A read that started before a forget is not kept after it, and `undefined`
 * (nothing found) is never kept, so unknown keys cannot make this grow.
 */
export function keptUntilChange<T>(bound?: { sizeOf: (value: NonNullable<T>) => number; maxSize: number }) {
  const kept = new Map<string, NonNullable<T>>();
  let remembering = false;
  // Bumped by every forget: a read that started before a change is not kept after it.
  let generation = 0;
  let size = 0;

  function forget() {
    generation++;
    kept.clear();
    size = 0;
  }

  return {
    /** Keeps values from now on (a process that listens for content changes). */
    remember() {
      remembering = true;
    },
    forget,
    /** The value for `key`: kept, or `read` (and kept when nothing changed meanwhile). */
    async get(key: string, read: () => Promise<T>): Promise<T> {
      const found = remembering ? kept.get(key) : undefined;
      if (found !== undefined) return found;
      const started = generation;
      const value = await read();
      if (value !== undefined && value !== null && remembering && generation === started) {
        const added = bound ? bound.sizeOf(value) : 0;
        if (bound && size + added > bound.maxSize) forget();
        kept.set(key, value);
        size += added;
      }
      return value;
    },
  };
}
