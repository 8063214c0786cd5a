import { sql } from "drizzle-orm";
import { type Database, schema } from "../platform/db.server";

const o = schema.mailOutbox;

/**
 * The mail outbox's depth for /metrics (platform/metrics.server.ts): what waits to go,
 * what waits after a failed attempt, and what was given up. One indexed count per scrape.
 */
export async function outboxCounts(db: Database) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${o.status} = 'pending')::int`,
      retrying: sql<number>`count(*) filter (where ${o.status} = 'pending' and ${o.attempts} > 0)::int`,
      failed: sql<number>`count(*) filter (where ${o.status} = 'failed')::int`,
    })
    .from(o)
    .where(sql`${o.status} in ('pending', 'failed')`);
  return { pending: 0, retrying: 0, failed: 0, ...row };
}
