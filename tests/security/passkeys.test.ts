import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LOCKOUT } from "~/lib/auth/login.server";
import {
  passkeySignInOptions,
  secondStepOptions,
  signInWithPasskey,
  verifyPasskeySecondStep,
} from "~/lib/auth/passkey-sign-in.server";
import {
  beginPasskeyRegistration,
  finishPasskeyRegistration,
  listPasskeys,
  removePasskey,
} from "~/lib/auth/passkeys.server";
import { schema } from "~/lib/platform/db.server";
import { getConfig } from "~/lib/platform/config.server";
import { rateLimits } from "~/lib/platform/rate-limit.server";
import { setUpTestDatabase } from "../support/test-database";
import { addSoftPasskey, rpOfServer } from "../support/passkey-flows";
import { softPasskey } from "../support/soft-authenticator";
import { anotherSession, META, PASSWORD, sessionOf, signedInStaff } from "./staff-fixtures";

// Decision 065: what a passkey must not let anyone do. Challenges are single use, bound
// to the browser or session that asked, checked for origin and RP ID; adding and removing
// need the password; refused assertions count toward the account's lockout.

const handle = setUpTestDatabase();

async function kariWithPasskey() {
  const kari = await signedInStaff(handle.db);
  const added = await addSoftPasskey(handle.db, kari.session, PASSWORD, META);
  return { ...kari, ...added };
}

describe("passkey sign-in", () => {
  it("refuses the same signed response twice (replay), even with the same binding cookie", async () => {
    const { key } = await kariWithPasskey();
    const { options, binding } = (await passkeySignInOptions(handle.db, META.ip))!;
    const response = key.assert(options);
    expect((await signInWithPasskey(handle.db, binding, response, META)).kind).toBe("signed-in");
    expect(await signInWithPasskey(handle.db, binding, response, META)).toEqual({ kind: "invalid" });
  });

  it("refuses a response to a challenge another browser asked for (the binding is the asker's)", async () => {
    const { key } = await kariWithPasskey();
    const victim = (await passkeySignInOptions(handle.db, META.ip))!;
    const attacker = (await passkeySignInOptions(handle.db, META.ip))!;
    const response = key.assert(victim.options);
    expect(await signInWithPasskey(handle.db, attacker.binding, response, META)).toEqual({ kind: "invalid" });
    expect(await signInWithPasskey(handle.db, undefined, response, META)).toEqual({ kind: "invalid" });
    // The challenge was not spent by the refusals: its own browser still signs in.
    expect((await signInWithPasskey(handle.db, victim.binding, response, META)).kind).toBe("signed-in");
  });

  it("refuses a response made for another origin or another RP ID", async () => {
    const { key } = await kariWithPasskey();
    const a = (await passkeySignInOptions(handle.db, META.ip))!;
    const phished = key.assert(a.options, { origin: "https://fjordform.example.net" });
    expect(await signInWithPasskey(handle.db, a.binding, phished, META)).toEqual({ kind: "invalid" });
    const b = (await passkeySignInOptions(handle.db, META.ip))!;
    const otherRp = key.assert(b.options, { rpId: "fjordform.example.net" });
    expect(await signInWithPasskey(handle.db, b.binding, otherRp, META)).toEqual({ kind: "invalid" });
  });

  it("needs user verification to sign in alone, and a signature count that grows (a clone)", async () => {
    const { key } = await kariWithPasskey();
    const a = (await passkeySignInOptions(handle.db, META.ip))!;
    expect(await signInWithPasskey(handle.db, a.binding, key.assert(a.options, { userVerified: false }), META)).toEqual({
      kind: "invalid",
    });
    const b = (await passkeySignInOptions(handle.db, META.ip))!;
    expect((await signInWithPasskey(handle.db, b.binding, key.assert(b.options, { counter: 10 }), META)).kind).toBe(
      "signed-in",
    );
    const c = (await passkeySignInOptions(handle.db, META.ip))!;
    expect(await signInWithPasskey(handle.db, c.binding, key.assert(c.options, { counter: 5 }), META)).toEqual({
      kind: "invalid",
    });
  });

  it("refuses an unknown passkey, and a known one's refusals lock the account like wrong passwords", async () => {
    const { key } = await kariWithPasskey();
    const stranger = softPasskey(rpOfServer());
    const a = (await passkeySignInOptions(handle.db, META.ip))!;
    expect(await signInWithPasskey(handle.db, a.binding, stranger.assert(a.options), META)).toEqual({ kind: "invalid" });
    let last;
    for (let i = 0; i < LOCKOUT.maxFailures; i++) {
      const o = (await passkeySignInOptions(handle.db, META.ip))!;
      last = await signInWithPasskey(handle.db, o.binding, key.assert(o.options, { origin: "https://evil.example" }), META);
    }
    expect(last?.kind).toBe("locked");
    const o = (await passkeySignInOptions(handle.db, META.ip))!;
    expect((await signInWithPasskey(handle.db, o.binding, key.assert(o.options), META)).kind).toBe("locked");
    const failed = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "account_locked"));
    expect(failed).toHaveLength(1);
  });
});

