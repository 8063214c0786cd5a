import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { knownBrowserCookieName, NEW_BROWSER_MAIL_KIND } from "~/lib/auth/known-browser.server";
import { acceptInvitation } from "~/lib/auth/invitation.server";
import { signInWithPassword } from "~/lib/auth/login.server";
import { INVITATION_MAIL_KIND, inviteStaff } from "~/lib/auth/staff-accounts.server";
import { endOneSession, listSessionViews } from "~/lib/auth/session-list.server";
import { getSession, requestMeta, type StaffSession } from "~/lib/auth/session.server";
import { createUser } from "~/lib/auth/users.server";
import { createMailWorker, smtpTransport } from "~/lib/mail/mail.server";
import { setClockOffset } from "~/lib/platform/clock.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";

// Issue #31: a sign-in from a browser the account has not used before e-mails its owner
// once; the sessions page shows each session's browser, network and last use, and ends one.

const PASSWORD = "correct horse battery staple";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let handle: DatabaseHandle;
let peer: SmtpPeer;
beforeAll(async () => {
  handle = await createTestDatabase();
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await peer?.close();
  await handle?.close();
});
afterEach(async () => {
  setClockOffset(0);
  peer.messages.length = 0;
  await truncateAll(handle);
});

/** A browser: its cookie jar (the known-browser cookie and the session), its User-Agent, its address. */
function browser(userAgent: string, ip: string) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  return {
    jar,
    request: () =>
      new Request("http://localhost/admin", { headers: { cookie: cookieHeader(), "user-agent": userAgent } }),
    async signIn(email: string) {
      const result = await signInWithPassword(
        handle.db,
        { email, password: PASSWORD },
        requestMeta(this.request(), ip),
      );
      if (result.kind !== "signed-in") throw new Error(`sign-in refused: ${result.kind}`);
      for (const cookie of result.cookies) {
        const [pair] = cookie.split(";");
        const at = pair!.indexOf("=");
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return result;
    },
    async session() {
      return getSession(handle.db, this.request());
    },
  };
}

const staff = (email: string, fullName = "Kari Nordmann") =>
  createUser(handle.db, { email, fullName, password: PASSWORD });
const notices = (to?: string) =>
  handle.db
    .select()
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.kind, NEW_BROWSER_MAIL_KIND))
    .then((rows) => rows.filter((row) => !to || row.toAddress === to));

describe(`the new-browser notice (${engineName()})`, () => {
  it("a sign-in from a new browser sends exactly one notice, to the real mail server; the same browser again sends none", async () => {
    await staff("kari@fjordform.test");
    const laptop = browser(CHROME_WINDOWS, "203.0.113.45");
    await laptop.signIn("kari@fjordform.test");
    expect(await notices(), "the account's first browser is its baseline").toHaveLength(0);
    await laptop.signIn("kari@fjordform.test");
    expect(await notices(), "the same browser again").toHaveLength(0);

    const phone = browser(SAFARI_IPHONE, "2001:db8:7:1::9");
    await phone.signIn("kari@fjordform.test");
    await phone.signIn("kari@fjordform.test");
    expect(await notices()).toHaveLength(1);

    const worker = createMailWorker({
      db: handle.db,
      transport: smtpTransport(peer.url),
      from: "Fjord & Form <hello@fjordform.no>",
    });
    await worker.drain();
    expect(peer.messages).toHaveLength(1);
    const [mail] = peer.messages;
    expect(mail!.envelopeTo).toEqual(["kari@fjordform.test"]);
    expect(mail!.subject).toMatch(/Ny innlogging fra Safari på iPhone$/);
    expect(mail!.text).toContain("Hei Kari Nordmann,");
    expect(mail!.text).toContain("Nettleser: Safari på iPhone");
    expect(mail!.text).toContain("Nettverk: 2001:db8:7::/48 (omtrentlig)");
    expect(mail!.text).toContain("Var ikke dette deg? Avslutt økten og bytt passord");
    expect(mail!.text).toContain("/admin/settings/sessions");
    expect(mail!.html).toContain("Safari på iPhone");

    // Each known browser once per account, with what it was.
    const rows = await handle.db.select().from(schema.knownBrowsers);
    expect(rows.map((r) => r.label).sort()).toEqual(["Chrome på Windows", "Safari på iPhone"]);
  });

  it("another account on a browser the first already uses still gets its own notice", async () => {
    await staff("kari@fjordform.test");
    await staff("ola@fjordform.test", "Ola");
    const office = browser(CHROME_WINDOWS, "203.0.113.45");
    await office.signIn("kari@fjordform.test");
    await browser(SAFARI_IPHONE, "198.51.100.3").signIn("ola@fjordform.test"); // Ola's baseline
    const idBefore = office.jar.get(knownBrowserCookieName());

    await office.signIn("ola@fjordform.test");
    expect((await notices("ola@fjordform.test")).map((m) => m.subject)).toEqual([
      expect.stringMatching(/Ny innlogging fra Chrome på Windows$/),
    ]);
    expect(await notices("kari@fjordform.test")).toHaveLength(0);
    expect(office.jar.get(knownBrowserCookieName()), "one browser keeps one id across accounts").toBe(idBefore);
    await office.signIn("kari@fjordform.test");
    expect(await notices("kari@fjordform.test"), "Kari's browser is still known to Kari").toHaveLength(0);
  });

  it("accepting an invitation records its browser without a notice; the colleague's next new browser gets one", async () => {
    const admin = await staff("admin@fjordform.test", "Ada Admin");
    const actor = { userId: admin.id, name: "Ada Admin", ip: "203.0.113.1", userAgent: "vitest" };
    await inviteStaff(handle.db, { email: "ola@fjordform.test", fullName: "Ola" }, actor);
    const [invitation] = await handle.db
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.kind, INVITATION_MAIL_KIND));
    const token = /token=([A-Za-z0-9_-]{43})/.exec(invitation!.textBody)![1]!;

    const laptop = browser(CHROME_WINDOWS, "203.0.113.45");
    const accepted = await acceptInvitation(handle.db, token, PASSWORD, requestMeta(laptop.request(), "203.0.113.45"));
    expect(accepted.kind).toBe("accepted");
    expect(await notices("ola@fjordform.test"), "the first sign-in is no news").toHaveLength(0);
    expect(await handle.db.select().from(schema.knownBrowsers)).toHaveLength(1);

    await browser(SAFARI_IPHONE, "198.51.100.3").signIn("ola@fjordform.test");
    expect(await notices("ola@fjordform.test")).toHaveLength(1);
  });

  it("the known-browser cookie is long-lived, HttpOnly and SameSite=Lax", async () => {
    await staff("kari@fjordform.test");
    const result = await browser(CHROME_WINDOWS, "203.0.113.45").signIn("kari@fjordform.test");
    const cookie = result.cookies.find((c) => c.startsWith(`${knownBrowserCookieName()}=`));
    expect(cookie).toMatch(/^browser=[A-Za-z0-9_-]{43}; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Lax$/);
  });
});

