import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastDueAt, runScheduledBackup } from "~/lib/backup/backup-schedule.server";
import { backupShelf, listBackups, pruneBackups } from "~/lib/backup/backup-shelf.server";
import { downloadBackup, staleBackupWarning, takeBackupNow } from "~/lib/backup/backups-admin.server";
import { createUser } from "~/lib/auth/users.server";
import { parseConfig } from "~/lib/platform/config.server";
import { schema, setDatabase } from "~/lib/platform/db.server";
import { NotFoundError } from "~/lib/platform/domain-errors";
import { engineName, setUpTestDatabase } from "../support/test-database";

// The schedule and the staff side of backups: the day's backup is taken once (by one
// instance: a held lock skips), old ones go, staff take one now and download one (both in
// the audit trail), and the dashboard's warning comes when the newest is over two days old.
const handle = setUpTestDatabase({ keepRowsBetweenTests: true });
let dataDir: string;
let config: ReturnType<typeof parseConfig>;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "backup-schedule-"));
  config = parseConfig({ ...process.env, DATA_DIR: dataDir, BACKUP_TIME: "03:00", BACKUP_KEEP_DAYS: "14" });
});
afterAll(() => {
  setDatabase(undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("when the daily backup is due (Oslo time)", () => {
  it("is 03:00 Oslo: 02:00 UTC in winter, 01:00 UTC in summer, yesterday's before today's has come", () => {
    expect(lastDueAt("03:00", new Date("2026-11-27T02:30:00Z")).toISOString()).toBe("2026-11-27T02:00:00.000Z");
    expect(lastDueAt("03:00", new Date("2026-11-27T01:30:00Z")).toISOString()).toBe("2026-11-26T02:00:00.000Z");
    expect(lastDueAt("03:00", new Date("2026-07-01T00:30:00Z")).toISOString()).toBe("2026-06-30T01:00:00.000Z");
  });
});

describe(`scheduled and staff backups (${engineName()})`, () => {
  it("takes the day's backup once; a held lock (another instance at work) skips it", async () => {
    const options = { connection: handle.connection };
    expect(await runScheduledBackup(handle.db, config, options)).toBe("taken");
    expect(await runScheduledBackup(handle.db, config, options)).toBe("not-due");
    const [taken] = await listBackups(backupShelf(config));
    expect(taken?.trigger).toBe("schedule");
    expect(fs.existsSync(path.join(dataDir, "backups", taken!.name))).toBe(true);

    const other = new pg.Client(handle.connection);
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select pg_advisory_xact_lock(hashtextextended('backup', 0))");
      const tomorrow = new Date(Date.now() + DAY);
      expect(await runScheduledBackup(handle.db, config, { ...options, at: tomorrow })).toBe("skipped");
      await other.query("commit");
      expect(await runScheduledBackup(handle.db, config, { ...options, at: tomorrow })).toBe("taken");
    } finally {
      await other.end();
    }
    expect(await listBackups(backupShelf(config))).toHaveLength(2);
  });

  it("staff take one now and download one, both audited; an unknown name is not found", async () => {
    setDatabase(handle);
    const user = await createUser(handle.db, {
      email: "kari@fjordform.test",
      fullName: "Kari",
      password: "a long enough pass",
    });
    const actor = { userId: user.id, name: "Kari", ip: "192.0.2.7", userAgent: "vitest" };
    const summary = await takeBackupNow(handle.db, actor, config);
    expect(summary.trigger).toBe("staff");
    expect(summary.tables.users).toBe(1);
    const download = await downloadBackup(handle.db, actor, summary.name, config);
    let bytes = 0;
    for await (const chunk of download.body) bytes += (chunk as Buffer).length;
    expect(bytes).toBe(summary.bytes);
    await expect(downloadBackup(handle.db, actor, "backup-1999-01-01T00-00-00-000Z.ffbackup", config)).rejects.toThrow(
      NotFoundError,
    );
    await expect(downloadBackup(handle.db, actor, "../secrets.key", config)).rejects.toThrow(NotFoundError);
    const events = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.userId, user.id));
    expect(events.map((event) => [event.action, event.details])).toEqual([
      ["backup_taken", { name: summary.name, bytes: summary.bytes }],
      ["backup_downloaded", { name: summary.name, bytes: summary.bytes }],
    ]);
  });

  it("the dashboard warns when the newest backup is over two days old; old ones are removed, the newest kept", async () => {
    const shelf = backupShelf(config);
    const [newest] = await listBackups(shelf);
    expect(await staleBackupWarning(handle.db, new Date(), config)).toBeUndefined();
    const later = new Date(new Date(newest!.createdAt).getTime() + 2 * DAY + 60_000);
    expect(await staleBackupWarning(handle.db, later, config)).toEqual({ kind: "old", lastAt: newest!.createdAt });
    expect(await pruneBackups(shelf, 14, new Date(Date.now() + 30 * DAY))).toBe(2);
    expect((await listBackups(shelf)).map((backup) => backup.name)).toEqual([newest!.name]);
  });
});
