import net from "node:net";
import { sql } from "drizzle-orm";
import { getConfig } from "./config.server";
import { type Database, schema } from "./db.server";

/**
 * Fixed-window counters in the database, so a limit holds across every app process.
 * One atomic upsert per request: no read-then-write race.
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
  const [row] = await db
    .insert(schema.rateLimits)
    .values({ bucket: rule.bucket, key: rule.perIp ? rateLimitKeyForIp(key) : key, windowStart, count: 1 })
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
