import { and, desc, eq, gt, sql } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { matchSecondFactor } from "./mfa.server";
import { logSecurityEvent } from "./security-events.server";
import { endSession, type RequestMeta } from "./session.server";

/**
 * One budget of wrong second-factor codes per account, shared by every place a code is
 * checked (the sign-in step, turning two-step verification off in settings, the
 * /api/auth/factors endpoints): 5 wrong codes within 15 minutes, and the session that
 * sent the fifth is signed out. From then on every code, right or wrong, is refused (and
 * the session sending it signed out) until the oldest of those five is 15 minutes old.
 * Refused codes are not checked and not counted, so the wait does not grow.
 *
 * Not multiplied by RATE_LIMIT_MULTIPLIER: like the password lockout, it protects one
 * account and is no load limit.
 */
export const CODE_BUDGET = { maxFailures: 5, windowMinutes: 15 } as const;
const WINDOW_MS = CODE_BUDGET.windowMinutes * 60_000;

export type CodeContext = "sign-in" | "settings-turn-off" | "api-verify" | "api-delete";

export type CodeCheck =
  | { kind: "ok"; method: "totp" | "recovery_code" }
  | { kind: "invalid"; failuresLeft: number }
  /** The budget is used up: the code was refused or was the last wrong one; the session is ended. */
  | { kind: "exhausted"; retryAfterSeconds: number };

const attempts = schema.mfaCodeAttempts;

async function budgetState(db: Database, userId: string, at: Date) {
  const recent = await db
    .select({ createdAt: attempts.createdAt })
    .from(attempts)
    .where(
      and(
        eq(attempts.userId, userId),
        eq(attempts.success, false),
        gt(attempts.createdAt, new Date(at.getTime() - WINDOW_MS)),
      ),
    )
    .orderBy(desc(attempts.createdAt))
    .limit(CODE_BUDGET.maxFailures);
  const exhausted = recent.length >= CODE_BUDGET.maxFailures;
  // Codes are accepted again once the fifth most recent failure has left the window.
  const retryAt = exhausted ? recent[CODE_BUDGET.maxFailures - 1]!.createdAt.getTime() + WINDOW_MS : at.getTime();
  return {
    failures: recent.length,
    exhausted,
    retryAfterSeconds: Math.max(1, Math.ceil((retryAt - at.getTime()) / 1000)),
  };
}

/** What is left of an account's budget (for refusing a new API challenge early). */
export async function codeBudget(db: Database, userId: string) {
  const state = await budgetState(db, userId, now());
  return {
    exhausted: state.exhausted,
    failuresLeft: CODE_BUDGET.maxFailures - state.failures,
    retryAfterSeconds: state.retryAfterSeconds,
  };
}

/**
 * Checks a second-factor code against the account's confirmed factor, within its code
 * budget. Checks of one account run one at a time across every app process (an advisory
 * lock in the transaction), so parallel guesses cannot all pass the budget check before
 * any failure is counted.
 */
export async function checkSecondFactorCode(
  db: Database,
  session: { id: string; userId: string },
  code: string,
  meta: RequestMeta,
  context: CodeContext,
): Promise<CodeCheck> {
  const at = now();
  const { userId } = session;
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mfa-code:${userId}`}, 0))`);
    const before = await budgetState(tx, userId, at);
    if (before.exhausted) return { kind: "refused" as const, retryAfterSeconds: before.retryAfterSeconds };
    const method = await matchSecondFactor(tx, userId, code.slice(0, 64));
    await tx.insert(attempts).values({ userId, success: method !== null, context, ipAddress: meta.ip, createdAt: at });
    if (method) return { kind: "ok" as const, method };
    const after = await budgetState(tx, userId, at);
    if (after.exhausted) return { kind: "used-up" as const, retryAfterSeconds: after.retryAfterSeconds };
    return { kind: "invalid" as const, failuresLeft: CODE_BUDGET.maxFailures - after.failures };
  });

  const event = (action: "mfa_verified" | "mfa_failed" | "mfa_code_limit", details: Record<string, unknown>) =>
    logSecurityEvent(db, {
      p_user_id: userId,
      p_action: action,
      p_details: { context, ...details },
      p_ip_address: meta.ip,
      p_user_agent: meta.userAgent,
    });
  switch (outcome.kind) {
    case "ok":
      await event("mfa_verified", { method: outcome.method });
      return outcome;
    case "invalid":
      await event("mfa_failed", { failuresLeft: outcome.failuresLeft });
      return outcome;
    case "used-up":
    case "refused": {
      if (outcome.kind === "used-up") {
        await event("mfa_failed", { failuresLeft: 0 });
        await event("mfa_code_limit", { retryAfterSeconds: outcome.retryAfterSeconds });
      } else {
        await event("mfa_failed", { refused: "code_limit" });
      }
      await endSession(db, session.id, userId, "signed_out", meta, { why: "code_limit" });
      return { kind: "exhausted", retryAfterSeconds: outcome.retryAfterSeconds };
    }
  }
}
