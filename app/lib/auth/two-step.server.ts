import type { Database } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import {
  confirmFactor,
  consumeChallenge,
  createChallenge,
  deleteFactor,
  type Enrolment,
  factorStatus,
  pendingEnrolment,
  replaceRecoveryCodes,
  startEnrolment,
} from "./mfa.server";
import { logSecurityEvent, type SecurityAction } from "./security-events.server";
import { endOtherSessions, type RequestMeta, rotateAfterSecondFactor, type StaffSession } from "./session.server";
import { enqueueAccountChangeMail } from "./account-mail.server";
import { checkSecondFactorCode, type CodeContext, codeBudget } from "./code-budget.server";
import { type ReauthOutcome, requireReauthentication } from "./reauth.server";

/**
 * Two-step verification, one set of flows for the settings pages and /api/auth/factors:
 * turning it on (needs the password, fresh), turning it off (the password and a code),
 * new recovery codes (the password), and the second step of a sign-in (a code). Every
 * code goes through the account's code budget; every change e-mails the owner in its
 * own transaction and is a security event.
 */
type Refused = { kind: "reauth"; outcome: Exclude<ReauthOutcome, { kind: "ok" }> };
type Exhausted = { kind: "exhausted"; retryAfterSeconds: number };

async function gate(db: Database, session: StaffSession, password: string | undefined, meta: RequestMeta) {
  const outcome = await requireReauthentication(db, session, password, meta);
  return outcome.kind === "ok" ? null : ({ kind: "reauth", outcome } satisfies Refused);
}

async function record(db: Database, session: StaffSession, action: SecurityAction, meta: RequestMeta) {
  await logSecurityEvent(db, {
    p_user_id: session.userId,
    p_action: action,
    p_details: { sessionId: session.id },
    p_ip_address: meta.ip,
    p_user_agent: meta.userAgent,
  });
}

const owner = (session: StaffSession) => ({ email: session.email, fullName: session.fullName });

/** Starts enrolment: a new key and QR code, after re-authentication. Refused while a factor is on. */
export async function beginEnrolment(
  db: Database,
  session: StaffSession,
  input: { password?: string; friendlyName?: string },
  meta: RequestMeta,
): Promise<Refused | { kind: "already-on" } | { kind: "started"; enrolment: Enrolment }> {
  const refused = await gate(db, session, input.password, meta);
  if (refused) return refused;
  if (await factorStatus(db, session.userId)) return { kind: "already-on" };
  const enrolment = await startEnrolment(db, { userId: session.userId, email: session.email }, input.friendlyName);
  return { kind: "started", enrolment };
}

/** The unconfirmed enrolment to show again (only to a freshly re-authenticated session). */
export async function shownEnrolment(db: Database, session: StaffSession, factorId?: string) {
  if (factorId !== undefined && !isUuid(factorId)) return null;
  return pendingEnrolment(db, { userId: session.userId, email: session.email }, factorId);
}

/**
 * Finishes enrolment with the first code from the app: the factor is on, ten recovery
 * codes are returned (once), the owner is e-mailed, every other session is signed out.
 * The first code is not part of the code budget: whoever gets here sees the key anyway.
 */
export async function finishEnrolment(
  db: Database,
  session: StaffSession,
  input: { factorId: string; code: string; password?: string },
  meta: RequestMeta,
): Promise<Refused | { kind: "invalid"; enrolment: Enrolment | null } | { kind: "on"; recoveryCodes: string[] }> {
  const refused = await gate(db, session, input.password, meta);
  if (refused) return refused;
  if (!isUuid(input.factorId)) return { kind: "invalid", enrolment: null };
  const codes = await db.transaction(async (tx) => {
    const confirmed = await confirmFactor(tx, session.userId, input.factorId, input.code.slice(0, 64));
    if (confirmed) await enqueueAccountChangeMail(tx, owner(session), "mfa_enrolled", meta);
    return confirmed;
  });
  if (!codes) return { kind: "invalid", enrolment: await shownEnrolment(db, session, input.factorId) };
  await record(db, session, "mfa_enrolled", meta);
  // A new second factor signs out every other session (an attacker's included).
  await endOtherSessions(db, session, meta);
  return { kind: "on", recoveryCodes: codes };
}

/**
 * Turns two-step verification off: the password (fresh) and a current code (within the
 * budget). `factorId` (the API) must name the user's factor; an unconfirmed one, an
 * enrolment never finished, is simply removed.
 */
