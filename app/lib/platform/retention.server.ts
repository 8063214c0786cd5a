import { and, eq, inArray, lt, ne, or, sql } from "drizzle-orm";
import { now } from "./clock.server";
import { type Database, schema } from "./db.server";
import { pruneRateLimits } from "./rate-limit.server";

/**
 * Deletes what the privacy policy says we keep only for a while. Every server process
 * starts a round hourly (`runRetentionRound`); with several instances on one database
 * only one of them runs it at a time, the others skip that round.
 */
const DAY = 24 * 60 * 60 * 1000;
export const RETENTION_DAYS = {
  signInLogs: 90, // login_attempts, mfa_code_attempts, security_events, ended sessions
  contactRequests: 365,
  gdprSubmissions: 365,
  sentMailBodies: 7, // the copy in the outbox of what was sent
  mailRows: 90,
  unconfirmedSignUps: 30,
  unsubscribedConsentRecords: 3 * 365,
} as const;
/** As long as the known-browser cookie lives (app/lib/auth/known-browser.server.ts). */
export const KNOWN_BROWSER_DAYS = 400;

export async function applyRetention(db: Database, at = now()) {
  const before = (days: number) => new Date(at.getTime() - days * DAY);
  const s = schema;
  await db.delete(s.loginAttempts).where(lt(s.loginAttempts.createdAt, before(RETENTION_DAYS.signInLogs)));
  await db.delete(s.mfaCodeAttempts).where(lt(s.mfaCodeAttempts.createdAt, before(RETENTION_DAYS.signInLogs)));
  await db.delete(s.securityEvents).where(lt(s.securityEvents.createdAt, before(RETENTION_DAYS.signInLogs)));
  await db
    .delete(s.userSessions)
    .where(
      and(
        or(eq(s.userSessions.isActive, false), lt(s.userSessions.expiresAt, at)),
        lt(s.userSessions.lastActivity, before(RETENTION_DAYS.signInLogs)),
      ),
    );
  // A browser unseen for longer than its cookie lives (known-browser.server.ts) would count as new anyway.
  await db.delete(s.knownBrowsers).where(lt(s.knownBrowsers.lastSeenAt, before(KNOWN_BROWSER_DAYS)));
  // One-time links about accounts (hashes only), used or not, 90 days after they expired.
  await db.delete(s.accountTokens).where(lt(s.accountTokens.expiresAt, before(RETENTION_DAYS.signInLogs)));
  await db.delete(s.contactRequests).where(lt(s.contactRequests.createdAt, before(RETENTION_DAYS.contactRequests)));
  await db.delete(s.gdprSubmissions).where(lt(s.gdprSubmissions.createdAt, before(RETENTION_DAYS.gdprSubmissions)));
  const done = inArray(s.mailOutbox.status, ["sent", "failed"]);
  await db
    .update(s.mailOutbox)
    .set({ textBody: "", htmlBody: null, headers: {} })
    .where(and(done, lt(s.mailOutbox.createdAt, before(RETENTION_DAYS.sentMailBodies)), ne(s.mailOutbox.textBody, "")));
  await db.delete(s.mailOutbox).where(and(done, lt(s.mailOutbox.createdAt, before(RETENTION_DAYS.mailRows))));
  await db
    .delete(s.newsletterSubscribers)
    .where(
      or(
        and(
          eq(s.newsletterSubscribers.status, "pending"),
          lt(s.newsletterSubscribers.consentAt, before(RETENTION_DAYS.unconfirmedSignUps)),
        ),
        and(
          eq(s.newsletterSubscribers.status, "unsubscribed"),
          lt(s.newsletterSubscribers.unsubscribedAt, before(RETENTION_DAYS.unsubscribedConsentRecords)),
        ),
      ),
    );
  await pruneRateLimits(db);
}

/**
 * A domain's own part of the round, run under the same lock and in the same transaction
 * after the tables above (platform imports no domain: server/startup.ts hands them in).
 * Job applications and their CVs are one (applications.server.ts, decision 057).
 */
export type RetentionTask = (tx: Database, at: Date) => Promise<unknown>;

/** The advisory lock a retention round holds (hashed like the other advisory-lock keys). */
const RETENTION_LOCK = sql`hashtextextended('retention', 0)`;

/**
 * One hourly round of `applyRetention`, on one instance at a time: the round runs in a
 * transaction that first tries the retention advisory lock. If another instance holds
 * it (its round is under way), this one skips the round instead of queueing behind it
 * and deleting the same rows again; its next round comes within the hour. The lock ends
 * with the transaction, so an instance that dies mid-round leaves nothing held.
 */
export async function runRetentionRound(
  db: Database,
  at = now(),
  tasks: readonly RetentionTask[] = [],
): Promise<"ran" | "skipped"> {
  return db.transaction(async (tx) => {
    const result = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`,
    );
    if (!result.rows[0]?.locked) return "skipped";
    await applyRetention(tx, at);
    for (const task of tasks) await task(tx, at);
    return "ran";
  });
}
