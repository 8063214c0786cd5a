import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { checkLoginAttempts, signIn } from "~/lib/auth/login.server";
import { acceptInvitation, checkInvitation } from "~/lib/auth/invitation.server";
import { checkEmailChange, confirmEmailChange, requestEmailChange, updateProfile } from "~/lib/auth/profile.server";
import { createSession, getSession, type StaffSession } from "~/lib/auth/session.server";
import {
  disableStaff,
  enableStaff,
  getStaffAccount,
  INVITATION_MAIL_KIND,
  inviteStaff,
  listStaff,
  reinviteStaff,
  unlockStaff,
} from "~/lib/auth/staff-accounts.server";
import type { StaffActor } from "~/lib/auth/security-events.server";
import { createUser } from "~/lib/auth/users.server";
import { STAFF_PER_PAGE } from "~/lib/auth/account-forms";
import { setClockOffset } from "~/lib/platform/clock.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";
import { requestWithToken, sessionTokenIn } from "../support/session-cookie";

let handle: DatabaseHandle;
const meta = { ip: "192.0.2.30", userAgent: "vitest" };
const PASSWORD = "a long enough password";
const HOUR = 60 * 60_000;

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

async function colleague(email: string, fullName = "Kari Nordmann") {
  return createUser(handle.db, { email, fullName, password: PASSWORD });
}

async function admin(): Promise<StaffActor> {
  const user = await colleague("admin@fjordform.test", "Ada Admin");
  return { userId: user.id, name: "Ada Admin", ip: meta.ip, userAgent: meta.userAgent };
}

async function events(action: string) {
  return handle.db.select().from(schema.securityEvents).where(eq(schema.securityEvents.action, action));
}

async function mailsTo(to: string, kind?: string) {
  const rows = await handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, to));
  return kind ? rows.filter((row) => row.kind === kind) : rows;
}

/** The token of the newest link e-mailed to `to` (what the recipient would click). */
async function linkToken(to: string, kind: string) {
  const rows = await mailsTo(to, kind);
  const text = rows.at(-1)?.textBody ?? "";
  const token = /token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`no link in the ${kind} mail to ${to}:\n${text}`);
  return token;
}

const requestWith = requestWithToken;

async function signedInSession(userId: string): Promise<{ token: string; session: StaffSession }> {
  const created = await createSession(handle.db, userId, meta, { mfaVerified: true });
  const session = await getSession(handle.db, await requestWith(created.token));
  return { token: created.token, session: session! };
}

