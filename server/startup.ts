import path from "node:path";
import { studioSeed } from "~/content/site";
import { getConfig } from "~/lib/platform/config.server";
import { createPageViewBuffer, getPageViewBuffer, setPageViewBuffer } from "~/lib/site/analytics.server";
import { listenForNotifications } from "~/lib/platform/notifications.server";
import { type Database, getDatabaseHandle, getDb, openDatabase, setDatabase } from "~/lib/platform/db.server";
import type { EmbeddedCluster } from "~/lib/platform/embedded-postgres.server";
import { log } from "~/lib/platform/log.server";
import { setMetricSources } from "~/lib/platform/metrics.server";
import { outboxCounts } from "~/lib/mail/outbox-metrics.server";
import { runningSendProgress } from "~/lib/newsletter/progress.server";
import { createMailWorker, fileTransport, getMailWorker, setMailWorker, smtpTransport } from "~/lib/mail/mail.server";
import { runRetentionRound } from "~/lib/platform/retention.server";
import { startBackupSchedule } from "~/lib/backup/backup-schedule.server";
import { backupShelf, listBackups } from "~/lib/backup/backup-shelf.server";
import { applicationRetention } from "~/lib/applications/applications.server";
import { forgetExpiredProofs } from "~/lib/visitor-forms/anti-spam.server";
import { getPrivateStore } from "~/lib/media/storage/private-store.server";
import { runSeeds } from "~/lib/platform/seed.server";
import { rememberShowcaseLists } from "~/lib/showcase/showcase.server";
import { rememberPostPages } from "~/lib/blog/post-page.server";
import { installSecretsKey } from "~/lib/platform/secrets.server";
import { checkKeyAgainstDatabase, resolveSecretsKey } from "~/lib/platform/secrets-key.server";
import { ensureFirstUser } from "~/lib/auth/users.server";
import { protectStoredFactors } from "~/lib/auth/mfa.server";
import { upgradeUnsubscribeTokens } from "~/lib/visitor-forms/newsletter.server";
import { getMediaStore } from "~/lib/media/storage/media-store.server";
import { createNewsletterReleaser } from "~/lib/newsletter/releaser.server";
import { dueSends } from "~/lib/newsletter/scheduled-send.server";
import { duePosts } from "~/lib/blog/post-schedule.server";
import { createDueScheduler, setDueScheduler } from "~/lib/platform/due-scheduler.server";
import { sweepUploadSpool, uploadSpoolDir } from "~/lib/showcase/showcase-upload.server";
import { forgetKeptContent } from "./kept-content";

/**
 * Everything the server does once before it accepts requests: validate settings, find
 * the secrets key, open the database and migrate it, check the key against it and
 * protect secrets stored before there was one, seed content once, make sure a staff
 * account exists. Returns the function that undoes it on shutdown.
 */
export async function startApp(): Promise<{ stop: () => Promise<void> }> {
  const existing = getDatabaseHandle();
  if (existing) return { stop: () => stopApp() }; // dev-server reload: already started

  const config = getConfig();
  const secretsKey = resolveSecretsKey(config);
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, role: "server" });
  try {
    await protectSecretsAtRest(handle.db, secretsKey);
  } catch (error) {
    await handle.close();
    throw error;
  }
  setDatabase(handle);
  log.info("database ready", {
    kind: handle.kind,
    ...(handle.kind === "embedded" ? { dataDir: config.dataDir } : {}),
  });
  if (handle.cluster?.owned) superviseEmbeddedDatabase(handle.cluster);

  await runSeeds(handle.db);
  const firstUser = await ensureFirstUser(handle.db);
  if (firstUser) printFirstUser(firstUser);

  const worker = createMailWorker({
    db: handle.db,
    transport: config.smtpUrl ? smtpTransport(config.smtpUrl) : fileTransport(path.join(config.dataDir, "mail")),
    // The sender is the deployment's (MAIL_FROM), not the editable details: the relay must
    // accept it, so a changed studio address in the back office must not change it.
    from: config.mailFrom ?? `"${studioSeed.name}" <${studioSeed.email}>`,
  });
  setMailWorker(worker);
  worker.start();
  log.info("mail delivery", { transport: worker.transport });
  // Newsletter sends continue where they were, in whichever process gets to them first.
  const releaser = createNewsletterReleaser({
    db: handle.db,
    siteUrl: config.siteUrl,
    mediaBaseUrl: config.mediaBaseUrl,
    ratePerMinute: config.newsletterRatePerMinute,
  });
  releaser.start();
  stopReleaser = () => releaser.stop();
  // Scheduled posts go live, and scheduled newsletters start, at their time, by whichever
  // process gets there first (decision 051); the scheduler sleeps until then, woken by
  // `schedule_changed` below (decision 069).
  const scheduler = createDueScheduler({ db: handle.db, work: [duePosts, dueSends] });
  setDueScheduler(scheduler);
  scheduler.start();
  stopScheduler = () => scheduler.stop();
  // Which store uploads go to (the folder or a bucket): the first thing to check when an
  // image is missing on one instance.
  log.info("media storage", { store: getMediaStore().description });

  // Public pages and their words are cached per process; any content change, in any
  // process, clears them.
  // Mail committed to the outbox by any process wakes this process's worker at once, and
  // a post or send scheduled (or moved) by any process sets this process's scheduler again.
  const notifications = listenForNotifications(handle, {
    content_changed: forgetKeptContent,
    mail_due: () => worker.kick(),
    schedule_changed: () => scheduler.kick(),
  });
  await notifications.ready;
  stopListening = () => notifications.stop();
  // Heard from now on, so the showcase lists and the post pages may be kept between changes.
  rememberShowcaseLists();
  rememberPostPages();

  setPageViewBuffer(
    createPageViewBuffer(getDb, (error) => log.warn("page views not recorded", { error: String(error) })),
  );

  // Read when Prometheus scrapes /metrics, not kept up to date in between (decision 061).
  setMetricSources({
    outbox: () => outboxCounts(handle.db),
    newsletter: () => runningSendProgress(handle.db),
    pool: () => handle.poolUse(),
    // The newest backup on the shelf (decision 058); none yet: the gauge is absent, not 0.
    lastBackupAt: async () => {
      const [newest] = await listBackups(backupShelf(config));
      return newest ? new Date(newest.createdAt) : undefined;
    },
  });

  // Retention: what the privacy policy promises to delete, deleted (hourly, and now), by
  // one instance at a time (a round another instance is running is skipped here); and
  // the spooled videos of uploads a dead process left behind.
  const retentionTasks = [applicationRetention(getPrivateStore()), forgetExpiredProofs];
  const housekeep = async () => {
    await runRetentionRound(handle.db, undefined, retentionTasks).then(
      (outcome) => log.debug("retention round", { outcome }),
      (error) => log.warn("retention run failed", { error }),
    );
    await sweepUploadSpool(uploadSpoolDir(config.dataDir))
      .then((removed) => removed > 0 && log.info("stray upload spool files removed", { removed }))
      .catch((error) => log.warn("upload spool sweep failed", { error }));
  };
  void housekeep();
  const housekeeping = setInterval(housekeep, 60 * 60_000);
  housekeeping.unref();
  // The daily backup (BACKUP_TIME, one instance at a time; docs/decisions/058).
  const stopBackups = startBackupSchedule(handle.db, config, { connection: handle.connection, secretsKey: secretsKey.key });
  stopHousekeeping = () => {
    clearInterval(housekeeping);
    stopBackups();
  };

  return { stop: () => stopApp() };
}

