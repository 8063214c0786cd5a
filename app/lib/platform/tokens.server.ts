import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: for links in e-mails and session cookies. */
export function randomToken() {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a secret token: its SHA-256, never the token itself. */
export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Whether `value` could be one of our tokens (43 base64url characters). Anything else
 * in a link is refused before it is looked up: no query ever sees a NUL or a megabyte.
 */
export function isWellFormedToken(value: string) {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
