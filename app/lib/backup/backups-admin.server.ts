import path from "node:path";
import { min, sql } from "drizzle-orm";
import { type StaffActor, auditAction } from "../auth/security-events.server";
import { type Config, getConfig } from "../platform/config.server";
import { type Database, getDatabaseHandle, schema } from "../platform/db.server";
import { BusyError, NotFoundError } from "../platform/domain-errors";
import { log } from "../platform/log.server";
import { resolveSecretsKey } from "../platform/secrets-key.server";
import { STALE_BACKUP_DAYS } from "./backup-forms";
import { BACKUP_PREFIX, backupShelf, listBackups, openBackup, pruneBackups, takeBackup } from "./backup-shelf.server";

/**
 * The staff side of backups (/admin/backups and the dashboard's warning): the list, one
 * now, a download; each change and download audited. The server's own configuration and
 * database handle are used, as the schedule uses them.
 */
const BACKUP_LOCK = sql`hashtextextended('backup', 0)`;
const DAY = 24 * 60 * 60 * 1000;

export async function backupsOverview(config: Config = getConfig()) {
  return {
    backups: await listBackups(backupShelf(config)),
    // Where, in the page's words: the folder, or the bucket's prefix (never a secret).
    place:
      config.mediaStorage.driver === "s3"
        ? `i bøtta ${config.mediaStorage.s3.bucket} under ${BACKUP_PREFIX}`
        : `i mappen ${path.join(config.dataDir, "backups")}`,
    time: config.backupTime,
    keepDays: config.backupKeepDays,
    encrypted: Boolean(config.backupPassphrase),
  };
}

/** "Ta sikkerhetskopi nå": refused while another backup (scheduled or a colleague's) is being taken. */
export async function takeBackupNow(db: Database, actor: StaffActor, config: Config = getConfig()) {
  const handle = getDatabaseHandle();
  if (!handle) throw new BusyError("Databasen er ikke tilgjengelig akkurat nå.");
  const summary = await db.transaction(async (tx) => {
    const result = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${BACKUP_LOCK}) as locked`,
    );
    if (!result.rows[0]?.locked) throw new BusyError("En sikkerhetskopi tas allerede. Prøv igjen om et øyeblikk.");
    return takeBackup(config, {
      connection: handle.connection,
      secretsKey: resolveSecretsKey(config).key,
      trigger: "staff",
    });
  });
  await pruneBackups(backupShelf(config), config.backupKeepDays);
  await auditAction(db, actor, "backup_taken", { name: summary.name, bytes: summary.bytes });
  return summary;
}

/** A backup's bytes for the download, audited; NotFoundError when there is no such backup. */
export async function downloadBackup(db: Database, actor: StaffActor, name: string, config: Config = getConfig()) {
  const found = await openBackup(backupShelf(config), name);
  if (!found) throw new NotFoundError("Fant ikke den sikkerhetskopien.");
  await auditAction(db, actor, "backup_downloaded", { name, bytes: found.size });
  return found;
}

/**
 * The dashboard's warning: the newest backup is older than two days, or there is none on a
 * site older than that. Undefined when all is well. A shelf that cannot be read warns too.
 */
export async function staleBackupWarning(db: Database, at = new Date(), config: Config = getConfig()) {
  try {
    const [newest] = await listBackups(backupShelf(config));
    if (newest) {
      return at.getTime() - new Date(newest.createdAt).getTime() > STALE_BACKUP_DAYS * DAY
        ? { kind: "old" as const, lastAt: newest.createdAt }
        : undefined;
    }
    const [site] = await db.select({ since: min(schema.users.createdAt) }).from(schema.users);
    const since = site?.since ? new Date(site.since).getTime() : at.getTime();
    return at.getTime() - since > STALE_BACKUP_DAYS * DAY ? { kind: "none" as const } : undefined;
  } catch (error) {
    log.warn("backups could not be listed", { error });
    return { kind: "unreadable" as const };
  }
}
