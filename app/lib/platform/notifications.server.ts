import pg from "pg";
import type { DatabaseHandle } from "./db.server";
import { log } from "./log.server";

/**
 * The channels the database's triggers notify, after commit, whichever process, script or
 * psql session made the change: `content_changed` (what public pages show changed:
 * db/migrations/0001), `mail_due` (the outbox has a message to deliver now:
 * db/migrations/0014) and `schedule_changed` (a post or a newsletter send was scheduled or
 * moved: the due scheduler sets its timer again; decision 069).
 */
export type Channel = "content_changed" | "mail_due" | "schedule_changed";

/**
 * Listens on `channels`, on a connection of its own, and calls each channel's handler for
 * every notification from any process. When the connection drops it reconnects (with
 * backoff) and calls every handler once more, since something may have happened unseen in
 * between.
 */
export function listenForNotifications(
  handle: DatabaseHandle,
  channels: Partial<Record<Channel, (payload: string) => void>>,
) {
  const handlers = Object.entries(channels) as [Channel, (payload: string) => void][];
  let client: pg.Client | undefined;
  let stopped = false;
  let retryDelay = 250;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client(handle.connection);
    next.on("notification", (message) => channels[message.channel as Channel]?.(message.payload ?? ""));
    next.on("error", () => {}); // handled by "end"
    next.on("end", () => {
      if (client !== next || stopped) return;
      client = undefined;
      scheduleReconnect();
    });
    try {
      await next.connect();
      for (const [channel] of handlers) await next.query(`listen ${channel}`);
      if (stopped) return void next.end();
      client = next;
      if (retryDelay > 250) for (const [, handler] of handlers) handler("(reconnected)");
      retryDelay = 250;
    } catch (error) {
      next.end().catch(() => {});
      log.warn("notification listener could not connect; retrying", { error: String(error) });
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
