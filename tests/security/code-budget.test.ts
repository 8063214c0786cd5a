import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CODE_BUDGET, checkSecondFactorCode } from "~/lib/auth/code-budget.server";
import { reauthenticate } from "~/lib/auth/reauth.server";
import {
  beginEnrolment,
  finishEnrolment,
  startChallenge,
  turnOffTwoStep,
  verifySecondStep,
} from "~/lib/auth/two-step.server";
import { setClockOffset } from "~/lib/platform/clock.server";
import { schema } from "~/lib/platform/db.server";
import { factorStatus } from "~/lib/auth/mfa.server";
import { engineName, setUpTestDatabase } from "../support/test-database";
import {
  anotherSession,
  codeAt,
  META,
  PASSWORD,
  sessionOf,
  signedInStaff,
  withSecondFactor,
  wrongCode,
} from "./staff-fixtures";

// Issue 12, finding 3: wrong codes for turning two-step verification off in settings
// were never limited (30 of 30 answered 400), while the API for the same action was.
// Now one budget per account covers every place a code is checked: 5 wrong codes in
// 15 minutes, then the session is signed out and every code is refused until the
// window has passed.

const handle = setUpTestDatabase();

const MINUTE = 60_000;
const events = async (action: string) =>
  handle.db.select().from(schema.securityEvents).where(eq(schema.securityEvents.action, action));

/** An account with two-step verification on and a session re-authenticated just now. */
async function ownerWithFactor() {
  const owner = await signedInStaff(handle.db);
  const factor = await withSecondFactor(handle.db, owner.user);
  expect(await reauthenticate(handle.db, owner.session, PASSWORD, META)).toEqual({ kind: "ok" });
  return { ...owner, factor };
}

