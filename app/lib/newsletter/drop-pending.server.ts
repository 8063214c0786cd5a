import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { type Database, schema } from "../platform/db.server";

/**
 * Someone unsubscribed: the issues not yet sent to them are not sent. Their waiting
 * deliveries are skipped, and e-mails already in the outbox but not yet picked up by the
 * mail worker are deleted (one being handed to the SMTP server right now still goes).
 * Called in the unsubscribe's own transaction.
 */
export async function dropPendingNewsletterMail(tx: Database, subscriberId: string) {
  const { newsletterDeliveries: d, mailOutbox: o, newsletterSends: s } = schema;
  const running = tx.select({ id: s.id }).from(s).where(eq(s.status, "running"));
  await tx
    .update(d)
    .set({ status: "skipped" })
    .where(and(eq(d.subscriberId, subscriberId), eq(d.status, "waiting")));
  const released = tx
    .select({ id: d.outboxId })
    .from(d)
    .where(and(eq(d.subscriberId, subscriberId), eq(d.status, "released")));
  const dropped = await tx
    .delete(o)
    .where(
      and(
        inArray(o.id, released),
        eq(o.status, "pending"),
        or(isNull(o.lockedUntil), lt(o.lockedUntil, sql`now()`)),
      ),
    )
    .returning({ id: o.id });
  if (dropped.length > 0) {
    // Their outbox_id is now null (on delete set null): those deliveries are skipped, not sent.
    await tx
      .update(d)
      .set({ status: "skipped" })
      .where(
        and(eq(d.subscriberId, subscriberId), eq(d.status, "released"), isNull(d.outboxId), inArray(d.sendId, running)),
      );
  }
  return dropped.length;
}
