import { randomInt, randomUUID } from "node:crypto";
import { and, desc, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import { siteConfig } from "~/content/site";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { log } from "../platform/log.server";
import { decryptSecret, encryptSecret, keyedHash, wrapLegacyHash } from "../platform/secrets.server";
import { isLegacyValue, rewriteColumn } from "../platform/secrets-upgrade.server";

/**
 * TOTP second factor (authenticator apps) with one-time recovery codes: the storage
 * primitives. Codes are accepted one time step either side of now (clock drift), and
 * never twice. The flows around them (re-authentication, the code budget, e-mails,
 * security events) are in auth/two-step.server.ts, for the settings pages and the API alike.
 * The TOTP key is stored encrypted and recovery codes as keyed hashes (platform/secrets.server.ts).
 */
const { mfaFactors: factors, mfaRecoveryCodes: recoveryCodes, mfaChallenges: challenges } = schema;
const RECOVERY_CODE_COUNT = 10;
const CHALLENGE_TTL_MS = 5 * 60_000;

/** The encryption context of a factor's secret: its ciphertext is valid on this row only. */
const secretContext = (factorId: string) => `mfa_factors.secret:${factorId}`;
const openSecret = (factor: { id: string; secret: string }) => decryptSecret(factor.secret, secretContext(factor.id));
const recoveryCodeHash = (code: string) => keyedHash("recovery-code", normalise(code));

export type Enrolment = { factorId: string; secret: string; uri: string; qrCode: string };

async function describeEnrolment(factorId: string, email: string, secret: string): Promise<Enrolment> {
  const uri = generateURI({ issuer: siteConfig.brand, label: email, secret });
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1 });
  return { factorId, secret, uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
}

/** An enrolment again (after a wrong first code), while it is unconfirmed: this one, or the user's latest. */
export async function pendingEnrolment(db: Database, user: { userId: string; email: string }, factorId?: string) {
  const [factor] = await db
    .select({ id: factors.id, secret: factors.secret })
    .from(factors)
    .where(
      and(
        eq(factors.userId, user.userId),
        isNull(factors.confirmedAt),
        factorId === undefined ? undefined : eq(factors.id, factorId),
      ),
    )
    .orderBy(desc(factors.createdAt))
    .limit(1);
  return factor ? describeEnrolment(factor.id, user.email, openSecret(factor)) : null;
}

/** Starts enrolment: a new unconfirmed factor (replacing any earlier unconfirmed one). */
export async function startEnrolment(
  db: Database,
  user: { userId: string; email: string },
  friendlyName = "Authenticator",
) {
  await db.delete(factors).where(and(eq(factors.userId, user.userId), isNull(factors.confirmedAt)));
  const secret = generateSecret();
  const id = randomUUID();
  await db
    .insert(factors)
    .values({
      id,
      userId: user.userId,
      friendlyName: friendlyName.slice(0, 60),
      secret: encryptSecret(secret, secretContext(id)),
    });
  return describeEnrolment(id, user.email, secret);
}

async function checkTotp(factor: { id: string; secret: string; lastUsedStep: number | null }, code: string) {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  let secret: string;
  try {
    secret = openSecret(factor);
  } catch {
    // Changed in the database, or copied from another row: no code can match it.
    log.error("a TOTP secret could not be decrypted", { factorId: factor.id });
    return null;
  }
  // otplib throws when the last used step is ahead of now (a clock stepped back): no match.
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now().getTime() / 1000),
    epochTolerance: 30,
    ...(factor.lastUsedStep !== null ? { afterTimeStep: factor.lastUsedStep } : {}),
  }).catch(() => ({ valid: false as const }));
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/**
 * Confirms an unconfirmed factor with its first code and makes ten new recovery codes
 * (returned once; only their hashes are stored). Null when the code does not match.
 * Run it in the caller's transaction, so what else belongs to the change commits with it.
 */
export async function confirmFactor(tx: Database, userId: string, factorId: string, code: string) {
  const [factor] = await tx
    .select()
    .from(factors)
    .where(and(eq(factors.id, factorId), eq(factors.userId, userId), isNull(factors.confirmedAt)));
  if (!factor) return null;
  const step = await checkTotp(factor, code);
  if (step === null) return null;
  // One factor per person: a confirmed new one replaces the old.
  await tx.delete(factors).where(and(eq(factors.userId, userId), isNotNull(factors.confirmedAt)));
  await tx.update(factors).set({ confirmedAt: now(), lastUsedStep: step }).where(eq(factors.id, factorId));
  return replaceRecoveryCodes(tx, userId);
}