describe(`one code budget per account (${engineName()})`, () => {
  it("turning it off in settings: 30 wrong codes are no longer 30 tries; the fifth signs the session out", async () => {
    const owner = await ownerWithFactor();
    const wrong = await wrongCode(owner.factor.secret);
    const answers: string[] = [];
    for (let i = 0; i < 30 && answers.at(-1) !== "exhausted"; i++) {
      answers.push((await turnOffTwoStep(handle.db, owner.session, { code: wrong }, META, "settings-turn-off")).kind);
    }
    expect(answers).toEqual(["invalid-code", "invalid-code", "invalid-code", "invalid-code", "exhausted"]);
    expect(await sessionOf(handle.db, owner.token)).toBeNull();
    const [ended] = await events("signed_out");
    expect(ended?.details).toMatchObject({ sessionId: owner.session.id, why: "code_limit" });
    expect(await events("mfa_code_limit")).toHaveLength(1);
    expect(await factorStatus(handle.db, owner.user.id)).not.toBeNull();
  });

  it("is one budget: failures at sign-in, in settings and in the API add up, and then even the right code is refused", async () => {
    const owner = await ownerWithFactor();
    const wrong = await wrongCode(owner.factor.secret);
    const signingIn = await anotherSession(handle.db, owner.user.id, { mfaVerified: false });
    expect((await verifySecondStep(handle.db, signingIn.session, wrong, META, "sign-in")).kind).toBe("invalid");
    expect((await verifySecondStep(handle.db, signingIn.session, wrong, META, "sign-in")).kind).toBe("invalid");
    const turnOff = () => turnOffTwoStep(handle.db, owner.session, { code: wrong }, META, "settings-turn-off");
    expect((await turnOff()).kind).toBe("invalid-code");
    const apiDelete = { code: wrong, factorId: owner.factor.factorId };
    expect((await turnOffTwoStep(handle.db, owner.session, apiDelete, META, "api-delete")).kind).toBe("invalid-code");
    // The fifth, through the API's sign-in check: the budget is used up and that session ends.
    const apiSession = await anotherSession(handle.db, owner.user.id, { mfaVerified: false });
    const fifth = await verifySecondStep(handle.db, apiSession.session, wrong, META, "api-verify");
    expect(fifth).toEqual({ kind: "exhausted", retryAfterSeconds: expect.any(Number) });
    expect(await sessionOf(handle.db, apiSession.token)).toBeNull();

    // From now on every code is refused, the right one too, and the session sending it ends.
    const right = await codeAt(owner.factor.secret);
    expect((await verifySecondStep(handle.db, signingIn.session, right, META, "sign-in")).kind).toBe("exhausted");
    expect(await sessionOf(handle.db, signingIn.token)).toBeNull();
    expect((await startChallenge(handle.db, owner.session, owner.factor.factorId)).kind).toBe("exhausted");
    const attempts = await handle.db.select().from(schema.mfaCodeAttempts);
    expect(attempts.map((a) => [a.context, a.success])).toEqual([
      ["sign-in", false],
      ["sign-in", false],
      ["settings-turn-off", false],
      ["api-delete", false],
      ["api-verify", false],
    ]);
  });

  it("a recovery code counts the same, and refused codes are not used up", async () => {
    const owner = await ownerWithFactor();
    for (let i = 0; i < CODE_BUDGET.maxFailures; i++) {
      await checkSecondFactorCode(handle.db, owner.session, "aaaaa-bbbbb", META, "sign-in");
    }
    const late = await anotherSession(handle.db, owner.user.id, { mfaVerified: false });
    const check = await checkSecondFactorCode(handle.db, late.session, owner.factor.recoveryCodes[0]!, META, "sign-in");
    expect(check.kind).toBe("exhausted");
    const unused = await handle.db.select().from(schema.mfaRecoveryCodes);
    expect(unused.filter((c) => c.usedAt === null)).toHaveLength(10);
  });

  it("codes are refused until the oldest of the five failures is 15 minutes old, then checked again", async () => {
    const owner = await ownerWithFactor();
    const wrong = await wrongCode(owner.factor.secret);
    for (let i = 0; i < 4; i++) await checkSecondFactorCode(handle.db, owner.session, wrong, META, "sign-in");
    setClockOffset(10 * MINUTE);
    const fifth = await anotherSession(handle.db, owner.user.id, { mfaVerified: false });
    const used = await checkSecondFactorCode(handle.db, fifth.session, wrong, META, "sign-in");
    // Retry after about 5 minutes: when the first four (15 minutes old then) leave the window.
    expect(used).toEqual({ kind: "exhausted", retryAfterSeconds: expect.any(Number) });
    expect(used.kind === "exhausted" && used.retryAfterSeconds).toBeGreaterThan(4 * 60);
    expect(used.kind === "exhausted" && used.retryAfterSeconds).toBeLessThanOrEqual(5 * 60);

    setClockOffset(13 * MINUTE);
    const early = await anotherSession(handle.db, owner.user.id, { mfaVerified: false });
    const refused = await checkSecondFactorCode(
      handle.db,
      early.session,
      await codeAt(owner.factor.secret),
      META,
      "sign-in",
    );
    expect(refused.kind).toBe("exhausted");
    expect(refused.kind === "exhausted" && refused.retryAfterSeconds).toBeLessThanOrEqual(2 * 60);

    setClockOffset(15 * MINUTE + 5_000);
    const later = await anotherSession(handle.db, owner.user.id, { mfaVerified: false });
    const accepted = await verifySecondStep(
      handle.db,
      later.session,
      await codeAt(owner.factor.secret),
      META,
      "sign-in",
    );
    expect(accepted.kind).toBe("verified");
  });

  it("parallel guesses cannot get past the budget: at most 5 are checked", async () => {
    const owner = await ownerWithFactor();
    const wrong = await wrongCode(owner.factor.secret);
    const sessions = await Promise.all(
      Array.from({ length: 20 }, () => anotherSession(handle.db, owner.user.id, { mfaVerified: false })),
    );
    const results = await Promise.all(
      sessions.map(({ session }) => checkSecondFactorCode(handle.db, session, wrong, META, "sign-in")),
    );
    expect(results.filter((r) => r.kind === "invalid")).toHaveLength(CODE_BUDGET.maxFailures - 1);
    expect(results.filter((r) => r.kind === "exhausted")).toHaveLength(20 - (CODE_BUDGET.maxFailures - 1));
    expect(await handle.db.select().from(schema.mfaCodeAttempts)).toHaveLength(CODE_BUDGET.maxFailures);
  });

  it("the first code of an enrolment is not part of the budget (whoever is there sees the key anyway)", async () => {
    const owner = await ownerWithFactor();
    await turnOffTwoStep(
      handle.db,
      owner.session,
      { code: await codeAt(owner.factor.secret) },
      META,
      "settings-turn-off",
    );
    const started = await beginEnrolment(handle.db, owner.session, {}, META);
    if (started.kind !== "started") throw new Error(started.kind);
    for (let i = 0; i < 8; i++) {
      const input = { factorId: started.enrolment.factorId, code: "000000" };
      const result = await finishEnrolment(handle.db, owner.session, input, META);
      expect(result.kind).toBe("invalid");
    }
    expect(await sessionOf(handle.db, owner.token)).not.toBeNull();
  });
});
