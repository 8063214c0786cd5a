import net from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { getConfig } from "./config.server";
import { type Database, schema } from "./db.server";

/**
 * Counters in the database, so a limit holds across every app process: one atomic
 * upsert per request into the current window (no read-then-write race), and the
 * previous window's count read beside it. A request is weighed against a sliding
 * window, the previous window's count scaled by how much of it still lies within the
 * last `windowSeconds` (the "sliding window counter" estimate). Fixed windows alone let
 * a burst straddling a window's end through at twice the limit, and made a test that
 * happened to run across the boundary see its sixth request allowed.
 */
export type RateLimitRule = {
  bucket: string;
  limit: number;
  windowSeconds: number;
  /** Keyed by the client's IP address: the key is grouped by `rateLimitKeyForIp`. */
  perIp?: boolean;
};

export const rateLimits = {
  contact: { bucket: "contact", limit: 5, windowSeconds: 600, perIp: true },
  newsletter: { bucket: "newsletter", limit: 5, windowSeconds: 600, perIp: true },
  gdpr: { bucket: "gdpr", limit: 5, windowSeconds: 600, perIp: true },
  /** Image uploads per staff member: each one costs seconds of CPU (uploads.server.ts). */
  upload: { bucket: "upload", limit: 60, windowSeconds: 600 },
  /** "Forgot password?": requests per client address, and per typed address (known or not). */
  passwordResetIp: { bucket: "password-reset-ip", limit: 10, windowSeconds: 900, perIp: true },
  passwordResetAddress: { bucket: "password-reset-address", limit: 3, windowSeconds: 900 },
  /** Passkey sign-in challenges per client address: each is a row kept 5 minutes (decision 065). */
  passkeyOptions: { bucket: "passkey-options", limit: 30, windowSeconds: 600, perIp: true },
} satisfies Record<string, RateLimitRule>;

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/**
 * The rate-limit key of a client address: what one visitor controls. An IPv4 address
 * is itself; an IPv6 address stands for its /64, since any home or server connection
 * gets a whole /64 and could use a new address for every request; an IPv4-mapped IPv6
 * address (`::ffff:192.0.2.7`, what a dual-stack socket reports) is the IPv4 address.
 * However an address is written (case, leading zeros, `::`, `[…]:port`, `%zone`), the
 * key is the same. Anything that is not an address ("unknown") is kept as it is.
 */
export function rateLimitKeyForIp(address: string): string {
  const ip = bareAddress(address);
  if (net.isIPv4(ip)) return ip;
  const groups = net.isIPv6(ip) ? ipv6Groups(ip) : undefined;
  if (!groups) return address.trim();
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The address without brackets, port or zone index, in lower case. */
function bareAddress(address: string) {
  let ip = address.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(ip);
  if (bracketed) ip = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(ip)) ip = ip.slice(0, ip.lastIndexOf(":")); // 192.0.2.7:51234
  const zone = ip.indexOf("%");
  return zone >= 0 ? ip.slice(0, zone) : ip;
}

/** The eight 16-bit groups of a valid IPv6 address (one ending in dotted IPv4 too). */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (part: string | undefined) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const zeros = tail === undefined ? [] : Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

export async function consumeRateLimit(
  db: Database,
  rule: RateLimitRule,
  key: string,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const limit = Math.max(1, Math.round(rule.limit * getConfig().rateLimitMultiplier));
  const rowKey = rule.perIp ? rateLimitKeyForIp(key) : key;
  const [row] = await db
    .insert(schema.rateLimits)
    .values({ bucket: rule.bucket, key: rowKey, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [schema.rateLimits.bucket, schema.rateLimits.key, schema.rateLimits.windowStart],
      set: { count: sql`${schema.rateLimits.count} + 1` },
    })
    .returning({ count: schema.rateLimits.count });
  const [previous] = await db
    .select({ count: schema.rateLimits.count })
    .from(schema.rateLimits)
    .where(
      and(
        eq(schema.rateLimits.bucket, rule.bucket),
        eq(schema.rateLimits.key, rowKey),
        eq(schema.rateLimits.windowStart, new Date(windowStart.getTime() - windowMs)),
      ),
    );
  return slidingWindow({ current: row?.count ?? 1, previous: previous?.count ?? 0, limit, windowMs, elapsedMs: now.getTime() - windowStart.getTime() });
}

/**
 * The decision, apart from the database: `current` counts this request (and refused
 * ones: hammering keeps a client out), `previous` the window before, of which the part
 * still within the last window counts. Retry-After is when one more request would be
 * allowed if none came meanwhile: later in this window as the previous one's share fades,
 * or in the next, once this window's share has faded enough.
 */
export function slidingWindow(input: { current: number; previous: number; limit: number; windowMs: number; elapsedMs: number }): RateLimitResult {
  const { current, previous, limit, windowMs, elapsedMs } = input;
  const fading = (count: number, room: number) => (count > room ? windowMs * (1 - room / count) : 0);
  const allowed = previous * (1 - elapsedMs / windowMs) + current <= limit;
  // One more request must find room for itself: `limit - 1` of the others.
  const room = limit - 1 - current;
  const waitMs = room >= 0 && fading(previous, room) < windowMs ? fading(previous, room) - elapsedMs : windowMs - elapsedMs + fading(current, limit - 1);
  return { allowed, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** Old windows are useless (the previous one is the oldest weighed); called now and then by the server. */
export async function pruneRateLimits(db: Database) {
  await db.delete(schema.rateLimits).where(sql`${schema.rateLimits.windowStart} < now() - interval '1 day'`);
}
