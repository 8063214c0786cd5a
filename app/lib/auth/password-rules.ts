import { z } from "zod";

/**
 * NIST 800-63B style: length is what matters. 12 to 128 characters, no composition
 * rules, any characters (paste and password managers welcome). Browser-safe, so the
 * forms that set a password check the same rule before they post.
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

const TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const passwordSchema = z
  .string({ error: TOO_SHORT })
  .min(PASSWORD_MIN_LENGTH, TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);
