import pg from "pg";
import type { DatabaseHandle } from "./db.server";
import { log } from "./log.server";

export const CONTENT_CHANNEL = "content_changed";

/**
 * Listens on the channel the content triggers notify (db/migrations/0001), on its own
 * connection, and calls `onChange` for every change from any process. When the
 * connection drops it reconnects (with backoff) and calls `onChange` once more, since
 * a change may have happened unseen in between.
 */
export function listenForContentChanges(handle: DatabaseHandle, onChange: (table: string) => void) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryDelay = 250;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client(handle.connection);
    next.on("notification", (message) => onChange(message.payload ?? ""));
    next.on("error", () => {}); // handled by "end"
    next.on("end", () => {
      if (client !== next || stopped) return;
      client = undefined;
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`listen ${CONTENT_CHANNEL}`);
      if (stopped) return void next.end();
      client = next;
      if (retryDelay > 250) onChange("(reconnected)");
      retryDelay = 250;
    } catch (error) {
      next.end().catch(() => {});
      log.warn("content change listener could not connect; retrying", { error: String(error) });
      scheduleReconnect();
    }
  };

  const scheduleReconnect = () => {
    if (stopped) return;
    retryTimer = setTimeout(() => void connect(), retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, 5_000);
  };

  const ready = connect();
  return {
    /** Resolves once the first LISTEN is in place (or failed and is being retried). */
    ready,
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => {});
    },
  };
}
