import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MAIL_KIND } from "~/lib/auth/account-mail.server";
import { owesTwoStepEnrolment, setTwoStepPolicy } from "~/lib/auth/access-policy.server";
import { signInWithPassword } from "~/lib/auth/login.server";
import {
  passkeySignInOptions,
  secondStepOptions,
  signInWithPasskey,
  verifyPasskeySecondStep,
} from "~/lib/auth/passkey-sign-in.server";
import { listPasskeys, removePasskey } from "~/lib/auth/passkeys.server";
import { schema } from "~/lib/platform/db.server";
import { engineName, setUpTestDatabase } from "../support/test-database";
import { sessionTokenIn } from "../support/session-cookie";
import { addSoftPasskey } from "../support/passkey-flows";
import { META, PASSWORD, sessionOf, signedInStaff, withSecondFactor } from "../security/staff-fixtures";
import { resetTwoStep } from "~/lib/auth/two-step-reset.server";
import { SCRIPT_ACTOR } from "~/lib/auth/security-events.server";

// Decision 065: passkeys on the database, through the domain functions the pages call.

const handle = setUpTestDatabase();
const events = async (action: string) =>
  handle.db.select().from(schema.securityEvents).where(eq(schema.securityEvents.action, action));

describe(`passkeys (${engineName()})`, () => {
  it("are added after the password, listed with when they were added and used, e-mailed and audited", async () => {
    const kari = await signedInStaff(handle.db);
    const other = await signedInStaff(handle.db, "ola@fjordform.test");
    await addSoftPasskey(handle.db, kari.session, PASSWORD, META, "Jobbmac");
    const listed = await listPasskeys(handle.db, kari.user.id);
    expect(listed).toEqual([expect.objectContaining({ name: "Jobbmac", lastUsedAt: null })]);
    expect(listed[0]!.createdAt).toBeInstanceOf(Date);
    expect(await listPasskeys(handle.db, other.user.id)).toEqual([]);
    const mails = await handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, ACCOUNT_MAIL_KIND));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining("Ny tilgangsnøkkel")]);
    expect(await events("passkey_added")).toEqual([
      expect.objectContaining({ userId: kari.user.id, details: expect.objectContaining({ name: "Jobbmac" }) }),
    ]);
  });

  it("sign in alone: a verified session, the use recorded like a password sign-in", async () => {
    const kari = await signedInStaff(handle.db);
    const { key } = await addSoftPasskey(handle.db, kari.session, PASSWORD, META);
    const { options, binding } = (await passkeySignInOptions(handle.db, META.ip))!;
    expect(options.userVerification).toBe("required");
    const result = await signInWithPasskey(handle.db, binding, key.assert(options), META);
    expect(result.kind).toBe("signed-in");
    const token = await sessionTokenIn(result.kind === "signed-in" ? result.cookies[0]! : null);
    const session = await sessionOf(handle.db, token!);
    expect(session).toMatchObject({ userId: kari.user.id, mfaPending: false });
    const [used] = await listPasskeys(handle.db, kari.user.id);
    expect(used!.lastUsedAt).toBeInstanceOf(Date);
    // The password entered to add the passkey, then the passkey's sign-in.
    const attempts = await handle.db.select().from(schema.loginAttempts).orderBy(schema.loginAttempts.id);
    expect(attempts).toHaveLength(2);
    expect(attempts[1]).toMatchObject({ email: "kari@fjordform.test", success: true });
    expect(await events("login")).toEqual([
      expect.objectContaining({ userId: kari.user.id, details: expect.objectContaining({ method: "passkey" }) }),
    ]);
  });

  it("after a password, a passkey is the second step; the session gets a new token", async () => {
    const kari = await signedInStaff(handle.db);
    const { key } = await addSoftPasskey(handle.db, kari.session, PASSWORD, META);
    const signedIn = await signInWithPassword(handle.db, { email: "kari@fjordform.test", password: PASSWORD }, META);
    expect(signedIn).toMatchObject({ kind: "signed-in", needsSecondFactor: true });
    const token = await sessionTokenIn(signedIn.kind === "signed-in" ? signedIn.cookie : null);
    const pending = (await sessionOf(handle.db, token!))!;
    expect(pending.mfaPending).toBe(true);
    const options = await secondStepOptions(handle.db, pending);
    expect(options?.allowCredentials?.map((c) => c.id)).toEqual([key.credentialId]);
    const verified = await verifyPasskeySecondStep(handle.db, pending, key.assert(options!), META);
    expect(verified.kind).toBe("verified");
    expect(await sessionOf(handle.db, token!), "the old token stopped working").toBeNull();
    const newToken = await sessionTokenIn(verified.kind === "verified" ? verified.cookie : null);
    expect((await sessionOf(handle.db, newToken!))?.mfaPending).toBe(false);
  });

  it("count as two-step enrolment for the studio's policy", async () => {
    const kari = await signedInStaff(handle.db);
    const actor = { userId: kari.user.id, name: "Kari", ip: META.ip, userAgent: META.userAgent };
    await setTwoStepPolicy(handle.db, "everyone", actor);
    expect(await owesTwoStepEnrolment(handle.db, kari.session)).toBe(true);
    await addSoftPasskey(handle.db, kari.session, PASSWORD, META);
    expect(await owesTwoStepEnrolment(handle.db, kari.session)).toBe(false);
  });

  it("are removed after the password, e-mailed and audited; then the sign-in no longer owes a second step", async () => {
    const kari = await signedInStaff(handle.db);
    const { id } = await addSoftPasskey(handle.db, kari.session, PASSWORD, META, "Telefonen");
    const later = (await sessionOf(handle.db, kari.token))!;
    expect(await removePasskey(handle.db, later, { passkeyId: id, password: PASSWORD }, META)).toEqual({
      kind: "removed",
      name: "Telefonen",
    });
    expect(await listPasskeys(handle.db, kari.user.id)).toEqual([]);
    expect(await events("passkey_removed")).toHaveLength(1);
    const signedIn = await signInWithPassword(handle.db, { email: "kari@fjordform.test", password: PASSWORD }, META);
    expect(signedIn).toMatchObject({ kind: "signed-in", needsSecondFactor: false });
  });
});

describe("losing every device", () => {
  it("an operator's reset removes the app, the recovery codes and the passkeys, ends the sessions, e-mails and audits", async () => {
    const kari = await signedInStaff(handle.db);
    await addSoftPasskey(handle.db, kari.session, PASSWORD, META);
    await withSecondFactor(handle.db, kari.user);
    expect(await resetTwoStep(handle.db, "KARI@fjordform.test", SCRIPT_ACTOR)).toEqual({
      kind: "reset",
      factors: 1,
      passkeys: 1,
      sessions: 1,
    });
    expect(await sessionOf(handle.db, kari.token)).toBeNull();
    expect(await handle.db.select().from(schema.mfaRecoveryCodes)).toEqual([]);
    const signedIn = await signInWithPassword(handle.db, { email: "kari@fjordform.test", password: PASSWORD }, META);
    expect(signedIn).toMatchObject({ kind: "signed-in", needsSecondFactor: false });
    expect(await events("two_step_reset")).toHaveLength(1);
    expect(await resetTwoStep(handle.db, "nobody@fjordform.test", SCRIPT_ACTOR)).toEqual({ kind: "not-found" });
  });
});
