import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { generateSecret } from "otplib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { matchSecondFactor, pendingEnrolment, protectStoredFactors, startEnrolment } from "~/lib/auth/mfa.server";
import { ConfigError } from "~/lib/platform/config.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { checkKeyAgainstDatabase, KEY_FILE_NAME, resolveSecretsKey } from "~/lib/platform/secrets-key.server";
import { randomToken } from "~/lib/platform/tokens.server";
import {
  findByUnsubscribeToken,
  subscribe,
  unsubscribe,
  upgradeUnsubscribeTokens,
} from "~/lib/visitor-forms/newsletter.server";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";
import { codeAt, signedInStaff, withSecondFactor } from "./staff-fixtures";
import { capturingLog, errorLine } from "../support/captured-log";

// Issue 12, secrets at rest: a copy of the database (a leaked backup, a read-only SQL
// injection) must not give away what signs in or unsubscribes: TOTP keys are encrypted
// with SECRETS_KEY, recovery codes and unsubscribe tokens are keyed hashes, and what a
// database held before keeps working after the start-up that protects it.

let handle: DatabaseHandle;
const tempDirs: string[] = [];
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await truncateAll(handle);
});

const SITE = "https://www.fjordform.test";
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
/** Everything the database holds, as one text: what a leaked dump would show. */
async function dump() {
  const tables = [schema.mfaFactors, schema.mfaRecoveryCodes, schema.newsletterSubscribers];
  const rows = await Promise.all(tables.map((table) => handle.db.select().from(table)));
  return JSON.stringify(rows);
}
const tokenOf = (url: string | undefined) => new URL(url!.slice(1, -1)).searchParams.get("token")!;
async function unsubscribeLinks() {
  const mails = await handle.db.select().from(schema.mailOutbox);
  return mails.map((mail) => tokenOf(mail.headers["List-Unsubscribe"]));
}

describe(`what the database keeps (${engineName()})`, () => {
  it("a TOTP key is encrypted: the dump holds neither the key nor anything that makes codes", async () => {
    const { user } = await signedInStaff(handle.db);
    const enrolment = await startEnrolment(handle.db, { userId: user.id, email: user.email });
    const [row] = await handle.db.select().from(schema.mfaFactors);
    expect(row!.secret).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(await dump()).not.toContain(enrolment.secret);
    // The app reads it back (the enrolment page again) and checks codes with it.
    expect((await pendingEnrolment(handle.db, { userId: user.id, email: user.email }))?.secret).toBe(enrolment.secret);
  });

  it("a ciphertext copied onto another account's factor is no key there", async () => {
    const owner = await signedInStaff(handle.db);
    const attacker = await signedInStaff(handle.db, "mallory@fjordform.test");
    await withSecondFactor(handle.db, owner.user);
    const theirs = await withSecondFactor(handle.db, attacker.user);
    const [attackerRow] = await handle.db
      .select()
      .from(schema.mfaFactors)
      .where(eq(schema.mfaFactors.userId, attacker.user.id));
    await handle.db
      .update(schema.mfaFactors)
      .set({ secret: attackerRow!.secret, lastUsedStep: null })
      .where(eq(schema.mfaFactors.userId, owner.user.id));
    const code = await codeAt(theirs.secret);
    const { result, lines } = await capturingLog(() => matchSecondFactor(handle.db, owner.user.id, code));
    expect(result).toBeNull();
    expect(lines).toContainEqual(errorLine("a TOTP secret could not be decrypted"));
  });

  it("recovery codes are keyed hashes: not their SHA-256, and each still works once", async () => {
    const { user } = await signedInStaff(handle.db);
    const { recoveryCodes } = await withSecondFactor(handle.db, user);
    const stored = await handle.db.select().from(schema.mfaRecoveryCodes);
    expect(stored).toHaveLength(10);
    for (const row of stored) expect(row.codeHash).toMatch(/^v1:[0-9a-f]{64}$/);
    const text = await dump();
    for (const code of recoveryCodes) {
      expect(text).not.toContain(sha256(code.replace(/-/g, "")));
      expect(text).not.toContain(code);
    }
    expect(await matchSecondFactor(handle.db, user.id, recoveryCodes[3]!)).toBe("recovery_code");
    expect(await matchSecondFactor(handle.db, user.id, recoveryCodes[3]!)).toBeNull();
  });

  it("an unsubscribe token is in the e-mails only; every e-mail carries the same working link", async () => {
    const ip = "198.51.100.20";
    await subscribe(handle.db, { email: "kari@example.no", ip, source: "footer" }, SITE);
    // Asked again after the day's cooldown: a second confirmation e-mail.
    await handle.db.update(schema.mailOutbox).set({ createdAt: new Date(Date.now() - 25 * 3600_000) });
    await subscribe(handle.db, { email: "kari@example.no", ip, source: "footer" }, SITE);
    const [first, second] = await unsubscribeLinks();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).toBe(first);

    const [row] = await handle.db.select().from(schema.newsletterSubscribers);
    expect(row!.unsubscribeTokenHash).toMatch(/^v1:[0-9a-f]{64}$/);
    const text = await dump();
    expect(text).not.toContain(first);
    expect(text).not.toContain(sha256(first!));

    expect(await findByUnsubscribeToken(handle.db, first!)).toEqual({ email: "kari@example.no", status: "pending" });
    expect(await unsubscribe(handle.db, randomToken())).toBe("invalid");
    expect(await unsubscribe(handle.db, first!)).toBe("unsubscribed");
  });
});