describe("passkey sign-in challenges", () => {
  it("are limited per client address: each one is a stored row", async () => {
    const limit = rateLimits.passkeyOptions.limit * getConfig().rateLimitMultiplier;
    for (let i = 0; i < limit; i++) expect(await passkeySignInOptions(handle.db, "203.0.113.5")).not.toBeNull();
    expect(await passkeySignInOptions(handle.db, "203.0.113.5")).toBeNull();
    expect(await passkeySignInOptions(handle.db, "203.0.113.6"), "another address is not held up").not.toBeNull();
  });
});

describe("the passkey as second step", () => {
  it("refuses a challenge made for another pending session", async () => {
    const { key, user } = await kariWithPasskey();
    const one = await anotherSession(handle.db, user.id, { mfaVerified: false });
    const two = await anotherSession(handle.db, user.id, { mfaVerified: false });
    const options = await secondStepOptions(handle.db, one.session);
    const response = key.assert(options!);
    expect(await verifyPasskeySecondStep(handle.db, two.session, response, META)).toEqual({ kind: "invalid" });
    expect((await verifyPasskeySecondStep(handle.db, one.session, response, META)).kind).toBe("verified");
    expect(await verifyPasskeySecondStep(handle.db, one.session, response, META)).toEqual({ kind: "invalid" });
  });

  it("refuses another account's passkey", async () => {
    const { key } = await kariWithPasskey();
    const ola = await signedInStaff(handle.db, "ola@fjordform.test");
    await addSoftPasskey(handle.db, ola.session, PASSWORD, META);
    const pending = await anotherSession(handle.db, ola.user.id, { mfaVerified: false });
    const options = await secondStepOptions(handle.db, pending.session);
    expect(await verifyPasskeySecondStep(handle.db, pending.session, key.assert(options!), META)).toEqual({
      kind: "invalid",
    });
  });
});

describe("adding and removing passkeys", () => {
  it("adding needs the password; a ceremony begun in one account cannot be finished by another", async () => {
    const kari = await signedInStaff(handle.db);
    const thief = await signedInStaff(handle.db, "ola@fjordform.test");
    expect(await beginPasskeyRegistration(handle.db, thief.session, { name: "Tyv" }, META)).toEqual({
      kind: "reauth",
      outcome: { kind: "required" },
    });
    const begun = await beginPasskeyRegistration(handle.db, kari.session, { name: "Kari", password: PASSWORD }, META);
    if (begun.kind !== "options") throw new Error(begun.kind);
    const key = softPasskey(rpOfServer());
    // The thief re-authenticates in their own account, then tries to answer Kari's challenge.
    await beginPasskeyRegistration(handle.db, thief.session, { name: "Tyv", password: PASSWORD }, META);
    const thiefNow = (await sessionOf(handle.db, thief.token))!;
    expect(await finishPasskeyRegistration(handle.db, thiefNow, key.register(begun.options), META)).toEqual({
      kind: "invalid",
    });
    expect(await handle.db.select().from(schema.passkeys)).toEqual([]);
  });

  it("a registration for another origin is refused", async () => {
    const kari = await signedInStaff(handle.db);
    const begun = await beginPasskeyRegistration(handle.db, kari.session, { name: "K", password: PASSWORD }, META);
    if (begun.kind !== "options") throw new Error(begun.kind);
    const response = softPasskey(rpOfServer()).register(begun.options, { origin: "https://evil.example" });
    const now = (await sessionOf(handle.db, kari.token))!;
    expect(await finishPasskeyRegistration(handle.db, now, response, META)).toEqual({ kind: "invalid" });
  });

  it("removing needs the password (a stolen session is not enough), and only one's own", async () => {
    const { id, user } = await kariWithPasskey();
    const stolen = await anotherSession(handle.db, user.id);
    expect(await removePasskey(handle.db, stolen.session, { passkeyId: id }, META)).toEqual({
      kind: "reauth",
      outcome: { kind: "required" },
    });
    const ola = await signedInStaff(handle.db, "ola@fjordform.test");
    expect(await removePasskey(handle.db, ola.session, { passkeyId: id, password: PASSWORD }, META)).toEqual({
      kind: "not-found",
    });
    expect(await listPasskeys(handle.db, user.id)).toHaveLength(1);
  });
});
