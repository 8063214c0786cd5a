import { TZDate } from "@date-fns/tz";
import { sql } from "drizzle-orm";
import type pg from "pg";
import type { Config } from "../platform/config.server";
import type { Database } from "../platform/db.server";
import { log } from "../platform/log.server";
import { backupShelf, listBackups, pruneBackups, takeBackup } from "./backup-shelf.server";

/**
 * The daily backup (BACKUP_TIME, Oslo time, default 03:00), kept BACKUP_KEEP_DAYS days.
 * Every instance checks every few minutes whether the day's backup is due; the one that
 * gets the advisory lock first takes it, and the others find it on the shelf afterwards.
 * A server that was down at 03:00 takes the missed one at its next check.
 */
type ScheduleConfig = Pick<Config, "dataDir" | "mediaStorage" | "backupPassphrase" | "backupTime" | "backupKeepDays">;

const BACKUP_LOCK = sql`hashtextextended('backup', 0)`;
const CHECK_EVERY = 5 * 60_000;
// Not at once after start: a server started for a moment (a test, a restart loop) takes no backup.
const FIRST_CHECK_AFTER = 15 * 60_000;

/** The latest moment at `time` ("HH:MM", Oslo) that is not after `at`. */
export function lastDueAt(time: string, at: Date) {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const oslo = new TZDate(at.getTime(), "Europe/Oslo");
  const today = new TZDate(oslo.getFullYear(), oslo.getMonth(), oslo.getDate(), hours, minutes, 0, "Europe/Oslo");
  if (today.getTime() <= at.getTime()) return new Date(today.getTime());
  const yesterday = new TZDate(
    oslo.getFullYear(),
    oslo.getMonth(),
    oslo.getDate() - 1,
    hours,
    minutes,
    0,
    "Europe/Oslo",
  );
  return new Date(yesterday.getTime());
}

/** One check: takes the backup when it is due and no instance has taken it yet. */
export async function runScheduledBackup(
  db: Database,
  config: ScheduleConfig,
  options: { connection: pg.PoolConfig; secretsKey?: Buffer; at?: Date },
): Promise<"taken" | "not-due" | "skipped"> {
  if (!config.backupTime) return "not-due";
  const due = lastDueAt(config.backupTime, options.at ?? new Date());
  const shelf = backupShelf(config);
  const [latest] = await listBackups(shelf);
  if (latest && new Date(latest.createdAt) >= due) return "not-due";
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${BACKUP_LOCK}) as locked`,
    );
    if (!result.rows[0]?.locked) return "skipped";
    // Another instance may have finished it between the look above and the lock.
    const [newest] = await listBackups(shelf);
    if (newest && new Date(newest.createdAt) >= due) return "not-due";
    const summary = await takeBackup(config, { ...options, trigger: "schedule" });
    const removed = await pruneBackups(shelf, config.backupKeepDays);
    log.info("backup taken", {
      name: summary.name,
      bytes: summary.bytes,
      milliseconds: summary.milliseconds,
      rows: summary.rows,
      files: summary.media.files,
      removed,
    });
    return "taken";
  });
}

export function startBackupSchedule(
  db: Database,
  config: ScheduleConfig,
  options: { connection: pg.PoolConfig; secretsKey?: Buffer },
) {
  if (!config.backupTime) return () => {};
  let running = false;
  const check = async () => {
    if (running) return;
    running = true;
    try {
      await runScheduledBackup(db, config, options);
    } catch (error) {
      log.error("scheduled backup failed", { error });
    } finally {
      running = false;
    }
  };
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    void check();
    interval = setInterval(check, CHECK_EVERY);
    interval.unref();
  }, FIRST_CHECK_AFTER);
  first.unref();
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}