describe(`secrets stored before SECRETS_KEY (${engineName()})`, () => {
  it("a plain TOTP key, SHA-256 recovery codes and an old unsubscribe token keep working, protected at start-up", async () => {
    const { user } = await signedInStaff(handle.db);
    const secret = generateSecret();
    await handle.db.insert(schema.mfaFactors).values({ userId: user.id, secret, confirmedAt: new Date() });
    const codes = ["abcde-fghjk", "mnpqr-stuvw"];
    await handle.db
      .insert(schema.mfaRecoveryCodes)
      .values(codes.map((code) => ({ userId: user.id, codeHash: sha256(code.replace(/-/g, "")) })));
    // What migration 0005 leaves of a subscriber from before: the SHA-256 of the random token.
    const oldToken = randomToken();
    await handle.db.insert(schema.newsletterSubscribers).values({
      email: "old@example.no",
      status: "active",
      consentText: "yes",
      legacyUnsubscribeTokenHash: sha256(oldToken),
    });

    // Read as they are until start-up protects them (an instance of the old version may write one).
    expect(await matchSecondFactor(handle.db, user.id, await codeAt(secret, -30_000))).toBe("totp");

    expect(await protectStoredFactors(handle.db)).toEqual({ secrets: 1, codes: 2 });
    expect(await upgradeUnsubscribeTokens(handle.db)).toEqual({ legacy: 1, derived: 1 });
    const text = await dump();
    expect(text).not.toContain(secret);
    expect(text).not.toContain(sha256(oldToken));
    for (const code of codes) expect(text).not.toContain(sha256(code.replace(/-/g, "")));

    expect(await matchSecondFactor(handle.db, user.id, await codeAt(secret))).toBe("totp");
    expect(await matchSecondFactor(handle.db, user.id, codes[1]!)).toBe("recovery_code");
    expect(await findByUnsubscribeToken(handle.db, oldToken)).toEqual({ email: "old@example.no", status: "active" });
    expect(await unsubscribe(handle.db, oldToken)).toBe("unsubscribed");

    // A second start-up finds nothing left to do.
    expect(await protectStoredFactors(handle.db)).toEqual({ secrets: 0, codes: 0 });
    expect(await upgradeUnsubscribeTokens(handle.db)).toEqual({ legacy: 0, derived: 0 });
  });
});

describe("the key", () => {
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-key-test-"));
    tempDirs.push(dir);
    return dir;
  };
  const embedded = (dir: string) => ({
    secretsKey: undefined,
    databaseUrl: undefined,
    dataDir: dir,
    env: "production" as const,
  });

  it("for the embedded database is made once into DATA_DIR/secrets.key (mode 0600) and read from there after", () => {
    const dir = dataDir();
    const first = resolveSecretsKey(embedded(dir));
    const file = path.join(dir, KEY_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.key.byteLength).toBe(32);
    expect(resolveSecretsKey(embedded(dir)).key.equals(first.key)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([KEY_FILE_NAME]);
  });

  it("SECRETS_KEY wins over the file; with DATABASE_URL it is required, except in development", () => {
    const dir = dataDir();
    const configured = randomBytes(32);
    expect(resolveSecretsKey({ ...embedded(dir), secretsKey: configured }).key).toEqual(configured);
    expect(fs.existsSync(path.join(dir, KEY_FILE_NAME))).toBe(false);

    const postgres = { ...embedded(dir), databaseUrl: "postgres://site@db.internal/site" };
    expect(() => resolveSecretsKey(postgres)).toThrow(ConfigError);
    expect(() => resolveSecretsKey(postgres)).toThrow(/SECRETS_KEY: required with DATABASE_URL/);
    expect(resolveSecretsKey({ ...postgres, env: "development" }).source).toBe("file");
  });

  it("a damaged key file stops the start with a message naming it", () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, KEY_FILE_NAME), "not a key\n", { mode: 0o600 });
    expect(() => resolveSecretsKey(embedded(dir))).toThrow(/Invalid secrets key file .*secrets\.key/);
  });

  it(`another key than the database was set up with stops the start (${engineName()})`, async () => {
    const key = randomBytes(32);
    await checkKeyAgainstDatabase(handle.db, key, "SECRETS_KEY");
    await expect(checkKeyAgainstDatabase(handle.db, key, "SECRETS_KEY")).resolves.toBeUndefined();
    await expect(checkKeyAgainstDatabase(handle.db, randomBytes(32), "SECRETS_KEY")).rejects.toThrow(
      /SECRETS_KEY: the key \(from SECRETS_KEY\) is not the one this database's secrets were stored with/,
    );
  });
});