describe(`staff accounts on ${engineName()}`, () => {
  it("invites a colleague: a pending account, an e-mail with a one-time link, and the colleague lands signed in", async () => {
    const actor = await admin();
    const result = await inviteStaff(handle.db, { email: " Ola@Fjordform.TEST ", fullName: "Ola Nordmann" }, actor);
    expect(result.kind).toBe("invited");
    const listed = await listStaff(handle.db, 1);
    expect(listed.rows.map((row) => [row.email, row.state])).toEqual([
      ["admin@fjordform.test", "active"],
      ["ola@fjordform.test", "invited"],
    ]);
    // Nobody can sign in to a pending invitation, whatever they type.
    expect((await signIn(handle.db, { email: "ola@fjordform.test", password: "" }, meta)).kind).toBe("invalid");

    const [mail] = await mailsTo("ola@fjordform.test", INVITATION_MAIL_KIND);
    expect(mail!.textBody).toContain("Hei Ola Nordmann");
    expect(mail!.textBody).toContain("Ada Admin");
    const token = await linkToken("ola@fjordform.test", INVITATION_MAIL_KIND);
    // Only a keyed hash is stored.
    const stored = await handle.db.select().from(schema.accountTokens);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(await checkInvitation(handle.db, token)).toEqual({
      state: "valid",
      email: "ola@fjordform.test",
      fullName: "Ola Nordmann",
    });
    expect(await acceptInvitation(handle.db, token, "too short", meta)).toMatchObject({ kind: "invalid-password" });
    const accepted = await acceptInvitation(handle.db, token, PASSWORD, meta);
    expect(accepted.kind).toBe("accepted");
    if (accepted.kind !== "accepted") return;
    const cookieToken = (await sessionTokenIn(accepted.cookie))!;
    expect((await getSession(handle.db, await requestWith(cookieToken)))?.email).toBe("ola@fjordform.test");
    expect((await signIn(handle.db, { email: "ola@fjordform.test", password: PASSWORD }, meta)).kind).toBe("success");

    // The link works once.
    expect(await checkInvitation(handle.db, token)).toEqual({ state: "used" });
    expect((await acceptInvitation(handle.db, token, "another long password", meta)).kind).toBe("used");
    expect(await events("staff_invited")).toHaveLength(1);
    expect(await events("staff_invitation_accepted")).toHaveLength(1);
    const account = await getStaffAccount(handle.db, accepted.userId);
    expect(account).toMatchObject({ state: "active", fullName: "Ola Nordmann" });
    expect(account!.lastSignInAt).not.toBeNull();
  });

  it("expires an invitation after 72 hours, and inviting again replaces the link", async () => {
    const actor = await admin();
    await inviteStaff(handle.db, { email: "ola@fjordform.test", fullName: "Ola" }, actor);
    const first = await linkToken("ola@fjordform.test", INVITATION_MAIL_KIND);
    setClockOffset(72 * HOUR - 60_000);
    expect((await checkInvitation(handle.db, first)).state).toBe("valid");
    setClockOffset(72 * HOUR + 1000);
    expect((await checkInvitation(handle.db, first)).state).toBe("expired");
    expect((await acceptInvitation(handle.db, first, PASSWORD, meta)).kind).toBe("expired");

    const pending = (await listStaff(handle.db, 1)).rows.find((row) => row.state === "invited")!;
    expect(await reinviteStaff(handle.db, pending.id, actor)).toMatchObject({ kind: "reinvited" });
    const second = await linkToken("ola@fjordform.test", INVITATION_MAIL_KIND);
    expect(second).not.toBe(first);
    expect((await checkInvitation(handle.db, first)).state).toBe("unknown"); // replaced
    expect((await acceptInvitation(handle.db, second, PASSWORD, meta)).kind).toBe("accepted");
    // An account with a password cannot be invited again.
    expect((await inviteStaff(handle.db, { email: "ola@fjordform.test", fullName: "Ola" }, actor)).kind).toBe("exists");
    expect(await reinviteStaff(handle.db, pending.id, actor)).toEqual({ kind: "not-invited" });
  });

  it("disables an account: its sessions end at once, it cannot sign in, and enabling lets it sign in again", async () => {
    const actor = await admin();
    const kari = await colleague("kari@fjordform.test");
    const open = await signedInSession(kari.id);
    const result = await disableStaff(handle.db, kari.id, actor);
    expect(result).toEqual({ kind: "disabled", sessionsEnded: 1 });
    expect(await getSession(handle.db, await requestWith(open.token))).toBeNull();
    expect((await signIn(handle.db, { email: "kari@fjordform.test", password: PASSWORD }, meta)).kind).toBe("invalid");
    expect((await getStaffAccount(handle.db, kari.id))?.state).toBe("disabled");
    const [event] = await events("staff_disabled");
    expect(event).toMatchObject({ userId: actor.userId, details: { accountId: kari.id, sessionsEnded: 1 } });

    expect(await enableStaff(handle.db, kari.id, actor)).toEqual({ kind: "enabled" });
    expect(await getSession(handle.db, await requestWith(open.token))).toBeNull(); // old sessions stay ended
    expect((await signIn(handle.db, { email: "kari@fjordform.test", password: PASSWORD }, meta)).kind).toBe("success");
    expect(await events("staff_enabled")).toHaveLength(1);
  });

  it("refuses to disable one's own account or the last active one", async () => {
    const actor = await admin();
    expect(await disableStaff(handle.db, actor.userId, actor)).toEqual({ kind: "self" });
    const kari = await colleague("kari@fjordform.test");
    const kariActor: StaffActor = { ...actor, userId: kari.id, name: "Kari" };
    expect((await disableStaff(handle.db, actor.userId, kariActor))?.kind).toBe("disabled");
    // Kari is now the only active account; Ada (disabled) cannot act, but nobody may disable Kari either.
    expect(await disableStaff(handle.db, kari.id, actor)).toEqual({ kind: "last" });
    expect((await getStaffAccount(handle.db, kari.id))?.state).toBe("active");
    expect(await events("staff_disabled")).toHaveLength(1);
  });

  it("unlocks an account locked by wrong passwords, keeping the failures on record", async () => {
    const actor = await admin();
    const kari = await colleague("kari@fjordform.test");
    for (let i = 0; i < 5; i++)
      await signIn(handle.db, { email: "kari@fjordform.test", password: "wrong password!" }, meta);
    expect((await getStaffAccount(handle.db, kari.id))?.state).toBe("locked");
    expect(await unlockStaff(handle.db, kari.id, actor)).toEqual({ kind: "unlocked" });
    expect((await checkLoginAttempts(handle.db, "kari@fjordform.test")).is_locked).toBe(false);
    expect((await getStaffAccount(handle.db, kari.id))?.state).toBe("active");
    expect((await signIn(handle.db, { email: "kari@fjordform.test", password: PASSWORD }, meta)).kind).toBe("success");
    const failures = await handle.db
      .select()
      .from(schema.loginAttempts)
      .where(
        and(
          eq(schema.loginAttempts.email, "kari@fjordform.test"),
          eq(schema.loginAttempts.errorMessage, "invalid_credentials"),
        ),
      );
    expect(failures).toHaveLength(5);
    expect(await unlockStaff(handle.db, kari.id, actor)).toEqual({ kind: "not-locked" });
    expect(await events("staff_unlocked")).toHaveLength(1);
  });

  it("pages the list", async () => {
    const actor = await admin();
    for (let i = 0; i < STAFF_PER_PAGE; i++) {
      await inviteStaff(
        handle.db,
        { email: `p${String(i).padStart(2, "0")}@fjordform.test`, fullName: `P ${String(i).padStart(2, "0")}` },
        actor,
      );
    }
    const first = await listStaff(handle.db, 1);
    expect(first).toMatchObject({ total: STAFF_PER_PAGE + 1, pageCount: 2 });
    expect(first.rows).toHaveLength(STAFF_PER_PAGE);
    const last = await listStaff(handle.db, 99);
    expect(last.page).toBe(2);
    expect(last.rows).toHaveLength(1);
  });
});

