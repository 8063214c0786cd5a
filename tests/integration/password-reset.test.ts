import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "~/lib/auth/login.server";
import { confirmFactor, startEnrolment } from "~/lib/auth/mfa.server";
import {
  checkResetToken,
  requestPasswordReset,
  RESET_MAIL_KIND,
  resetPassword,
} from "~/lib/auth/password-reset.server";
import { createSession, getSession, hasConfirmedFactor } from "~/lib/auth/session.server";
import { disableStaff } from "~/lib/auth/staff-accounts.server";
import { createUser } from "~/lib/auth/users.server";
import { setClockOffset } from "~/lib/platform/clock.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";
import { requestWithToken } from "../support/session-cookie";

let handle: DatabaseHandle;
const PASSWORD = "the old long password";
const NEW_PASSWORD = "a brand new long password";
const MINUTE = 60_000;
let ipCounter = 0;
/** Each test from its own address, so the per-IP limit is tested only where meant. */
const freshMeta = () => ({ ip: `198.51.100.${++ipCounter}`, userAgent: "vitest" });

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
afterEach(async () => {
  setClockOffset(0);
  await truncateAll(handle);
});

const requestWith = requestWithToken;

async function resetMails(to: string) {
  const rows = await handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, to));
  return rows.filter((row) => row.kind === RESET_MAIL_KIND);
}

async function resetLink(to: string) {
  const text = (await resetMails(to)).at(-1)?.textBody ?? "";
  const match = /https?:\/\/\S+\/login\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return match[1]!;
}

