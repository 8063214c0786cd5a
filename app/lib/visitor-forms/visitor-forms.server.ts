import type { Database } from "../platform/db.server";
import { RateLimitedError } from "../platform/domain-errors";
import { consumeRateLimit, type RateLimitRule } from "../platform/rate-limit.server";

/**
 * Shared defences of the three visitor forms: a honeypot field that people never see
 * (bots fill it in and get a quiet "success"), and per-IP rate limits kept in the
 * database so they hold across app processes.
 */
export const HONEYPOT_FIELD = "website";

export function isHoneypotFilled(body: Record<string, unknown>) {
  const value = body[HONEYPOT_FIELD];
  return typeof value === "string" ? value.trim().length > 0 : value !== undefined && value !== null;
}

export const TOO_MANY_REQUESTS = "Too many requests. Please wait a few minutes and try again.";

export async function enforceRateLimit(db: Database, rule: RateLimitRule, clientIp: string) {
  const result = await consumeRateLimit(db, rule, clientIp);
  if (!result.allowed) {
    throw new RateLimitedError(TOO_MANY_REQUESTS, result.retryAfterSeconds);
  }
}
