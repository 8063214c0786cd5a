import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { getConfig } from "../platform/config.server";
import { type Database, schema } from "../platform/db.server";
import { hashPassword, verifyPassword } from "./password.server";
import { rateLimitKeyForIp } from "../platform/rate-limit.server";
import { logSecurityEvent, type SecurityEvent } from "./security-events.server";
import { createSession, hasConfirmedFactor, type RequestMeta } from "./session.server";

export { LOGIN_MESSAGES } from "./sign-in-forms";

/** 5 wrong passwords within 15 minutes lock the account for 15 minutes after the last. */
export const LOCKOUT = { maxFailures: 5, windowMinutes: 15, lockMinutes: 15 } as const;
/** One address may not spray passwords at many accounts (or lock them all out). */
export const IP_THROTTLE = { maxFailures: 20, windowMinutes: 15 } as const;

export const INVALID = "invalid_credentials";
/**
 * A colleague lifted the lock (staff-accounts.server.ts `unlockAccount`): a row in
 * `login_attempts` with this error and no IP key, after which earlier failures no longer
 * count, as after a successful sign-in. Not a success, and not counted by the IP throttle.
 */
export const UNLOCKED = "unlocked_by_staff";
const minutes = (n: number) => n * 60_000;

export type LockState = { is_locked: boolean; lock_expires_at: string | null; attempts_count: number };

/**
 * `check_login_attempts`: an address's lock state {is_locked, lock_expires_at, attempts_count}. Any 5 wrong passwords
 * within 15 minutes (since the last successful sign-in) lock it until 15 minutes after
 * the fifth; attempts made while locked are not counted, so the lock does not grow.
 */
export async function checkLoginAttempts(db: Database, rawEmail: string): Promise<LockState> {
  const email = rawEmail.trim().toLowerCase();
  const at = now();
  const a = schema.loginAttempts;
  // A lock still running began at most window + lock minutes ago.
  const lookback = new Date(at.getTime() - minutes(LOCKOUT.windowMinutes + LOCKOUT.lockMinutes));
  const recent = await db
    .select({ success: a.success, errorMessage: a.errorMessage, createdAt: a.createdAt })
    .from(a)
    .where(and(eq(a.email, email), gt(a.createdAt, lookback)))
    .orderBy(desc(a.createdAt));
  const lastSuccess = recent.findIndex((row) => row.success || row.errorMessage === UNLOCKED);
  const sinceSuccess = lastSuccess === -1 ? recent : recent.slice(0, lastSuccess);
  const failures = sinceSuccess
    .filter((row) => row.errorMessage === INVALID)
    .map((row) => row.createdAt.getTime())
    .reverse(); // oldest first
  let lockEnd = 0;
  for (let i = LOCKOUT.maxFailures - 1; i < failures.length; i++) {
    if (failures[i]! - failures[i - LOCKOUT.maxFailures + 1]! <= minutes(LOCKOUT.windowMinutes)) {
      lockEnd = Math.max(lockEnd, failures[i]! + minutes(LOCKOUT.lockMinutes));
    }
  }
  const inWindow = failures.filter((t) => t > at.getTime() - minutes(LOCKOUT.windowMinutes)).length;
  return {
    is_locked: lockEnd > at.getTime(),
    lock_expires_at: lockEnd ? new Date(lockEnd).toISOString() : null,
    attempts_count: inWindow,
  };
}

/** Whole minutes left of a lock, at least 1 (what the banner says). */
export function minutesLeft(lock: LockState) {
  if (!lock.lock_expires_at) return 0;
  return Math.max(1, Math.ceil((new Date(lock.lock_expires_at).getTime() - now().getTime()) / 60_000));
}

export async function ipIsThrottled(db: Database, ip: string) {
  const a = schema.loginAttempts;
  const since = new Date(now().getTime() - minutes(IP_THROTTLE.windowMinutes));
  const [row] = await db
    .select({ n: count() })
    .from(a)
    .where(and(eq(a.ipKey, rateLimitKeyForIp(ip)), eq(a.success, false), gt(a.createdAt, since)));
  const limit = Math.round(IP_THROTTLE.maxFailures * getConfig().rateLimitMultiplier);
  return (row?.n ?? 0) >= limit;
}

export async function recordAttempt(db: Database, email: string, success: boolean, error: string | null, meta: RequestMeta) {
  await db.insert(schema.loginAttempts).values({
    email: email.slice(0, 254),
    success,
    errorMessage: error,
    ipAddress: meta.ip,
    ipKey: rateLimitKeyForIp(meta.ip),
    userAgent: meta.userAgent,
    createdAt: now(),
  });
}

// Verifying against this when the address is unknown makes both cases take as long.
let dummyHash: Promise<string> | undefined;

export type SignInResult =
  | { kind: "success"; userId: string }
  | { kind: "invalid" }
  | { kind: "locked"; lock: LockState; /** This very failure locked the address. */ justLocked?: boolean }
  | { kind: "throttled" };

// Sign-ins for one address (and from one IP) run one at a time across every app process:
// an advisory lock per network and one per address, held by the transaction that reads
// the counts and records the attempt, so parallel guesses (on one instance or spread
// over several behind a load balancer) cannot all pass the lock check before any
// failure is recorded. The queue in front of it is per connection pool (per process):
// sign-ins waiting for the same address or network here wait without holding a
// database connection, so a burst of guesses cannot take the whole pool.
const inFlightByDb = new WeakMap<Database, Map<string, Promise<unknown>>>();
async function oneAtATime<T>(db: Database, key: string, run: () => Promise<T>): Promise<T> {
  let inFlight = inFlightByDb.get(db);
  if (!inFlight) inFlightByDb.set(db, (inFlight = new Map()));
  const current = (inFlight.get(key) ?? Promise.resolve()).catch(() => {}).then(run);
  inFlight.set(key, current);
  try {
    return await current;
  } finally {
    if (inFlight.get(key) === current) inFlight.delete(key);
  }
}