describe(`forgotten password on ${engineName()}`, () => {
  it("answers the same for an unknown address, and sends nothing", async () => {
    await createUser(handle.db, { email: "kari@fjordform.test", fullName: "Kari", password: PASSWORD });
    const meta = freshMeta();
    const known = await requestPasswordReset(handle.db, "Kari@fjordform.test", meta);
    const unknown = await requestPasswordReset(handle.db, "nobody@fjordform.test", meta);
    expect(unknown).toEqual(known);
    expect(known).toEqual({ kind: "accepted" });
    expect(await resetMails("kari@fjordform.test")).toHaveLength(1);
    expect(await resetMails("nobody@fjordform.test")).toHaveLength(0);
    const requested = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "password_reset_requested"));
    expect(requested.map((event) => event.details)).toEqual([
      { email: "kari@fjordform.test", sent: true },
      { email: "nobody@fjordform.test", sent: false },
    ]);
  });

  it("limits requests per address and per client, whether or not the account exists", async () => {
    await createUser(handle.db, { email: "kari@fjordform.test", fullName: "Kari", password: PASSWORD });
    // The limits count in fixed 15-minute windows: start a minute into one, so none ends mid-test.
    const window = 15 * MINUTE;
    setClockOffset(Math.ceil(Date.now() / window) * window + MINUTE - Date.now());
    for (const email of ["kari@fjordform.test", "nobody@fjordform.test"]) {
      const results = [];
      for (let i = 0; i < 4; i++) results.push((await requestPasswordReset(handle.db, email, freshMeta())).kind);
      expect(results, email).toEqual(["accepted", "accepted", "accepted", "throttled"]);
    }
    const meta = freshMeta();
    const fromOneClient = [];
    for (let i = 0; i < 11; i++)
      fromOneClient.push((await requestPasswordReset(handle.db, `x${i}@example.com`, meta)).kind);
    expect(fromOneClient.at(-1)).toBe("throttled");
    expect(fromOneClient.slice(0, 10).every((kind) => kind === "accepted")).toBe(true);
  });

  it("sets a new password once with the link, ends every session, logs it and mails the owner", async () => {
    const kari = await createUser(handle.db, { email: "kari@fjordform.test", fullName: "Kari", password: PASSWORD });
    const meta = freshMeta();
    const sessions = [
      await createSession(handle.db, kari.id, meta, { mfaVerified: true }),
      await createSession(handle.db, kari.id, meta, { mfaVerified: true }),
    ];
    await requestPasswordReset(handle.db, "kari@fjordform.test", meta);
    const token = await resetLink("kari@fjordform.test");
    expect(await checkResetToken(handle.db, token)).toBe("valid");
    expect(await resetPassword(handle.db, token, "short", meta)).toMatchObject({ kind: "invalid-password" });
    expect(await resetPassword(handle.db, token, NEW_PASSWORD, meta)).toEqual({ kind: "reset", sessionsEnded: 2 });
    for (const session of sessions) expect(await getSession(handle.db, await requestWith(session.token))).toBeNull();
    expect((await signIn(handle.db, { email: "kari@fjordform.test", password: PASSWORD }, meta)).kind).toBe("invalid");
    expect((await signIn(handle.db, { email: "kari@fjordform.test", password: NEW_PASSWORD }, meta)).kind).toBe(
      "success",
    );
    // Once only.
    expect(await checkResetToken(handle.db, token)).toBe("used");
    expect((await resetPassword(handle.db, token, "yet another long password", meta)).kind).toBe("used");
    const [event] = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "password_reset"));
    expect(event).toMatchObject({ userId: kari.id, details: { sessionsEnded: 2 } });
    const notices = await handle.db
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.kind, "account-security"));
    expect(notices.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      ["kari@fjordform.test", expect.stringContaining("Passordet ditt er satt på nytt")],
    ]);
  });

  it("lets the link expire after 30 minutes, and a new request replaces the old link", async () => {
    await createUser(handle.db, { email: "kari@fjordform.test", fullName: "Kari", password: PASSWORD });
    const meta = freshMeta();
    await requestPasswordReset(handle.db, "kari@fjordform.test", meta);
    const first = await resetLink("kari@fjordform.test");
    await requestPasswordReset(handle.db, "kari@fjordform.test", meta);
    const second = await resetLink("kari@fjordform.test");
    expect(await checkResetToken(handle.db, first)).toBe("unknown");
    setClockOffset(29 * MINUTE);
    expect(await checkResetToken(handle.db, second)).toBe("valid");
    setClockOffset(30 * MINUTE + 1000);
    expect(await checkResetToken(handle.db, second)).toBe("expired");
    expect((await resetPassword(handle.db, second, NEW_PASSWORD, meta)).kind).toBe("expired");
    expect((await signIn(handle.db, { email: "kari@fjordform.test", password: PASSWORD }, meta)).kind).toBe("success");
  });

  it("still asks a two-step account for its code after the reset", async () => {
    const kari = await createUser(handle.db, { email: "kari@fjordform.test", fullName: "Kari", password: PASSWORD });
    const enrolment = await startEnrolment(handle.db, { userId: kari.id, email: "kari@fjordform.test" });
    expect(
      await confirmFactor(handle.db, kari.id, enrolment.factorId, await generate({ secret: enrolment.secret })),
    ).not.toBeNull();
    const meta = freshMeta();
    await requestPasswordReset(handle.db, "kari@fjordform.test", meta);
    expect((await resetPassword(handle.db, await resetLink("kari@fjordform.test"), NEW_PASSWORD, meta)).kind).toBe(
      "reset",
    );
    // The reset made no session, and the factor is still there: /login asks for the code.
    const active = await handle.db.select().from(schema.userSessions).where(eq(schema.userSessions.isActive, true));
    expect(active).toHaveLength(0);
    expect(await hasConfirmedFactor(handle.db, kari.id)).toBe(true);
  });

  it("sends no link to a deactivated account or a pending invitation, and a link dies with deactivation", async () => {
    const admin = await createUser(handle.db, { email: "admin@fjordform.test", fullName: "Ada", password: PASSWORD });
    const kari = await createUser(handle.db, { email: "kari@fjordform.test", fullName: "Kari", password: PASSWORD });
    const meta = freshMeta();
    await requestPasswordReset(handle.db, "kari@fjordform.test", meta);
    const token = await resetLink("kari@fjordform.test");
    await disableStaff(handle.db, kari.id, { userId: admin.id, name: "Ada", ...meta });
    expect((await resetPassword(handle.db, token, NEW_PASSWORD, meta)).kind).toBe("unknown");
    await requestPasswordReset(handle.db, "kari@fjordform.test", freshMeta());
    expect(await resetMails("kari@fjordform.test")).toHaveLength(1);
  });
});
