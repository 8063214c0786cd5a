import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: for links in e-mails and session cookies. */
export function randomToken() {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a secret token: its SHA-256, never the token itself. */
export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}
