import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { changePassword } from "~/lib/auth/password-change.server";
import { reauthenticate } from "~/lib/auth/reauth.server";
import { beginEnrolment } from "~/lib/auth/two-step.server";
import { setClockOffset } from "~/lib/platform/clock.server";
import { schema } from "~/lib/platform/db.server";
import { checkLoginAttempts, IP_THROTTLE, LOCKOUT, signIn } from "~/lib/auth/login.server";
import { engineName, setUpTestDatabase } from "../support/test-database";
import { META, PASSWORD, sessionOf, signedInStaff } from "./staff-fixtures";

// Issue 12, finding 4: the current password could be guessed without limit in settings.
// Now a wrong current password there (changing the password, or confirming it before a
// two-step change) counts exactly like a wrong password at sign-in: the same lockout,
// the same per-IP throttle, a row in login_attempts and a security event each.

const handle = setUpTestDatabase();

const EMAIL = "kari@fjordform.test";
const guess = (i: number) => ({
  current: `guess number ${i}!`,
  next: "a new long passphrase",
  confirm: "a new long passphrase",
});

describe(`guessing the current password in settings (${engineName()})`, () => {
  it("5 wrong guesses lock the account like 5 wrong sign-ins, and the guessing session is signed out", async () => {
    const thief = await signedInStaff(handle.db, EMAIL);
    const answers = [];
    for (let i = 0; i < LOCKOUT.maxFailures; i++) {
      const result = await changePassword(handle.db, thief.session, guess(i), META);
      answers.push(result.kind === "reauth" ? result.outcome.kind : result.kind);
    }
    expect(answers).toEqual(["invalid", "invalid", "invalid", "invalid", "locked"]);
    expect(await sessionOf(handle.db, thief.token)).toBeNull();

    // The lock is the sign-in lock: even the right password is refused, at sign-in too.
    expect(await checkLoginAttempts(handle.db, EMAIL)).toMatchObject({ is_locked: true, attempts_count: 5 });
    expect((await signIn(handle.db, { email: EMAIL, password: PASSWORD }, META)).kind).toBe("locked");

    const attempts = await handle.db
      .select()
      .from(schema.loginAttempts)
      .where(eq(schema.loginAttempts.email, EMAIL))
      .orderBy(schema.loginAttempts.id);
    expect(attempts.slice(0, 5).map((a) => [a.success, a.errorMessage, a.ipAddress])).toEqual(
      Array.from({ length: 5 }, () => [false, "invalid_credentials", META.ip]),
    );
    const events = await handle.db.select().from(schema.securityEvents);
    expect(events.filter((e) => e.action === "reauth_failed")).toHaveLength(5);
    expect(events.filter((e) => e.action === "account_locked")).toHaveLength(1);
    expect(events.find((e) => e.action === "signed_out")?.details).toMatchObject({ why: "account_locked" });
  });

  it("sign-in failures and settings failures add up to one lockout", async () => {
    const owner = await signedInStaff(handle.db, EMAIL);
    for (let i = 0; i < 3; i++) await signIn(handle.db, { email: EMAIL, password: `wrong ${i} wrong wrong` }, META);
    expect(await reauthenticate(handle.db, owner.session, "still not it, sorry", META)).toEqual({ kind: "invalid" });
    const fifth = await beginEnrolment(handle.db, owner.session, { password: "and once more wrong" }, META);
    expect(fifth).toMatchObject({ kind: "reauth", outcome: { kind: "locked", signedOut: true } });
  });

  it("an account locked by others refuses the right password in settings too, without signing the owner out", async () => {
    const owner = await signedInStaff(handle.db, EMAIL);
    for (let i = 0; i < 5; i++) await signIn(handle.db, { email: EMAIL, password: `wrong ${i} wrong wrong` }, META);
    const result = await reauthenticate(handle.db, owner.session, PASSWORD, META);
    expect(result).toMatchObject({ kind: "locked", signedOut: false });
    expect(await sessionOf(handle.db, owner.token)).not.toBeNull();
    setClockOffset((LOCKOUT.lockMinutes + 1) * 60_000);
    expect(await reauthenticate(handle.db, (await sessionOf(handle.db, owner.token))!, PASSWORD, META)).toEqual({
      kind: "ok",
    });
  });

  it("the per-IP throttle counts settings failures as well", async () => {
    const accounts = [];
    for (let i = 0; i < 5; i++) accounts.push(await signedInStaff(handle.db, `person${i}@fjordform.test`));
    // Four wrong passwords on each of five accounts from one address: 20, none of them locked.
    for (const { session } of accounts) {
      for (let i = 0; i < 4; i++) await reauthenticate(handle.db, session, `wrong guess ${i}!`, META);
    }
    expect(IP_THROTTLE.maxFailures).toBe(20);
    expect(await reauthenticate(handle.db, accounts[0]!.session, PASSWORD, META)).toEqual({ kind: "throttled" });
    expect((await signIn(handle.db, { email: "person1@fjordform.test", password: PASSWORD }, META)).kind).toBe(
      "throttled",
    );
    const elsewhere = { ...META, ip: "203.0.113.50" };
    expect(await reauthenticate(handle.db, accounts[0]!.session, PASSWORD, elsewhere)).toEqual({ kind: "ok" });
  });

  it("the right password succeeds and clears the count, like a successful sign-in", async () => {
    const owner = await signedInStaff(handle.db, EMAIL);
    for (let i = 0; i < 4; i++) await reauthenticate(handle.db, owner.session, `wrong guess ${i}!`, META);
    expect(await reauthenticate(handle.db, owner.session, PASSWORD, META)).toEqual({ kind: "ok" });
    expect((await checkLoginAttempts(handle.db, EMAIL)).attempts_count).toBe(0);
    const [success] = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "reauthenticated"));
    expect(success?.userId).toBe(owner.user.id);
  });
});
