import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { knownBrowserCookieName, NEW_BROWSER_MAIL_KIND } from "~/lib/auth/known-browser.server";
import { signInWithPassword } from "~/lib/auth/login.server";
import { endOneSession } from "~/lib/auth/session-list.server";
import { getSession, requestMeta } from "~/lib/auth/session.server";
import { schema } from "~/lib/platform/db.server";
import { engineName, setUpTestDatabase } from "../support/test-database";
import { anotherSession, PASSWORD, sessionOf, signedInStaff, withSecondFactor } from "./staff-fixtures";

// Issue #31: the known-browser cookie only decides whether the "new sign-in" e-mail goes
// out. It must not let anyone skip a check, a forged value must count as a new browser,
// and the sessions page must not end another account's session.

const handle = setUpTestDatabase();
const UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const requestWith = (cookie: string) =>
  new Request("http://localhost/admin", { headers: { cookie, "user-agent": UA } });
const signInWith = (cookie: string, password = PASSWORD) =>
  signInWithPassword(
    handle.db,
    { email: "kari@fjordform.test", password },
    requestMeta(requestWith(cookie), "203.0.113.9"),
  );
const browserCookieIn = (cookies: string[]) =>
  cookies.find((c) => c.startsWith(`${knownBrowserCookieName()}=`))!.split(";")[0]!;
const notices = () =>
  handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, NEW_BROWSER_MAIL_KIND));

describe(`the known-browser cookie (${engineName()})`, () => {
  it("skips nothing: a known browser still needs the right password and the second factor, and is no session", async () => {
    const kari = await signedInStaff(handle.db);
    const first = await signInWith("");
    if (first.kind !== "signed-in") throw new Error(first.kind);
    const known = browserCookieIn(first.cookies);

    expect((await signInWith(known, "not the password at all")).kind).toBe("invalid");
    await withSecondFactor(handle.db, kari.user);
    const again = await signInWith(known);
    expect(again).toMatchObject({ kind: "signed-in", needsSecondFactor: true });
    expect(await getSession(handle.db, requestWith(known)), "the browser cookie alone is nobody").toBeNull();
  });

  it("a forged or malformed value counts as a new browser, and is replaced by a fresh id", async () => {
    await signedInStaff(handle.db);
    const baseline = await signInWith("");
    if (baseline.kind !== "signed-in") throw new Error(baseline.kind);

    const forged = `${knownBrowserCookieName()}=${"A".repeat(43)}`;
    const withForged = await signInWith(forged);
    if (withForged.kind !== "signed-in") throw new Error(withForged.kind);
    expect(await notices()).toHaveLength(1);
    expect(browserCookieIn(withForged.cookies)).not.toBe(forged);

    const malformed = await signInWith(`${knownBrowserCookieName()}=../../etc'--`);
    if (malformed.kind !== "signed-in") throw new Error(malformed.kind);
    expect(await notices()).toHaveLength(2);
    expect(browserCookieIn(malformed.cookies)).toMatch(/=[A-Za-z0-9_-]{43}$/);
  });
});

describe(`ending a session from the sessions page (${engineName()})`, () => {
  it("refuses another account's session: nothing ends and nothing is recorded", async () => {
    const kari = await signedInStaff(handle.db);
    const ola = await signedInStaff(handle.db, "ola@fjordform.test");
    const meta = { ip: "198.51.100.8", userAgent: UA };

    expect(await endOneSession(handle.db, ola.session, kari.session.id, meta)).toEqual({ kind: "gone" });
    expect(await sessionOf(handle.db, kari.token)).not.toBeNull();
    const events = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "session_ended"));
    expect(events).toHaveLength(0);

    // Its own other session, by contrast, ends.
    const second = await anotherSession(handle.db, ola.user.id);
    expect(await endOneSession(handle.db, ola.session, second.session.id, meta)).toEqual({
      kind: "ended",
      current: false,
    });
    expect(await sessionOf(handle.db, second.token)).toBeNull();
  });
});
