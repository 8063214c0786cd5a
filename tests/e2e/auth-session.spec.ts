import { type APIRequestContext, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { HOUR, MINUTE, resetServerClock, setServerClock, withServerClock } from "./support/server-clock";
import { expectRedirectedHome, landing, sessionCookieOf, signInWithRequest, waitForHydration } from "./support/sign-in";

// Every test here uses the "session" account, and one signs out all its other sessions:
// the tests of this file run one after another, never beside each other.
test.describe.configure({ mode: "default" });
test.use({ viewport: { width: 1280, height: 800 } });

const banner = (page: Page) => page.getByRole("alert").filter({ hasText: "Økten din utløper" });
const ENDED = "Your session has ended. Please sign in again.";

/** A staff page with a session the server ended: /login with `flag`, and the dead cookie cleared. */
async function expectSentToLogin(request: APIRequestContext, flag: string) {
  expect(await landing(request, "/admin"), "a session ended on the server").toEqual({
    status: 302,
    location: `/login?ended=${flag}`,
  });
}

/** Signs the context in and opens the dashboard (the browser clock, if installed, keeps running). */
async function openDashboard(page: Page, context: BrowserContext) {
  await signInWithRequest(context.request, "session");
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Velkommen tilbake, Session Tester");
  await waitForHydration(page);
}

test("the session cookie is HttpOnly, SameSite=Lax, lasts 24 hours and is never shown", async ({ page, context }) => {
  await openDashboard(page, context);
  const cookie = await sessionCookieOf(context);
  expect(cookie).toBeDefined();
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false, path: "/" });
  expect(cookie!.value.length).toBeGreaterThanOrEqual(32);
  expect(Math.abs(cookie!.expires - (Date.now() / 1000 + 24 * 3600))).toBeLessThan(120);
  expect(await page.evaluate(() => document.cookie)).not.toContain(cookie!.value);

  for (const path of ["/admin", "/admin/settings", "/admin/subscribers", "/login/status"]) {
    const body = await (await page.request.get(path)).text();
    expect(body, `${path} does not show the session token`).not.toContain(cookie!.value);
  }
});

test("5 minutes before the end a banner offers Extend Session, which extends the session on the server", async ({
  page,
  context,
}) => {
  await page.clock.install();
  await openDashboard(page, context);
  await expect(banner(page)).toHaveCount(0);
  const before = await sessionCookieOf(context);

  await page.clock.fastForward(23 * HOUR + 50 * MINUTE);
  await expect(page.getByText("Velkommen tilbake, Session Tester")).toBeVisible();
  await expect(banner(page)).toHaveCount(0); // 10 minutes left: no warning yet

  await page.clock.fastForward(6 * MINUTE);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).locator("p")).toHaveText("Økten din utløper om 4 minutter.");

  const extended = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/session/extend");
  await banner(page).getByRole("button", { name: "Extend Session" }).click();
  const response = await extended;
  expect(response.status()).toBe(200);
  expect((await response.json()).expiresInMs).toBeGreaterThan(24 * HOUR - MINUTE);
  await expect(banner(page)).toHaveCount(0);
  const after = await sessionCookieOf(context);
  expect(after!.value).toBe(before!.value);
  expect(Math.abs(after!.expires - (Date.now() / 1000 + 24 * 3600)), "the cookie is renewed for 24 hours").toBeLessThan(
    120,
  );

  // The old deadline (4 minutes away) passes without signing anyone out...
  await page.clock.fastForward(10 * MINUTE);
  await expect(banner(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/admin$/);
  // ...and the warning comes back 5 minutes before the new one.
  await page.clock.fastForward(23 * HOUR + 46 * MINUTE);
  await expect(banner(page).locator("p")).toHaveText("Økten din utløper om 4 minutter.");
  expect((await landing(page.request, "/admin")).status).toBe(200);
});

test("when the session runs out the page signs out by itself and lands on /login", async ({ page, context }) => {
  await page.clock.install();
  await openDashboard(page, context);
  const logout = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname.startsWith("/logout"));
  await page.clock.fastForward(24 * HOUR + 30_000);
  const request = await logout;
  expect(request.postData() ?? "").toContain("reason=expired");
  await expect(page).toHaveURL(/\/login(\?expired=1)?$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fjord & Form Admin");
  expect(await sessionCookieOf(context)).toBeUndefined();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
});

