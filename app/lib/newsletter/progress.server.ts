import { eq, sql } from "drizzle-orm";
import { type Database, schema } from "../platform/db.server";
import type { SendProgress } from "./issue-forms";

/**
 * How far a send has come: waiting for their turn, queued in the mail outbox, sent,
 * failed for good, skipped (unsubscribed before their turn). A finished send keeps its
 * final counts; a running one is counted from its deliveries and their outbox rows.
 */

const { newsletterDeliveries: d, mailOutbox: o } = schema;

type SendRow = typeof schema.newsletterSends.$inferSelect;

export async function liveProgress(db: Database, sendId: string) {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${d.status} = 'waiting')::int`,
      skipped: sql<number>`count(*) filter (where ${d.status} = 'skipped')::int`,
      queued: sql<number>`count(*) filter (where ${d.status} = 'released' and ${o.status} = 'pending')::int`,
      // A released delivery whose outbox row is gone was sent long ago (retention).
      sent: sql<number>`count(*) filter (where ${d.status} = 'released' and (${o.status} = 'sent' or ${o.id} is null))::int`,
      failed: sql<number>`count(*) filter (where ${d.status} = 'released' and ${o.status} = 'failed')::int`,
    })
    .from(d)
    .leftJoin(o, eq(o.id, d.outboxId))
    .where(eq(d.sendId, sendId));
  return { waiting: 0, skipped: 0, queued: 0, sent: 0, failed: 0, ...row };
}

export async function sendProgress(db: Database, send: SendRow): Promise<SendProgress> {
  if (send.status === "done") {
    return {
      recipients: send.recipientCount,
      waiting: 0,
      queued: 0,
      sent: send.sentCount ?? 0,
      failed: send.failedCount ?? 0,
      skipped: send.skippedCount ?? 0,
    };
  }
  return { recipients: send.recipientCount, ...(await liveProgress(db, send.id)) };
}

/** The running send's progress for /metrics (one send runs at a time), or null when none does. */
export async function runningSendProgress(db: Database) {
  const [send] = await db.select().from(schema.newsletterSends).where(eq(schema.newsletterSends.status, "running")).limit(1);
  return send ? sendProgress(db, send) : null;
}
