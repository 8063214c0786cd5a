import { sql } from "drizzle-orm";
import { getConfig } from "./config.server";
import { type Database, schema } from "./db.server";

/**
 * Fixed-window counters in the database, so a limit holds across every app process.
 * One atomic upsert per request: no read-then-write race.
 */
export type RateLimitRule = { bucket: string; limit: number; windowSeconds: number };

export const rateLimits = {
  contact: { bucket: "contact", limit: 5, windowSeconds: 600 },
  newsletter: { bucket: "newsletter", limit: 5, windowSeconds: 600 },
  gdpr: { bucket: "gdpr", limit: 5, windowSeconds: 600 },
  /** Second-factor codes per account: 5 tries in 15 minutes, then sign in again. */
  mfa: { bucket: "mfa", limit: 5, windowSeconds: 900 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

export async function consumeRateLimit(
  db: Database,
  rule: RateLimitRule,
  key: string,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const limit = Math.max(1, Math.round(rule.limit * getConfig().rateLimitMultiplier));
  const [row] = await db
    .insert(schema.rateLimits)
    .values({ bucket: rule.bucket, key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [schema.rateLimits.bucket, schema.rateLimits.key, schema.rateLimits.windowStart],
      set: { count: sql`${schema.rateLimits.count} + 1` },
    })
    .returning({ count: schema.rateLimits.count });
  const retryAfterSeconds = Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000);
  return { allowed: (row?.count ?? 1) <= limit, retryAfterSeconds };
}

/** Old windows are useless; called now and then by the server. */
export async function pruneRateLimits(db: Database) {
  await db.delete(schema.rateLimits).where(sql`${schema.rateLimits.windowStart} < now() - interval '1 day'`);
}