export async function turnOffTwoStep(
  db: Database,
  session: StaffSession,
  input: { code: string; password?: string; factorId?: string },
  meta: RequestMeta,
  context: Extract<CodeContext, "settings-turn-off" | "api-delete">,
): Promise<Refused | Exhausted | { kind: "not-found" } | { kind: "invalid-code" } | { kind: "off" }> {
  const refused = await gate(db, session, input.password, meta);
  if (refused) return refused;
  const factor = await factorStatus(db, session.userId);
  if (input.factorId !== undefined && input.factorId !== factor?.id) {
    if (!isUuid(input.factorId)) return { kind: "not-found" };
    const removed = await deleteFactor(db, session.userId, input.factorId);
    return removed ? { kind: "off" } : { kind: "not-found" };
  }
  if (!factor) return { kind: "not-found" };
  const check = await checkSecondFactorCode(db, session, input.code, meta, context);
  if (check.kind === "exhausted") return check;
  if (check.kind === "invalid") return { kind: "invalid-code" };
  const removed = await db.transaction(async (tx) => {
    const deleted = await deleteFactor(tx, session.userId, factor.id);
    if (deleted) await enqueueAccountChangeMail(tx, owner(session), "mfa_removed", meta);
    return deleted;
  });
  if (!removed) return { kind: "not-found" };
  await record(db, session, "mfa_removed", meta);
  return { kind: "off" };
}

/** Ten new recovery codes (the old ones stop working), after re-authentication. */
export async function createRecoveryCodes(
  db: Database,
  session: StaffSession,
  input: { password?: string },
  meta: RequestMeta,
): Promise<Refused | { kind: "not-on" } | { kind: "created"; recoveryCodes: string[] }> {
  const refused = await gate(db, session, input.password, meta);
  if (refused) return refused;
  if (!(await factorStatus(db, session.userId))) return { kind: "not-on" };
  const codes = await db.transaction(async (tx) => {
    const created = await replaceRecoveryCodes(tx, session.userId);
    await enqueueAccountChangeMail(tx, owner(session), "recovery_codes_created", meta);
    return created;
  });
  await record(db, session, "recovery_codes_created", meta);
  return { kind: "created", recoveryCodes: codes };
}

/**
 * The second step of a sign-in (or a later check of the factor): a code within the
 * budget. When it is right the session gets a new token: the cookie to set comes back.
 */
export async function verifySecondStep(
  db: Database,
  session: StaffSession,
  code: string,
  meta: RequestMeta,
  context: Extract<CodeContext, "sign-in" | "api-verify">,
): Promise<
  Exhausted | { kind: "invalid" } | { kind: "ended" } | { kind: "verified"; cookie: string; expiresAt: Date }
> {
  const check = await checkSecondFactorCode(db, session, code, meta, context);
  if (check.kind === "exhausted") return check;
  if (check.kind === "invalid") return { kind: "invalid" };
  const rotated = await rotateAfterSecondFactor(db, session);
  return rotated ? { kind: "verified", cookie: rotated.cookie, expiresAt: rotated.expiresAt } : { kind: "ended" };
}

/** POST /api/auth/factors/{id}/challenge: refused while the code budget is used up. */
export async function startChallenge(db: Database, session: StaffSession, factorId: string) {
  if (!isUuid(factorId)) return { kind: "not-found" } as const;
  const budget = await codeBudget(db, session.userId);
  if (budget.exhausted) return { kind: "exhausted", retryAfterSeconds: budget.retryAfterSeconds } as const;
  const challenge = await createChallenge(db, session.userId, factorId);
  return challenge ? ({ kind: "created", challenge } as const) : ({ kind: "not-found" } as const);
}

/**
 * POST /api/auth/factors/{id}/verify: uses the challenge, then either checks a code of
 * the confirmed factor (the sign-in step; the token is rotated) or, for an unconfirmed
 * factor and a fully signed-in, freshly re-authenticated session, finishes enrolment.
 */
export async function verifyChallenge(
  db: Database,
  session: StaffSession,
  input: { factorId: string; challengeId: string; code: string },
  meta: RequestMeta,
) {
  if (!isUuid(input.factorId)) return { kind: "not-found" } as const;
  if (!(await consumeChallenge(db, input.factorId, input.challengeId))) return { kind: "challenge-invalid" } as const;
  const confirmed = await factorStatus(db, session.userId);
  if (confirmed?.id === input.factorId) return verifySecondStep(db, session, input.code, meta, "api-verify");
  if (session.mfaPending) return { kind: "not-signed-in" } as const;
  return finishEnrolment(db, session, { factorId: input.factorId, code: input.code }, meta);
}