test.describe("server-side expiry", () => {
  test.describe.configure({ mode: "serial" });
  test.afterEach(async ({ request }) => resetServerClock(request));

  test("the server refuses a session 24 hours after sign-in, whatever the browser still sends", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    // The 24 hours are split into -12 h at sign-in and +12 h 1 min at the check, so the
    // other worker's sessions (made at real time) never look expired meanwhile.
    const cookie = await withServerClock(request, async () => {
      await setServerClock(request, -12 * HOUR);
      await signInWithRequest(context.request, "session");
      const signedIn = (await sessionCookieOf(context))!;
      await setServerClock(request, 0);
      expect((await landing(context.request, "/admin")).status, "12 hours in: still signed in").toBe(200);
      await setServerClock(request, 12 * HOUR + MINUTE);
      await expectSentToLogin(context.request, "expired");
      return signedIn;
    });
    expect(await sessionCookieOf(context), "the answer cleared the dead cookie").toBeUndefined();
    // Back at real time the session stays ended (it was closed, not only out of date),
    // even when the browser sends the old cookie again.
    await context.addCookies([{ name: "session", value: cookie.value, url: baseURL! }]);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login\?ended=expired$/);
    await expect(page.locator(".auth-card").getByRole("status")).toHaveText(ENDED);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("maximum lifetime", () => {
  test.describe.configure({ mode: "serial" });
  test.afterEach(async ({ request }) => resetServerClock(request));

  test("Extend Session cannot keep a session past 7 days after the password was entered", async ({
    context,
    request,
  }) => {
    const signedInAt = -7 * 24 * HOUR + 10 * MINUTE; // 7 days minus 10 minutes ago
    await withServerClock(request, async () => {
      await setServerClock(request, signedInAt);
      await signInWithRequest(context.request, "session");
      // Extended every 20 hours, as someone at work all week would.
      for (let at = signedInAt + 20 * HOUR; at < 0; at += 20 * HOUR) {
        await setServerClock(request, at);
        const extended = await context.request.post("/api/session/extend");
        expect(extended.status(), `extended ${Math.round((at - signedInAt) / HOUR)} hours in`).toBe(200);
      }
      await setServerClock(request, 0);
      const last = await context.request.post("/api/session/extend");
      expect(last.status()).toBe(200);
      const body = await last.json();
      expect(body.expiresInMs, "only the 10 minutes up to the 7 days are left").toBeLessThanOrEqual(10 * MINUTE);
      expect(body.expiresInMs).toBeGreaterThan(0);
      expect(body.maxExpiresAt).toBe(body.expiresAt);
      expect((await landing(context.request, "/admin")).status).toBe(200);
      await setServerClock(request, 11 * MINUTE);
      await expectSentToLogin(context.request, "expired");
    });
  });
});

test("Logout ends the session on the server: a copied cookie stops working", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  await openDashboard(page, context);
  const stolen = (await sessionCookieOf(context))!;
  const thief = await browser.newContext();
  try {
    await thief.addCookies([{ name: "session", value: stolen.value, url: baseURL! }]);
    expect((await landing(thief.request, "/admin")).status, "the copy works while the session lives").toBe(200);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await sessionCookieOf(context)).toBeUndefined();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);

    await expectRedirectedHome(thief.request, "/admin");
    const thiefPage = await thief.newPage();
    await thiefPage.goto("/admin/settings");
    await expect(thiefPage).toHaveURL(/\/$/);
  } finally {
    await thief.close();
  }
});

test("Settings lists the active sessions and signs out all the others", async ({ page, context, browser }) => {
  const other = await browser.newContext();
  try {
    await signInWithRequest(other.request, "session");
    await openDashboard(page, context);
    await page.goto("/admin/settings");
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Aktive økter" }) });
    await expect(section.getByRole("heading", { name: "Aktive økter" })).toBeVisible();
    const sessions = section.locator(".session-table tbody tr");
    expect(await sessions.count()).toBeGreaterThanOrEqual(2);
    await expect(sessions.filter({ hasText: "Denne økten" })).toHaveCount(1);
    expect((await landing(other.request, "/admin")).status).toBe(200);

    await waitForHydration(page);
    await section.getByRole("button", { name: "Logg ut alle andre økter" }).click();
    await expect(section.getByRole("status")).toHaveText(/^Logget ut av \d+ (annen økt|andre økter)\.$/);
    await expect(sessions).toHaveCount(1);
    await expect(sessions).toContainText("Denne økten");
    await expect(section.getByRole("button", { name: "Logg ut alle andre økter" })).toBeDisabled();

    await expectSentToLogin(other.request, "signed-out-elsewhere");
    expect((await landing(page.request, "/admin")).status, "this browser stays signed in").toBe(200);
  } finally {
    await other.close();
  }
});
