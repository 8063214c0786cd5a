import { generateAuthenticationOptions } from "@simplewebauthn/server";
import { eq } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { hashToken, randomToken } from "../platform/tokens.server";
import { consumeRateLimit, rateLimits } from "../platform/rate-limit.server";
import { codeBudget } from "./code-budget.server";
import {
  checkLoginAttempts,
  INVALID,
  ipIsThrottled,
  type LockState,
  recordAttempt,
  withSignInLocks,
} from "./login.server";
import { passkeyForAssertion, verifyAssertion } from "./passkeys.server";
import { logSecurityEvent, type SecurityEvent } from "./security-events.server";
import {
  createSession,
  endSession,
  type RequestMeta,
  rotateAfterSecondFactor,
  type StaffSession,
} from "./session.server";
import { consumeChallenge, relyingParty, storeChallenge } from "./webauthn.server";

/**
 * Signing in with a passkey (decision 065): alone, instead of password and code, or as the
 * second step after the password, instead of the code.
 *
 * Alone it must verify the person (PIN, fingerprint: `userVerification: "required"`), so
 * it is possession plus a second factor and satisfies two-step verification. It counts
 * exactly like a password sign-in: the per-IP throttle, the account's lockout (a refused
 * assertion for a known passkey is a failure of that account), a row in `login_attempts`
 * and a security event for every attempt. As the second step it spends the account's
 * code budget like a wrong code.
 */

/** Where no account is known (an unknown passkey): counted by the network throttle only. */
const UNKNOWN_ACCOUNT = "(passkey)";

/**
 * Options for a passkey sign-in, and the token that binds their challenge to this browser
 * (a cookie). Null when this address asked too often: each is a stored challenge.
 */
export async function passkeySignInOptions(db: Database, ip: string) {
  if (!(await consumeRateLimit(db, rateLimits.passkeyOptions, ip)).allowed) return null;
  const binding = randomToken();
  const options = await generateAuthenticationOptions({ rpID: relyingParty().id, userVerification: "required" });
  await storeChallenge(db, { challenge: options.challenge, purpose: "sign-in", bindingHash: hashToken(binding) });
  return { options, binding };
}

export type PasskeySignInResult =
  | { kind: "signed-in"; cookies: string[] }
  | { kind: "invalid" }
  | { kind: "locked"; lock: LockState }
  | { kind: "throttled" };

export async function signInWithPasskey(
  db: Database,
  binding: string | undefined,
  response: unknown,
  meta: RequestMeta,
): Promise<PasskeySignInResult> {
  const passkey = await passkeyForAssertion(db, response);
  const email = passkey?.email ?? UNKNOWN_ACCOUNT;
  const event = (action: SecurityEvent["p_action"], details: Record<string, unknown>): SecurityEvent => ({
    p_user_id: passkey?.userId ?? null,
    p_action: action,
    p_details: { method: "passkey", ...details },
    p_ip_address: meta.ip,
    p_user_agent: meta.userAgent,
  });
  const { result, log } = await withSignInLocks(db, email, meta.ip, async (tx) => {
    const log: SecurityEvent[] = [];
    if (await ipIsThrottled(tx, meta.ip)) {
      await recordAttempt(tx, email, false, "ip_throttled", meta);
      return { result: { kind: "throttled" } as const, log };
    }
    if (passkey) {
      const before = await checkLoginAttempts(tx, email);
      if (before.is_locked) {
        await recordAttempt(tx, email, false, "account_locked", meta);
        return { result: { kind: "locked", lock: before } as const, log };
      }
    }
    // The challenge is used up whatever follows: a response is good for one try.
    const challenge = binding ? await consumeChallenge(tx, response, "sign-in", { bindingHash: hashToken(binding) }) : null;
    const valid =
      challenge !== null &&
      passkey !== null &&
      !passkey.disabledAt &&
      (await verifyAssertion(tx, passkey, response, challenge.challenge, true));
    if (valid) {
      await recordAttempt(tx, email, true, null, meta);
      await tx.update(schema.users).set({ lastSignInAt: now() }).where(eq(schema.users.id, passkey.userId));
      log.push(event("login", { passkeyId: passkey.id }));
      return { result: { kind: "success", userId: passkey.userId } as const, log };
    }
    await recordAttempt(tx, email, false, INVALID, meta);
    log.push(event("login_failed", { why: challenge ? "assertion" : "challenge", ...(passkey ? { email } : {}) }));
    if (passkey) {
      const after = await checkLoginAttempts(tx, email);
      if (after.is_locked) {
        log.push(event("account_locked", { email, until: after.lock_expires_at }));
        return { result: { kind: "locked", lock: after } as const, log };
      }
    }
    return { result: { kind: "invalid" } as const, log };
  });
  for (const entry of log) await logSecurityEvent(db, entry);
  if (result.kind !== "success") return result;
  // The one way a sign-in becomes a session (as after password and code): a verified one.
  const session = await createSession(db, result.userId, meta, { mfaVerified: true });
  // Every cookie of the sign-in: the session's and the browser's own (the new-browser notice, decision 067).
  return { kind: "signed-in", cookies: session.cookies };
}

