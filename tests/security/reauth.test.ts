import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MAIL_KIND } from "~/lib/auth/account-mail.server";
import { changePassword } from "~/lib/auth/password-change.server";
import { REAUTH_WINDOW_MS, reauthenticate } from "~/lib/auth/reauth.server";
import { beginEnrolment, createRecoveryCodes, finishEnrolment, turnOffTwoStep } from "~/lib/auth/two-step.server";
import { setClockOffset } from "~/lib/platform/clock.server";
import { schema } from "~/lib/platform/db.server";
import { factorStatus } from "~/lib/auth/mfa.server";
import { verifyPassword } from "~/lib/auth/password.server";
import { keyedHash } from "~/lib/platform/secrets.server";
import { engineName, setUpTestDatabase } from "../support/test-database";
import { anotherSession, codeAt, META, PASSWORD, sessionOf, signedInStaff, withSecondFactor } from "./staff-fixtures";

// Issue 12, finding 2: a stolen session was enough to take the account over (bind the
// thief's authenticator, get the recovery codes, lock the owner out). Enrolling, turning
// the factor off, new recovery codes and a new password now need the current password,
// entered in this session within 5 minutes, and the owner is e-mailed about each change.

const handle = setUpTestDatabase();

const mails = () => handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, ACCOUNT_MAIL_KIND));
const required = { kind: "reauth", outcome: { kind: "required" } };
const recoveryHash = (code: string) => keyedHash("recovery-code", code.replace(/[^a-z0-9]/g, ""));

