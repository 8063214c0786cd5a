import { isbot } from "isbot";
import { type Database, schema } from "../platform/db.server";
import { isStaffPath } from "../platform/staff-paths";
import { isPreviewLinkPath } from "../blog/preview-link-path";

/**
 * Page views counted on the server: the path and the time, nothing else. No cookie,
 * no IP address, no user agent is stored, so there is nothing to consent to.
 */
export function isCountablePageView(request: { method: string; path: string; userAgent: string }, response: Response) {
  if (response.status !== 200 || !response.headers.get("content-type")?.startsWith("text/html")) return false;
  return isCountableVisit(request);
}

/**
 * A person (not a bot) fetching a public page; for a response already known to be a page.
 * A draft's preview link is not counted: its path is a secret token.
 */
export function isCountableVisit(request: { method: string; path: string; userAgent: string }) {
  return (
    request.method === "GET" && !isbot(request.userAgent) && !isStaffPath(request.path) && !isPreviewLinkPath(request.path)
  );
}

/**
 * Page views are buffered in memory and written in batches (every second, or at 500),
 * so no page waits for an insert. A crash loses at most the last second's views;
 * a clean stop writes them (docs/decisions/017-buffered-page-views.md).
 */
export function createPageViewBuffer(getDb: () => Database, onError: (error: unknown) => void) {
  let pending: { path: string; createdAt: Date }[] = [];
  let writing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => void flush(), 1_000);
  timer.unref();

  function flush() {
    const batch = pending;
    pending = [];
    // One write at a time, in order, so a flush that returns has written everything before it.
    writing = writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await getDb().insert(schema.pageViews).values(batch);
      } catch (error) {
        onError(error); // a lost count must never cost a visitor their page
      }
    });
    return writing;
  }

  return {
    record(path: string) {
      pending.push({ path: path.slice(0, 512), createdAt: new Date() });
      if (pending.length >= 500) void flush();
    },
    /** Writes what is buffered; the dashboard calls it so its count includes this process's views. */
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type PageViewBuffer = ReturnType<typeof createPageViewBuffer>;

// Kept on globalThis like the database handle, so dev-server reloads reuse it.
const holder = globalThis as typeof globalThis & { __pageViews?: PageViewBuffer };
export const setPageViewBuffer = (buffer: PageViewBuffer | undefined) => void (holder.__pageViews = buffer);
export const getPageViewBuffer = () => holder.__pageViews;