/** Options for the second step: this account's passkeys, the challenge bound to the pending session. */
export async function secondStepOptions(db: Database, session: StaffSession) {
  const keys = await db
    .select({ id: schema.passkeys.credentialId, transports: schema.passkeys.transports })
    .from(schema.passkeys)
    .where(eq(schema.passkeys.userId, session.userId));
  if (keys.length === 0) return null;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().id,
    allowCredentials: keys,
    // The password was the knowledge factor; here the passkey is the possession one.
    userVerification: "preferred",
  });
  await storeChallenge(db, {
    challenge: options.challenge,
    purpose: "second-step",
    userId: session.userId,
    sessionId: session.id,
  });
  return options;
}

export type PasskeySecondStepResult =
  | { kind: "verified"; cookie: string }
  | { kind: "invalid" }
  | { kind: "ended" }
  | { kind: "exhausted"; retryAfterSeconds: number };

/** The second step with a passkey: within the account's code budget; the session gets a new token. */
export async function verifyPasskeySecondStep(
  db: Database,
  session: StaffSession,
  response: unknown,
  meta: RequestMeta,
): Promise<PasskeySecondStepResult> {
  const event = (action: SecurityEvent["p_action"], details: Record<string, unknown> = {}) =>
    logSecurityEvent(db, {
      p_user_id: session.userId,
      p_action: action,
      p_details: { context: "sign-in", method: "passkey", ...details },
      p_ip_address: meta.ip,
      p_user_agent: meta.userAgent,
    });
  const signOut = async (retryAfterSeconds: number) => {
    await endSession(db, session.id, session.userId, "signed_out", meta, { why: "code_limit" });
    return { kind: "exhausted", retryAfterSeconds } as const;
  };
  const before = await codeBudget(db, session.userId);
  if (before.exhausted) {
    await event("mfa_failed", { refused: "code_limit" });
    return signOut(before.retryAfterSeconds);
  }
  const challenge = await consumeChallenge(db, response, "second-step", { sessionId: session.id });
  const passkey = challenge ? await passkeyForAssertion(db, response) : null;
  const valid =
    challenge !== null &&
    passkey?.userId === session.userId &&
    (await verifyAssertion(db, passkey, response, challenge.challenge, false));
  await db
    .insert(schema.mfaCodeAttempts)
    .values({ userId: session.userId, success: valid, context: "sign-in-passkey", ipAddress: meta.ip, createdAt: now() });
  if (valid) {
    await event("mfa_verified", { passkeyId: passkey.id });
    const rotated = await rotateAfterSecondFactor(db, session);
    return rotated ? { kind: "verified", cookie: rotated.cookie } : { kind: "ended" };
  }
  const after = await codeBudget(db, session.userId);
  await event("mfa_failed", { failuresLeft: after.failuresLeft });
  if (after.exhausted) {
    await event("mfa_code_limit", { retryAfterSeconds: after.retryAfterSeconds });
    return signOut(after.retryAfterSeconds);
  }
  return { kind: "invalid" };
}