describe(`re-authentication before account changes (${engineName()})`, () => {
  it("with only the session, nothing changes: no enrolment, no turning off, no recovery codes, no new password", async () => {
    const thief = await signedInStaff(handle.db);
    expect(await beginEnrolment(handle.db, thief.session, {}, META)).toEqual(required);
    expect(await handle.db.select().from(schema.mfaFactors)).toHaveLength(0);

    const factor = await withSecondFactor(handle.db, thief.user);
    const code = await codeAt(factor.secret);
    expect(await turnOffTwoStep(handle.db, thief.session, { code }, META, "settings-turn-off")).toEqual(required);
    expect(
      await turnOffTwoStep(handle.db, thief.session, { code, factorId: factor.factorId }, META, "api-delete"),
    ).toEqual(required);
    expect(await createRecoveryCodes(handle.db, thief.session, {}, META)).toEqual(required);
    expect(await finishEnrolment(handle.db, thief.session, { factorId: factor.factorId, code }, META)).toEqual(
      required,
    );
    expect((await factorStatus(handle.db, thief.user.id))?.recoveryCodesLeft).toBe(10);

    const guess = await changePassword(
      handle.db,
      thief.session,
      { current: "a guess at the password", next: "the thief's new password", confirm: "the thief's new password" },
      META,
    );
    expect(guess).toEqual({ kind: "reauth", outcome: { kind: "invalid" } });
    const [user] = await handle.db.select().from(schema.users);
    expect(await verifyPassword(user!.passwordHash!, PASSWORD)).toBe(true);
    expect(await mails()).toHaveLength(0);
  });

  it("a wrong password is refused; the right one holds for 5 minutes and is recorded on the session row", async () => {
    const owner = await signedInStaff(handle.db);
    expect(await reauthenticate(handle.db, owner.session, "not my password at all", META)).toEqual({ kind: "invalid" });
    expect(await beginEnrolment(handle.db, owner.session, { password: "not my password at all" }, META)).toEqual({
      kind: "reauth",
      outcome: { kind: "invalid" },
    });
    const [before] = await handle.db.select().from(schema.userSessions);
    expect(before!.reauthenticatedAt).toBeNull();

    expect((await beginEnrolment(handle.db, owner.session, { password: PASSWORD }, META)).kind).toBe("started");
    const [after] = await handle.db.select().from(schema.userSessions);
    expect(after!.reauthenticatedAt).toBeInstanceOf(Date);

    setClockOffset(REAUTH_WINDOW_MS - 2_000);
    const stillFresh = (await sessionOf(handle.db, owner.token))!;
    expect((await beginEnrolment(handle.db, stillFresh, {}, META)).kind).toBe("started");
    setClockOffset(REAUTH_WINDOW_MS + 1_000);
    const stale = (await sessionOf(handle.db, owner.token))!;
    expect(await beginEnrolment(handle.db, stale, {}, META)).toEqual(required);
  });

  it("a re-authentication belongs to its session: another session of the same account still needs the password", async () => {
    const owner = await signedInStaff(handle.db);
    expect(await reauthenticate(handle.db, owner.session, PASSWORD, META)).toEqual({ kind: "ok" });
    const other = await anotherSession(handle.db, owner.user.id);
    expect(await beginEnrolment(handle.db, other.session, {}, META)).toEqual(required);
  });

  it("every change e-mails the owner, in the transaction of the change", async () => {
    const owner = await signedInStaff(handle.db);
    const started = await beginEnrolment(handle.db, owner.session, { password: PASSWORD }, META);
    if (started.kind !== "started") throw new Error(started.kind);
    expect(await mails()).toHaveLength(0); // starting changes nothing yet
    const wrong = await finishEnrolment(
      handle.db,
      owner.session,
      { factorId: started.enrolment.factorId, code: "12" },
      META,
    );
    expect(wrong.kind).toBe("invalid");
    expect(await mails()).toHaveLength(0);
    const on = await finishEnrolment(
      handle.db,
      owner.session,
      { factorId: started.enrolment.factorId, code: await codeAt(started.enrolment.secret) },
      META,
    );
    expect(on.kind).toBe("on");
    expect((await createRecoveryCodes(handle.db, owner.session, {}, META)).kind).toBe("created");
    const code = await codeAt(started.enrolment.secret, 30_000);
    expect((await turnOffTwoStep(handle.db, owner.session, { code }, META, "settings-turn-off")).kind).toBe("off");
    const changed = await changePassword(
      handle.db,
      owner.session,
      { current: PASSWORD, next: "a brand new passphrase", confirm: "a brand new passphrase" },
      META,
    );
    expect(changed.kind).toBe("changed");

    const sent = await mails();
    expect(sent.map((m) => m.subject)).toEqual([
      "Fjord & Form: Totrinnsbekreftelse er slått på",
      "Fjord & Form: Nye gjenopprettingskoder",
      "Fjord & Form: Totrinnsbekreftelse er slått av",
      "Fjord & Form: Passordet ditt er endret",
    ]);
    for (const mail of sent) {
      expect(mail.toAddress).toBe("kari@fjordform.test");
      expect(mail.textBody).toContain(`fra IP-adressen ${META.ip}`);
      expect(mail.textBody).toContain("/admin/settings");
      expect(mail.textBody).not.toContain(started.enrolment.secret);
    }
    const events = await handle.db
      .select({ action: schema.securityEvents.action })
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.userId, owner.user.id));
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining([
        "reauthenticated",
        "mfa_enrolled",
        "recovery_codes_created",
        "mfa_removed",
        "password_changed",
      ]),
    );
  });

  it("no change without its e-mail: when the e-mail cannot be queued, the change is rolled back", async () => {
    const owner = await signedInStaff(handle.db);
    const factor = await withSecondFactor(handle.db, owner.user);
    await reauthenticate(handle.db, owner.session, PASSWORD, META);
    await handle.db.execute(sql`create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'outbox unavailable'; end $$`);
    await handle.db.execute(
      sql`create trigger refuse_mail before insert on mail_outbox for each row execute function refuse_mail()`,
    );
    try {
      await expect(createRecoveryCodes(handle.db, owner.session, {}, META)).rejects.toThrow();
      const code = await codeAt(factor.secret);
      await expect(turnOffTwoStep(handle.db, owner.session, { code }, META, "settings-turn-off")).rejects.toThrow();
    } finally {
      await handle.db.execute(sql`drop trigger refuse_mail on mail_outbox`);
      await handle.db.execute(sql`drop function refuse_mail()`);
    }
    const codes = await handle.db
      .select({ codeHash: schema.mfaRecoveryCodes.codeHash })
      .from(schema.mfaRecoveryCodes)
      .where(eq(schema.mfaRecoveryCodes.userId, owner.user.id));
    expect(codes.map((c) => c.codeHash).sort()).toEqual(factor.recoveryCodes.map(recoveryHash).sort());
    expect((await factorStatus(handle.db, owner.user.id))?.id).toBe(factor.factorId);
  });
});
