import { and, eq } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { getConfig } from "../platform/config.server";
import { type Database, schema } from "../platform/db.server";
import { consumeRateLimit, rateLimits } from "../platform/rate-limit.server";
import { randomToken } from "../platform/tokens.server";
import { passwordResetEmail } from "../mail/templates/account-link.server";
import { enqueueMail } from "../mail/mail.server";
import { enqueueAccountChangeMail } from "./account-mail.server";
import {
  issueAccountToken,
  markTokenUsed,
  readAccountToken,
  type TokenState,
  tokenLink,
} from "./account-tokens.server";
import { hashPassword, passwordSchema } from "./password.server";
import { logSecurityEvent } from "./security-events.server";
import type { RequestMeta } from "./session.server";
import { getStudioDetails } from "../studio/studio-details.server";

/**
 * "Forgot password?" (from /login). The request answers the same, in the same time,
 * whether or not an account has the address (decision 013): the limits are counted and
 * the e-mail is rendered either way, and one transaction stores the link and its e-mail,
 * or nothing. The link works once, for 30 minutes. Setting the new password ends every
 * session of the account and mails the owner; it does not sign in, so an account with
 * two-step verification still needs its code at /login.
 */
export const RESET_MAIL_KIND = "password-reset";

export type ResetRequestResult = { kind: "accepted" } | { kind: "throttled"; retryAfterSeconds: number };

export async function requestPasswordReset(
  db: Database,
  rawEmail: string,
  meta: RequestMeta,
): Promise<ResetRequestResult> {
  const email = rawEmail.trim().toLowerCase().slice(0, 254);
  const at = now();
  // Both limits are counted on every request, so neither says anything about the account.
  const [byIp, byAddress] = await Promise.all([
    consumeRateLimit(db, rateLimits.passwordResetIp, meta.ip, at),
    consumeRateLimit(db, rateLimits.passwordResetAddress, email, at),
  ]);
  if (!byIp.allowed || !byAddress.allowed) {
    return { kind: "throttled", retryAfterSeconds: Math.max(byIp.retryAfterSeconds, byAddress.retryAfterSeconds) };
  }
  const token = randomToken();
  const mail = await passwordResetEmail({
    siteUrl: getConfig().siteUrl,
    studio: await getStudioDetails(db),
    url: tokenLink("password_reset", token),
  });
  const userId = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: schema.users.id, passwordHash: schema.users.passwordHash, disabledAt: schema.users.disabledAt })
      .from(schema.users)
      .where(eq(schema.users.email, email));
    // Only an account that can sign in gets a link (not an invitation, not a deactivated one).
    if (!user?.passwordHash || user.disabledAt) return null;
    await issueAccountToken(tx, { userId: user.id, purpose: "password_reset", token });
    await enqueueMail(tx, { kind: RESET_MAIL_KIND, to: email, ...mail });
    return user.id;
  });
  await logSecurityEvent(db, {
    p_user_id: userId,
    p_action: "password_reset_requested",
    p_details: { email, sent: userId !== null },
    p_ip_address: meta.ip,
    p_user_agent: meta.userAgent,
  });
  return { kind: "accepted" };
}

/** What the new-password page shows for a link. */
export async function checkResetToken(db: Database, token: string): Promise<TokenState> {
  return (await readAccountToken(db, token, "password_reset")).state;
}

export type ResetResult =
  | { kind: "reset"; sessionsEnded: number }
  | { kind: "invalid-password"; message: string }
  | { kind: Exclude<TokenState, "valid"> };

/** Sets the new password with a reset link: uses the link up, ends every session, mails the owner. */
export async function resetPassword(
  db: Database,
  token: string,
  password: string,
  meta: RequestMeta,
): Promise<ResetResult> {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) return { kind: "invalid-password", message: parsed.error.issues[0]!.message };
  const passwordHash = await hashPassword(parsed.data);
  const outcome = await db.transaction(async (tx) => {
    const { state, row } = await readAccountToken(tx, token, "password_reset", { lock: true });
    if (state !== "valid") return { kind: state } as const;
    const [user] = await tx
      .select({ email: schema.users.email, disabledAt: schema.users.disabledAt })
      .from(schema.users)
      .where(eq(schema.users.id, row.userId));
    // Deactivated since the link was sent: the link is dead.
    if (!user || user.disabledAt) return { kind: "unknown" } as const;
    await tx.update(schema.users).set({ passwordHash, updatedAt: now() }).where(eq(schema.users.id, row.userId));
    await markTokenUsed(tx, row.id);
    const ended = await tx
      .update(schema.userSessions)
      .set({ isActive: false, endedReason: "password_reset" })
      .where(and(eq(schema.userSessions.userId, row.userId), eq(schema.userSessions.isActive, true)))
      .returning({ id: schema.userSessions.id });
    await enqueueAccountChangeMail(tx, { email: user.email }, "password_reset", meta);
    return { kind: "reset", userId: row.userId, sessionsEnded: ended.length } as const;
  });
  if (outcome.kind !== "reset") return outcome;
  await logSecurityEvent(db, {
    p_user_id: outcome.userId,
    p_action: "password_reset",
    p_details: { sessionsEnded: outcome.sessionsEnded },
    p_ip_address: meta.ip,
    p_user_agent: meta.userAgent,
  });
  return { kind: "reset", sessionsEnded: outcome.sessionsEnded };
}
