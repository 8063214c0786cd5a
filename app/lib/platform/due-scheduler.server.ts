import { now } from "./clock.server";
import type { Database } from "./db.server";
import { log } from "./log.server";

/**
 * Work that falls due at a set time (decision 051, made event-driven by decision 069): a
 * scheduled post going live, a newsletter's "Send senere". `run` does what is due by `at`
 * (the server's clock, which the tests move); `nextDue` says when the next piece falls due.
 */
export type DueWork = {
  name: string;
  run: (db: Database, at: Date) => Promise<unknown>;
  nextDue: (db: Database) => Promise<Date | undefined>;
};

export type DueSchedulerOptions = {
  db: Database;
  work: DueWork[];
  /**
   * The longest sleep: a change nobody announced (the notification connection was down, a
   * row restored without triggers) is still found within it.
   */
  fallbackMs?: number;
  /** The sleep after a failed round, or while something due could not be done yet (another send running). */
  retryMs?: number;
};

/**
 * The process's scheduler. It sleeps until the earliest due time of its work (a timer, no
 * polling), and does a round at once when kicked: the `schedule_changed` notification
 * (something was scheduled or moved, in any process) or a moved test clock. With several
 * processes each one wakes, and the work's own conditional UPDATE / SKIP LOCKED claim makes
 * sure each thing happens once.
 */
export function createDueScheduler({ db, work, fallbackMs = 60_000, retryMs = 5_000 }: DueSchedulerOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  /** One round; answers how long to sleep before the next. */
  async function round(): Promise<number> {
    const at = now();
    let failed = false;
    for (const item of work) {
      await item.run(db, at).catch((error: unknown) => {
        failed = true;
        log.warn("scheduled work failed; trying again", { work: item.name, error: String(error) });
      });
    }
    const times = await Promise.all(
      work.map((item) =>
        item.nextDue(db).catch((error: unknown) => {
          failed = true;
          log.warn("could not read when scheduled work is due", { work: item.name, error: String(error) });
          return undefined;
        }),
      ),
    );
    if (failed) return retryMs;
    const next = Math.min(...times.map((time) => time?.getTime() ?? Infinity));
    if (next === Infinity) return fallbackMs;
    // Due when this round began and still there: it could not be done yet (a send is running).
    if (next <= at.getTime()) return Math.min(retryMs, fallbackMs);
    return Math.min(Math.max(next - now().getTime(), 0), fallbackMs);
  }

  function run() {
    clearTimeout(timer);
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    let sleep = fallbackMs;
    running = round()
      .then((ms) => void (sleep = ms))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        } else if (!stopped) {
          timer = setTimeout(run, sleep);
          timer.unref();
        }
      });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      run();
    },
    /** A round now (something was scheduled or moved, or the test clock moved); the timer is set again after it. */
    kick() {
      run();
    },
    /** Resolves when no round is running (tests: the scheduler has gone to sleep). */
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type DueScheduler = ReturnType<typeof createDueScheduler>;
let current: DueScheduler | undefined;
export const setDueScheduler = (scheduler: DueScheduler | undefined) => void (current = scheduler);
export const getDueScheduler = () => current;
