import { timingSafeEqual } from "node:crypto";
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import { lt } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { getConfig } from "../platform/config.server";
import { type Database, schema } from "../platform/db.server";
import { ValidationError } from "../platform/domain-errors";
import { formStampSignature, proofOfWorkKey } from "../platform/secrets.server";
import { ANTI_SPAM_MESSAGES, PROOF_FIELD, STAMP_FIELD } from "./anti-spam";

/**
 * Anti-spam that asks no third party (decision 062), on top of the honeypot and the rate
 * limits (visitor-forms.server.ts):
 *
 * - a time trap: forms carry a signed "rendered at" stamp; a form sent sooner than
 *   FORM_MIN_SECONDS after it is refused (what was typed stays in the form);
 * - a proof of work (ALTCHA's SHA-256 scheme, altcha-lib on the server, our own few
 *   lines in the browser): with a valid, unused solution the submission is verified;
 *   without one (no JavaScript, or the spec's bare JSON) it is kept, unverified, for
 *   staff to judge; a bad, expired or used one is refused.
 */

/**
 * The challenge's range. The browser tries numbers from 0 up, a SHA-256 each; the
 * answer is uniform in [0, MAX], so half of MAX on average: ~25,000 digests, about
 * 0.3 s on a desktop and 1-3 s on a slow phone (decision 062 has the figures).
 */
export const PROOF_MAX_NUMBER = 50_000;
/** A challenge is fetched on the form's first focus; long enough to write a job application. */
const CHALLENGE_LIFETIME_MS = 2 * 60 * 60 * 1000;
/** A stamp older than this is from a page kept open for days (or a bot's stock): refused like a bad proof. */
const STAMP_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The signed stamp a form is rendered with: "<ms in base 36>.<128 bits of HMAC>". Short,
 * because on the wizard's page it rides in the hydration data, counted in its JS budget.
 */
export function formStamp(at = now()) {
  const value = at.getTime().toString(36);
  return `${value}.${signatureOf(value)}`;
}

const signatureOf = (value: string) => formStampSignature(value).slice(0, 22);

/** The time a stamp names, or null when it is not one of ours. */
function stampTime(stamp: unknown): number | null {
  if (typeof stamp !== "string" || stamp.length > 100) return null;
  const [value = "", signature = ""] = stamp.split(".");
  if (!/^[0-9a-z]{1,10}$/.test(value)) return null;
  const expected = Buffer.from(signatureOf(value));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? parseInt(value, 36) : null;
}

/** A challenge for the browser's solver, signed, with its expiry in its salt. */
export function issueChallenge(at = now()) {
  return createChallenge({
    hmacKey: proofOfWorkKey(),
    maxnumber: PROOF_MAX_NUMBER,
    expires: new Date(at.getTime() + CHALLENGE_LIFETIME_MS),
  });
}

type Proof = { challenge: string; expires: Date };

/** The proof's challenge and times when its solution is right and signed by us, else null. */
async function checkedProof(payload: unknown, at: Date): Promise<Proof | null> {
  if (typeof payload !== "string" || !payload || payload.length > 2000) return null;
  let parsed: { challenge?: unknown };
  try {
    parsed = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  } catch {
    return null;
  }
  // Expiry is checked below against the server's clock (movable in tests), not the library's Date.now().
  if (!(await verifySolution(payload, proofOfWorkKey(), false).catch(() => false))) return null;
  const params = extractParams(payload);
  const expires = new Date(Number(params.expires) * 1000);
  if (Number.isNaN(expires.getTime()) || expires <= at) return null;
  return { challenge: String(parsed.challenge), expires };
}

/**
 * The checks of one submission, after the honeypot, the rate limit and the fields'
 * own checks (so a typing mistake does not spend the proof). Returns whether the sender
 * is verified; throws a ValidationError when the submission is refused. A good proof is
 * spent here, once. A submission with neither stamp nor proof (the spec's bare JSON,
 * which its API promises to accept) is kept, unverified: staff see it marked.
 */
export async function checkSubmission(db: Database, body: Record<string, unknown>): Promise<{ verified: boolean }> {
  const at = now();
  const claimed = body[PROOF_FIELD] !== undefined;
  const proof = claimed ? await checkedProof(body[PROOF_FIELD], at) : null;
  if (claimed && !proof) throw new ValidationError(ANTI_SPAM_MESSAGES.badProof);

  const stamped = body[STAMP_FIELD] !== undefined && body[STAMP_FIELD] !== "";
  const stamp = stamped ? stampTime(body[STAMP_FIELD]) : null;
  if (stamped && (stamp === null || at.getTime() - stamp > STAMP_LIFETIME_MS)) {
    throw new ValidationError(ANTI_SPAM_MESSAGES.badProof);
  }
  // The form's own stamp: from the page's render (with JavaScript) or from the last step's answer (without).
  if (stamp !== null && at.getTime() - stamp < getConfig().formMinSeconds * 1000) {
    throw new ValidationError(ANTI_SPAM_MESSAGES.tooFast);
  }

  if (!proof) return { verified: false };
  const spent = await db
    .insert(schema.usedProofs)
    .values({ challenge: proof.challenge, expiresAt: proof.expires })
    .onConflictDoNothing()
    .returning({ challenge: schema.usedProofs.challenge });
  if (spent.length === 0) throw new ValidationError(ANTI_SPAM_MESSAGES.badProof);
  return { verified: true };
}

/** The retention round's part: used proofs whose challenge has expired can never be replayed. */
export function forgetExpiredProofs(db: Database, at: Date) {
  return db.delete(schema.usedProofs).where(lt(schema.usedProofs.expiresAt, at));
}