/** Ten new recovery codes; the earlier ones stop working. Returned once, stored hashed. */
export async function replaceRecoveryCodes(tx: Database, userId: string) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCode());
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((c) => ({ userId, codeHash: recoveryCodeHash(c) })));
  return codes;
}

/**
 * Whether a code matches the confirmed factor: a TOTP code from the app, or an unused
 * recovery code (used up by this). Each code is accepted once. This knows nothing of the
 * per-account code budget: call it only through `checkSecondFactorCode`
 * (auth/code-budget.server.ts), which counts the failures.
 */
export async function matchSecondFactor(tx: Database, userId: string, code: string) {
  const [factor] = await tx
    .select()
    .from(factors)
    .where(and(eq(factors.userId, userId), isNotNull(factors.confirmedAt)));
  if (!factor) return null;
  const step = await checkTotp(factor, code);
  if (step !== null) {
    // Conditional update: of two requests with the same code, only one wins.
    const updated = await tx
      .update(factors)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(factors.id, factor.id),
          factor.lastUsedStep === null ? isNull(factors.lastUsedStep) : eq(factors.lastUsedStep, factor.lastUsedStep),
        ),
      )
      .returning({ id: factors.id });
    return updated.length > 0 ? ("totp" as const) : null;
  }
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: now() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0 ? ("recovery_code" as const) : null;
}

/** Deletes a factor of this user (with the recovery codes, if it was the confirmed one). */
export async function deleteFactor(tx: Database, userId: string, factorId: string) {
  const removed = await tx
    .delete(factors)
    .where(and(eq(factors.id, factorId), eq(factors.userId, userId)))
    .returning({ id: factors.id, confirmedAt: factors.confirmedAt });
  if (removed.length === 0) return null;
  if (removed[0]!.confirmedAt) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return { confirmed: Boolean(removed[0]!.confirmedAt) };
}

export async function factorStatus(db: Database, userId: string) {
  const [factor] = await db
    .select({ id: factors.id, friendlyName: factors.friendlyName, confirmedAt: factors.confirmedAt })
    .from(factors)
    .where(and(eq(factors.userId, userId), isNotNull(factors.confirmedAt)));
  const unused = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return factor ? { ...factor, recoveryCodesLeft: unused.length } : null;
}

/** POST /api/auth/factors/{id}/challenge: a check that must be answered within 5 minutes. */
export async function createChallenge(db: Database, userId: string, factorId: string) {
  const [factor] = await db
    .select({ id: factors.id })
    .from(factors)
    .where(and(eq(factors.id, factorId), eq(factors.userId, userId)));
  if (!factor) return null;
  const expiresAt = new Date(now().getTime() + CHALLENGE_TTL_MS);
  const [row] = await db.insert(challenges).values({ factorId, expiresAt }).returning({ id: challenges.id });
  return { id: row!.id, expiresAt };
}

/** Uses a challenge once; true when it belonged to this factor and had not expired. */
export async function consumeChallenge(db: Database, factorId: string, challengeId: string) {
  const used = await db
    .update(challenges)
    .set({ verifiedAt: now() })
    .where(
      and(
        eq(challenges.id, challengeId),
        eq(challenges.factorId, factorId),
        isNull(challenges.verifiedAt),
        gt(challenges.expiresAt, now()),
      ),
    )
    .returning({ id: challenges.id });
  return used.length > 0;
}

/**
 * Start-up: TOTP secrets stored in clear and recovery codes stored as plain SHA-256 (before
 * issue 12) are encrypted and keyed. Recovery codes keep working: the keyed hash wraps the
 * SHA-256 that was stored.
 */
export async function protectStoredFactors(db: Database) {
  const secrets = await rewriteColumn(db, {
    table: factors,
    id: factors.id,
    column: factors.secret,
    pending: isLegacyValue(factors.secret),
    rewrite: ({ id, value }) => encryptSecret(value!, secretContext(id)),
  });
  const codes = await rewriteColumn(db, {
    table: recoveryCodes,
    id: recoveryCodes.id,
    column: recoveryCodes.codeHash,
    pending: isLegacyValue(recoveryCodes.codeHash),
    rewrite: ({ value }) => wrapLegacyHash("recovery-code", value!),
  });
  return { secrets, codes };
}

const normalise = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
function recoveryCode() {
  const part = () => Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
  return `${part()}-${part()}`;
}