describe(`own profile on ${engineName()}`, () => {
  it("changes the name", async () => {
    const kari = await colleague("kari@fjordform.test");
    const { token, session } = await signedInSession(kari.id);
    await updateProfile(handle.db, session, "Kari N. Nordmann", meta);
    expect((await getSession(handle.db, await requestWith(token)))?.fullName).toBe("Kari N. Nordmann");
    expect(await events("profile_updated")).toHaveLength(1);
  });

  it("changes the e-mail only when the link sent to the new address is opened, and tells the old address", async () => {
    const kari = await colleague("kari@fjordform.test");
    await colleague("taken@fjordform.test");
    const { token, session } = await signedInSession(kari.id);
    const wrong = await requestEmailChange(
      handle.db,
      session,
      { email: "kari@nytt.no", password: "not my password" },
      meta,
    );
    expect(wrong).toMatchObject({ kind: "reauth", outcome: { kind: "invalid" } });
    expect(
      await requestEmailChange(handle.db, session, { email: "taken@fjordform.test", password: PASSWORD }, meta),
    ).toEqual({ kind: "taken" });
    expect(await requestEmailChange(handle.db, session, { email: "kari@nytt.no", password: PASSWORD }, meta)).toEqual({
      kind: "sent",
      to: "kari@nytt.no",
    });
    expect((await getSession(handle.db, await requestWith(token)))?.email).toBe("kari@fjordform.test"); // not yet

    const link = await linkToken("kari@nytt.no", "email-change-confirm");
    expect(await checkEmailChange(handle.db, link)).toEqual({ state: "valid", newEmail: "kari@nytt.no" });
    expect(await confirmEmailChange(handle.db, link, meta)).toEqual({ kind: "changed", email: "kari@nytt.no" });
    expect((await getSession(handle.db, await requestWith(token)))?.email).toBe("kari@nytt.no");
    expect((await signIn(handle.db, { email: "kari@nytt.no", password: PASSWORD }, meta)).kind).toBe("success");
    const notice = await mailsTo("kari@fjordform.test", "account-security");
    expect(notice.at(-1)!.textBody).toContain("kari@nytt.no");
    expect((await confirmEmailChange(handle.db, link, meta)).kind).toBe("used");
    expect(await events("email_change_requested")).toHaveLength(1);
    expect(await events("email_changed")).toHaveLength(1);
  });

  it("lets the e-mail link expire after 24 hours", async () => {
    const kari = await colleague("kari@fjordform.test");
    const { session } = await signedInSession(kari.id);
    await requestEmailChange(handle.db, session, { email: "kari@nytt.no", password: PASSWORD }, meta);
    const link = await linkToken("kari@nytt.no", "email-change-confirm");
    setClockOffset(24 * HOUR + 1000);
    expect((await confirmEmailChange(handle.db, link, meta)).kind).toBe("expired");
  });
});