/**
 * The key must be the one the database's secrets were stored with; then values from
 * before secrets were protected (issue 12) are encrypted or keyed, once.
 */
async function protectSecretsAtRest(db: Database, secretsKey: ReturnType<typeof resolveSecretsKey>) {
  await checkKeyAgainstDatabase(db, secretsKey.key, secretsKey.source === "file" ? secretsKey.file : "SECRETS_KEY");
  installSecretsKey(secretsKey.key);
  const factors = await protectStoredFactors(db);
  const unsubscribe = await upgradeUnsubscribeTokens(db);
  const upgraded = { ...factors, ...unsubscribe };
  if (Object.values(upgraded).some(Boolean)) log.info("protected secrets stored before SECRETS_KEY", upgraded);
}

let stopHousekeeping = () => {};
let stopReleaser = async () => {};
let stopScheduler = async () => {};
let stopListening = async () => {};

/**
 * When the embedded PostgreSQL dies under us, requests answer 503 (the pool fails,
 * /healthz too) while it is started again; PostgreSQL's crash recovery replays its
 * log, so no committed write is lost. If it will not come back within a minute the
 * process exits non-zero, for a supervisor to restart the whole thing.
 */
function superviseEmbeddedDatabase(cluster: EmbeddedCluster) {
  cluster.onUnexpectedExit(async (code) => {
    log.error("the embedded PostgreSQL stopped unexpectedly; starting it again", { code });
    const deadline = Date.now() + 60_000;
    for (let delay = 250; Date.now() < deadline; delay = Math.min(delay * 2, 5_000)) {
      try {
        await cluster.restart();
        log.info("the embedded PostgreSQL is back");
        return;
      } catch (error) {
        log.warn("restarting the embedded PostgreSQL failed; trying again", { error: String(error) });
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
    log.error("the embedded PostgreSQL could not be restarted; exiting so a supervisor can restart the app");
    process.exit(1);
  });
}

async function stopApp() {
  stopHousekeeping();
  await stopReleaser();
  await stopScheduler();
  setDueScheduler(undefined);
  await stopListening();
  await getPageViewBuffer()?.stop();
  setPageViewBuffer(undefined);
  const worker = getMailWorker();
  setMailWorker(undefined);
  await worker?.stop();
  const handle = getDatabaseHandle();
  setDatabase(undefined);
  await handle?.close();
}

// Written once, as one JSON line like every other line the server writes (a log collector
// parses all of them), whatever LOG_LEVEL says: without it nobody could sign in. The password
// is not stored anywhere in clear.
function printFirstUser({ email, password }: { email: string; password: string }) {
  process.stdout.write(
    `${JSON.stringify({
      time: new Date().toISOString(),
      level: "info",
      msg: "first staff account created",
      email,
      password,
      note: "Shown once: store it in a password manager, then sign in at /login. More accounts: npm run user:create -- --email … --name …",
    })}\n`,
  );
}