describe(`the sessions page (${engineName()})`, () => {
  it("lists each session's browser, network, sign-in and last use (written at most once a minute), this one first", async () => {
    await staff("kari@fjordform.test");
    const laptop = browser(CHROME_WINDOWS, "203.0.113.45");
    const phone = browser(SAFARI_IPHONE, "198.51.100.77");
    await laptop.signIn("kari@fjordform.test");
    await phone.signIn("kari@fjordform.test");
    const mine = (await laptop.session()) as StaffSession;

    const list = await listSessionViews(handle.db, mine);
    expect(list.map((s) => [s.browser, s.network, s.current])).toEqual([
      ["Chrome på Windows", "203.0.113.x", true],
      ["Safari på iPhone", "198.51.100.x", false],
    ]);
    const signedIn = list[1]!.lastUsedAt.getTime();

    setClockOffset(30_000);
    await phone.session();
    expect((await listSessionViews(handle.db, mine))[1]!.lastUsedAt.getTime(), "not within the minute").toBe(signedIn);
    setClockOffset(2 * 60_000);
    await phone.session();
    const later = (await listSessionViews(handle.db, mine))[1]!;
    expect(later.lastUsedAt.getTime()).toBeGreaterThanOrEqual(signedIn + 2 * 60_000);
    expect(later.signedInAt.getTime()).toBe(list[1]!.signedInAt.getTime());
  });

  it("ending another session makes its cookie invalid and is audited; ending this one signs it out", async () => {
    await staff("kari@fjordform.test");
    const laptop = browser(CHROME_WINDOWS, "203.0.113.45");
    const phone = browser(SAFARI_IPHONE, "198.51.100.77");
    await laptop.signIn("kari@fjordform.test");
    await phone.signIn("kari@fjordform.test");
    const mine = (await laptop.session()) as StaffSession;
    const theirs = (await phone.session()) as StaffSession;
    const meta = { ip: "203.0.113.45", userAgent: CHROME_WINDOWS };

    expect(await endOneSession(handle.db, mine, theirs.id, meta)).toEqual({ kind: "ended", current: false });
    expect(await phone.session()).toBeNull();
    expect(await laptop.session()).not.toBeNull();
    expect(await endOneSession(handle.db, mine, theirs.id, meta), "already ended").toEqual({ kind: "gone" });

    const [ended] = await handle.db
      .select({ reason: schema.userSessions.endedReason })
      .from(schema.userSessions)
      .where(eq(schema.userSessions.id, theirs.id));
    expect(ended!.reason, "its browser is told at /login it was signed out elsewhere").toBe("sessions_revoked");
    const events = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "session_ended"));
    expect(events.map((e) => e.details)).toEqual([{ sessionId: theirs.id, current: false }]);

    expect(await endOneSession(handle.db, mine, mine.id, meta)).toEqual({ kind: "ended", current: true });
    expect(await laptop.session()).toBeNull();
  });
});
