import type { Database } from "../platform/db.server";
import { log } from "../platform/log.server";
import { type MailSettings, releaseNewsletterBatch } from "./sending.server";

/**
 * The process's newsletter releaser: every `tickMs` it releases the running send's next
 * share of the minute's budget into the outbox and wakes the mail worker. Every server
 * process runs one; the send row's lock lets one of them release at a time.
 */
export type ReleaserOptions = MailSettings & { db: Database; ratePerMinute: number; tickMs?: number };

export function createNewsletterReleaser(options: ReleaserOptions) {
  const tickMs = options.tickMs ?? 2_000;
  // The minute's budget in even shares per tick (60 a minute, 2 s ticks: 2 per tick).
  const maxBatch = Math.max(1, Math.ceil((options.ratePerMinute * tickMs) / 60_000));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = true;

  async function tick() {
    try {
      const result = await releaseNewsletterBatch(options.db, { ...options, maxBatch });
      if (result.finished) log.info("newsletter send finished");
    } catch (error) {
      log.warn("newsletter release failed; trying again", { error: String(error) });
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(() => {
        running = undefined;
        schedule();
      });
    }, tickMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
