import { randomInt } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordSchema, staffPasswordSchema } from "./password-rules";

// @node-rs/argon2 defaults to argon2id (19 MiB memory, 2 iterations: OWASP's baseline).
export function hashPassword(password: string) {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// No look-alike characters, so a password read off a terminal is typed right first time.
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A random password of 24 characters (~140 bits). */
export function generatePassword(length = 24) {
  let password = "";
  for (let i = 0; i < length; i++) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}