/**
 * The advisory-lock keys of a sign-in. Always taken in this order (network, then
 * address) by every sign-in, so two sign-ins never wait for each other in a circle.
 */
function signInLockKeys(email: string, ip: string): [network: string, address: string] {
  return [`sign-in-ip:${rateLimitKeyForIp(ip)}`, `sign-in-email:${email}`];
}

/**
 * Runs `run` in one transaction holding the sign-in locks of this address and network,
 * exactly as a password sign-in does, for the other ways in (a passkey, decision 065):
 * the same throttle and lockout counts cannot be raced past.
 */
export function withSignInLocks<T>(db: Database, email: string, ip: string, run: (tx: Database) => Promise<T>) {
  const [ipKey, emailKey] = signInLockKeys(email, ip);
  return oneAtATime(db, ipKey, () =>
    oneAtATime(db, emailKey, () =>
      db.transaction(async (tx) => {
        for (const key of [ipKey, emailKey]) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        }
        return run(tx);
      }),
    ),
  );
}

/**
 * Why the password is being checked: to sign in, or again inside a session before a
 * sensitive change. Both count the same (lockout, IP throttle, `login_attempts`); the
 * security events say which it was.
 */
export type PasswordPurpose = "sign-in" | "reauthentication";
const EVENTS = {
  "sign-in": { success: "login", failure: "login_failed" },
  reauthentication: { success: "reauthenticated", failure: "reauth_failed" },
} as const;

/** Checks a password sign-in: throttling, lockout, the password, and records it all. */
export async function signIn(
  db: Database,
  input: { email: string; password: string },
  meta: RequestMeta,
  purpose: PasswordPurpose = "sign-in",
) {
  const email = input.email.trim().toLowerCase();
  const [ipKey, emailKey] = signInLockKeys(email, meta.ip);
  const events = EVENTS[purpose];
  const { result, log } = await oneAtATime(db, ipKey, () =>
    oneAtATime(db, emailKey, () =>
      db.transaction(async (tx) => {
        for (const key of [ipKey, emailKey]) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        }
        return checkSignIn(tx, email, input.password, meta, events);
      }),
    ),
  );
  // Security events after the commit: a failure to record one (which never blocks a
  // sign-in) cannot abort the transaction that counted the attempt.
  for (const event of log) await logSecurityEvent(db, event);
  return result;
}

async function checkSignIn(
  db: Database,
  email: string,
  password: string,
  meta: RequestMeta,
  events: (typeof EVENTS)[PasswordPurpose],
): Promise<{ result: SignInResult; log: SecurityEvent[] }> {
  if (await ipIsThrottled(db, meta.ip)) {
    await recordAttempt(db, email, false, "ip_throttled", meta);
    return { result: { kind: "throttled" }, log: [] };
  }
  const before = await checkLoginAttempts(db, email);
  if (before.is_locked) {
    await recordAttempt(db, email, false, "account_locked", meta);
    return { result: { kind: "locked", lock: before }, log: [] };
  }

  const [user] = await db
    .select({ id: schema.users.id, passwordHash: schema.users.passwordHash, disabledAt: schema.users.disabledAt })
    .from(schema.users)
    .where(eq(schema.users.email, email));
  dummyHash ??= hashPassword("not a real password, only for timing");
  // An invitation not yet accepted has no password: the dummy hash, so it takes as long.
  const valid = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  // A deactivated account gets the same answer as a wrong password (decision 013).
  const disabled = Boolean(user?.disabledAt);

  if (user && valid && !disabled) {
    await recordAttempt(db, email, true, null, meta);
    if (events === EVENTS["sign-in"]) {
      await db.update(schema.users).set({ lastSignInAt: now() }).where(eq(schema.users.id, user.id));
    }
    const log: SecurityEvent[] = [
      { p_user_id: user.id, p_action: events.success, p_ip_address: meta.ip, p_user_agent: meta.userAgent },
    ];
    return { result: { kind: "success", userId: user.id }, log };
  }

  await recordAttempt(db, email, false, INVALID, meta);
  const log: SecurityEvent[] = [];
  log.push({
    p_user_id: user?.id ?? null,
    p_action: events.failure,
    p_details: disabled && valid ? { email, why: "account_disabled" } : { email },
    p_ip_address: meta.ip,
    p_user_agent: meta.userAgent,
  });
  // The lock state is checked again after every failure, so the failure that locks the address says so at once.
  const after = await checkLoginAttempts(db, email);
  if (after.is_locked) {
    log.push({
      p_user_id: user?.id ?? null,
      p_action: "account_locked",
      p_details: { email, until: after.lock_expires_at },
      p_ip_address: meta.ip,
      p_user_agent: meta.userAgent,
    });
    return { result: { kind: "locked", lock: after, justLocked: true }, log };
  }
  return { result: { kind: "invalid" }, log };
}

/**
 * /login's whole step: the password checked (throttle, lockout, records), then a new
 * session, a short one while the account still owes its second factor.
 */
export async function signInWithPassword(db: Database, input: { email: string; password: string }, meta: RequestMeta) {
  const result = await signIn(db, input, meta);
  if (result.kind !== "success") return result;
  const needsSecondFactor = await hasConfirmedFactor(db, result.userId);
  const session = await createSession(db, result.userId, meta, { mfaVerified: !needsSecondFactor });
  return { kind: "signed-in" as const, needsSecondFactor, cookie: session.cookie, cookies: session.cookies };
}
