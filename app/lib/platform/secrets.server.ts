import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { getConfig } from "./config.server";

/**
 * Secrets at rest (docs/decisions/021): what a copy of the database must not give away is
 * encrypted or hashed with keys derived from one master key, SECRETS_KEY (or
 * DATA_DIR/secrets.key, see secrets-key.server.ts), which is never in the database.
 *
 * - TOTP keys are encrypted with AES-256-GCM: `v1:` + base64url(iv ‖ ciphertext ‖ tag),
 *   bound to their row (the additional data), so a ciphertext copied onto another row
 *   does not decrypt.
 * - Recovery codes and unsubscribe tokens are stored as keyed hashes: `v1:` +
 *   hex(HMAC-SHA-256(key, SHA-256(value))). The inner SHA-256 is what the database held
 *   before (issue 12), so existing hashes are upgraded without knowing the values.
 *
 * The `v1` names the key: a later key gets `v2`, and values are re-encrypted from one to
 * the other. Each purpose has its own key (HKDF with distinct labels), so no output for
 * one purpose is ever valid for another.
 */
export const KEY_VERSION = 1;
/** What every protected value starts with; anything else is a legacy value. */
export const PREFIX = `v${KEY_VERSION}:`;

type Purpose =
  | "encryption"
  | "recovery-code"
  | "unsubscribe-token"
  | "unsubscribe-link"
  | "erased-address"
  | "account-token"
  | "preview-token"
  | "flash-cookie"
  | "fingerprint"
  | "form-stamp"
  | "proof-of-work";
/**
 * `erased-address`: what is left of a newsletter address erased on request (newsletter_erasures).
 * `account-token`: the one-time links about staff accounts (invitation, password reset, new e-mail).
 * `preview-token`: the private preview links of draft posts (lib/blog/post-preview-links.server.ts).
 */
export type HashPurpose = "recovery-code" | "unsubscribe-token" | "erased-address" | "account-token" | "preview-token";

type Keys = Record<Purpose, Buffer>;

function deriveKeys(master: Buffer): Keys {
  const derive = (label: Purpose) =>
    Buffer.from(hkdfSync("sha256", master, Buffer.alloc(0), `made-for-you ${label} v${KEY_VERSION}`, 32));
  return {
    encryption: derive("encryption"),
    "recovery-code": derive("recovery-code"),
    "unsubscribe-token": derive("unsubscribe-token"),
    "unsubscribe-link": derive("unsubscribe-link"),
    "erased-address": derive("erased-address"),
    "account-token": derive("account-token"),
    "preview-token": derive("preview-token"),
    "flash-cookie": derive("flash-cookie"),
    fingerprint: derive("fingerprint"),
    "form-stamp": derive("form-stamp"),
    "proof-of-work": derive("proof-of-work"),
  };
}

// Process-wide, like the database handle: set once at start-up (installSecretsKey).
const holder = globalThis as typeof globalThis & { __secretKeys?: Keys };

/** Makes `master` the key of this process (startApp does, after checking it against the database). */
export function installSecretsKey(master: Buffer) {
  holder.__secretKeys = deriveKeys(master);
}

/**
 * The derived keys. Before start-up has installed one (scripts, tests calling domain
 * functions directly), SECRETS_KEY from the environment; without it, an error rather
 * than a made-up key that would make the stored secrets unreadable later.
 */
function keys(): Keys {
  if (holder.__secretKeys) return holder.__secretKeys;
  const configured = getConfig().secretsKey;
  if (!configured) throw new Error("No secrets key: the server loads one at start-up (SECRETS_KEY or DATA_DIR/secrets.key)");
  installSecretsKey(configured);
  return holder.__secretKeys!;
}

/** Identifies the master key without revealing it: kept in `secret_key_versions`. */
export function keyFingerprint(master?: Buffer) {
  const key = master ? deriveKeys(master).fingerprint : keys().fingerprint;
  return createHmac("sha256", key).update("fingerprint").digest("hex");
}

const sha256Hex = (value: string) => createHash("sha256").update(value).digest("hex");

/** Whether a stored value is already encrypted or hashed with a key (not a legacy value). */
export const isProtected = (stored: string) => stored.startsWith(PREFIX);

/** `plain` encrypted for the row named by `context` (e.g. "totp:<factor id>"). */
export function encryptSecret(plain: string, context: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys().encryption, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

/**
 * The plain text of a value from `encryptSecret` with the same context. A legacy value
 * (no prefix: written before encryption, e.g. by an older instance during an upgrade) is
 * returned as it is; start-up encrypts those. Throws when the value was tampered with or
 * encrypted with another key.
 */
export function decryptSecret(stored: string, context: string) {
  if (!isProtected(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64url");
  const decipher = createDecipheriv("aes-256-gcm", keys().encryption, raw.subarray(0, 12));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(raw.subarray(raw.byteLength - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.byteLength - 16)), decipher.final()]).toString("utf8");
}

/** What the database keeps of a recovery code or an unsubscribe token. */
export function keyedHash(purpose: HashPurpose, value: string) {
  return wrapLegacyHash(purpose, sha256Hex(value));
}

/** A legacy stored hash (hex SHA-256 of the value) turned into `keyedHash` of the same value. */
export function wrapLegacyHash(purpose: HashPurpose, legacySha256Hex: string) {
  return PREFIX + createHmac("sha256", keys()[purpose]).update(legacySha256Hex).digest("hex");
}

/**
 * The unsubscribe token of a subscriber: derived from the row id, so every e-mail can carry
 * the same link without the database holding it. 43 base64url characters, like a random token.
 */
export function derivedUnsubscribeToken(subscriberId: string) {
  return createHmac("sha256", keys()["unsubscribe-link"]).update(subscriberId).digest("base64url");
}

/** The signature of a cookie value the browser keeps for us (the flash notice): HMAC-SHA-256, base64url. */
export function cookieSignature(value: string) {
  return createHmac("sha256", keys()["flash-cookie"]).update(value).digest("base64url");
}

/** The signature of a visitor form's "rendered at" stamp (the time trap, decision 062): HMAC-SHA-256, base64url. */
export function formStampSignature(value: string) {
  return createHmac("sha256", keys()["form-stamp"]).update(value).digest("base64url");
}

/** The HMAC key of the proof-of-work challenges (altcha-lib takes it as a string). */
export function proofOfWorkKey() {
  return keys()["proof-of-work"].toString("hex");
}
