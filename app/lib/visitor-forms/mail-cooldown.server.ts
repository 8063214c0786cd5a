import { and, eq, sql } from "drizzle-orm";
import { type Database, schema } from "../platform/db.server";

/**
 * Anyone can type anyone's address into our forms, and the per-IP rate limits do not
 * stop a few IPs from mailing one stranger again and again. So the e-mails a visitor
 * can make us send to an address they typed have a cooldown per address: the
 * submission is still stored and the studio still notified; only the visitor-facing
 * e-mail is skipped, and the visitor's answer is the same either way (it must not
 * tell whether an address got mail recently).
 *
 * The outbox is the record: it keeps every message for 90 days (retention.server.ts),
 * with its kind, address and time.
 */
export const RECEIPT_COOLDOWN_SECONDS = 60 * 60;

/**
 * The key an address is counted under: case-insensitive, and without a "+tag" (which
 * most providers deliver to the same mailbox), so neither makes a "new" address.
 */
export function cooldownKey(address: string) {
  const at = address.lastIndexOf("@");
  return `${address.slice(0, at).replace(/\+.*$/, "")}@${address.slice(at + 1)}`.toLowerCase();
}

/**
 * Inside the caller's transaction: whether a message of `kind` to this address was
 * queued within `seconds`. A transaction-scoped advisory lock on the kind and address
 * comes first, so parallel submissions for one address are decided one after the
 * other and cannot all see "none yet".
 */
export async function mailedRecently(tx: Database, kind: string, to: string, seconds: number) {
  const key = cooldownKey(to);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail-cooldown:${kind}:${key}`}, 0))`);
  const o = schema.mailOutbox;
  const [recent] = await tx
    .select({ id: o.id })
    .from(o)
    .where(
      and(
        eq(o.kind, kind),
        sql`${o.createdAt} > now() - make_interval(secs => ${seconds})`,
        sql`lower(regexp_replace(${o.toAddress}, '[+][^@]*@', '@')) = ${key}`,
      ),
    )
    .limit(1);
  return Boolean(recent);
}
