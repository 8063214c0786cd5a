import type { Database } from "../platform/db.server";
import { ValidationError } from "../platform/domain-errors";
import { subscribe } from "./newsletter.server";
import { rateLimits } from "../platform/rate-limit.server";
import { MESSAGES, normaliseEmail } from "../platform/validation";
import { enforceRateLimit, isHoneypotFilled } from "./visitor-forms.server";
import { checkSubmission } from "./anti-spam.server";

/**
 * The footer sign-up, whether it came as JSON (POST /api/contact with type
 * "newsletter") or as a plain form (POST /newsletter/subscribe, without JavaScript):
 * honeypot, the newsletter rate limit, the address checked, the time trap and proof of
 * work (anti-spam.server.ts), then double opt-in.
 * Throws a ValidationError or RateLimitedError (domain-errors.ts) for the caller to answer in its own way.
 */
export async function signUpFromFooter(
  db: Database,
  body: Record<string, unknown>,
  visitor: { ip: string; siteUrl: string },
): Promise<{ alreadySubscribed: boolean }> {
  // Bots that fill in the hidden field are told it worked, and nothing is stored.
  if (isHoneypotFilled(body)) return { alreadySubscribed: false };
  await enforceRateLimit(db, rateLimits.newsletter, visitor.ip);
  const typed = typeof body.email === "string" ? body.email.trim() : "";
  if (!typed) throw new ValidationError(MESSAGES.fillIn("email"));
  const email = normaliseEmail(typed);
  if (!email) throw new ValidationError(MESSAGES.invalidEmail);
  const { verified } = await checkSubmission(db, body);
  const { alreadySubscribed } = await subscribe(db, { email, ip: visitor.ip, source: "footer", verified }, visitor.siteUrl);
  return { alreadySubscribed };
}
