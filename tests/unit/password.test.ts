import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, passwordSchema, verifyPassword } from "~/lib/auth/password.server";

describe("passwords", () => {
  it("hashes with argon2id and verifies only the right password", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(hash.startsWith("$argon2id$")).toBe(true);
    expect(hash).not.toContain("correct horse");
    expect(await verifyPassword(hash, "correct horse battery staple")).toBe(true);
    expect(await verifyPassword(hash, "correct horse battery stapl")).toBe(false);
  });

  it("accepts 12 to 128 characters of anything, with no composition rules", () => {
    expect(passwordSchema.safeParse("a".repeat(11)).success).toBe(false);
    expect(passwordSchema.safeParse("a".repeat(12)).success).toBe(true);
    expect(passwordSchema.safeParse("æøå 🔒 spaces ok!").success).toBe(true);
    expect(passwordSchema.safeParse("x".repeat(128)).success).toBe(true);
    expect(passwordSchema.safeParse("x".repeat(129)).success).toBe(false);
  });

  it("generates long, distinct passwords that pass the rules", () => {
    const a = generatePassword();
    const b = generatePassword();
    expect(a).toHaveLength(24);
    expect(a).not.toBe(b);
    expect(passwordSchema.safeParse(a).success).toBe(true);
  });

  it("never throws on a malformed stored hash", async () => {
    expect(await verifyPassword("not-a-hash", "whatever password")).toBe(false);
  });
});
