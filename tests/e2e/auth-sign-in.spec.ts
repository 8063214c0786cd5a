import { expect, type Page, type Request, test } from "@playwright/test";
import { holdServerClock, MINUTE, resetServerClock, setServerClock, withServerClock } from "./support/server-clock";
import {
  expectDashboardAfterOneSecond,
  loginForm,
  openLogin,
  SIGN_IN,
  sessionCookieOf,
  signInWithRequest,
  submitLogin,
} from "./support/sign-in";
import { staffCredentials } from "./support/staff-accounts";
import { uniqueAddress } from "./support/mailbox";

test.use({ viewport: { width: 1280, height: 800 } });

// These tests sign in and count wrong passwords while auth-session.spec.ts, in the other
// worker, moves the server clock by hours: each holds the clock still for its whole length.
test.beforeEach(async () => holdServerClock());
test.afterEach(async ({ request }) => resetServerClock(request));

/** What the debug panel shows as the lock state, whatever the address and its state. */
const LOCK_STATE_HINT = "shown when you sign in";

/** The value shown next to a term of the debug panel. */
const debugValue = (page: Page, term: string) =>
  page.locator(".debug-panel dt").filter({ hasText: term }).locator("+ dd");

test("the sign-in page has the staff heading, labelled fields and a Login button", async ({ page }) => {
  const form = await openLogin(page);
  await expect(page).toHaveTitle(/Staff sign-in/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fjord & Form Admin");
  await expect(form.email).toHaveAttribute("type", "email");
  await expect(form.password).toHaveAttribute("type", "password");
  await expect(page.getByRole("button", { name: "Login", exact: true })).toBeEnabled();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(form.message).toHaveCount(0);
});

test("debug info tells whether sign-in can work, and nothing secret", async ({ page }) => {
  const form = await openLogin(page);
  const toggle = page.getByRole("button", { name: "Show debug info" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator(".debug-panel")).toBeHidden();

  await toggle.click();
  const hide = page.getByRole("button", { name: "Hide debug info" });
  await expect(hide).toHaveAttribute("aria-expanded", "true");
  const panel = page.locator(".debug-panel");
  await expect(panel).toBeVisible();
  await expect(debugValue(page, "Authentication configured")).toHaveText("yes");
  await expect(debugValue(page, "Database")).toHaveText(/reachable$/);
  await expect(debugValue(page, "Database")).not.toHaveText(/not reachable/);
  await expect(debugValue(page, "Signed in")).toHaveText("no");
  // Whether an address is locked is nobody's business here: the sign-in itself says so.
  await expect(debugValue(page, "Lock state")).toHaveText(LOCK_STATE_HINT);

  const { email } = staffCredentials("staff");
  await form.email.fill(email);
  await expect(page.locator(".debug-panel dt").filter({ hasText: "Lock state" })).toHaveText(`Lock state for ${email}`);
  await expect(debugValue(page, "Lock state")).toHaveText(LOCK_STATE_HINT);
  // An address without an account reads exactly the same (no account enumeration).
  const unknown = uniqueAddress("nobody");
  await form.email.fill(unknown);
  await expect(page.locator(".debug-panel dt").filter({ hasText: "Lock state" })).toHaveText(
    `Lock state for ${unknown}`,
  );
  await expect(debugValue(page, "Lock state")).toHaveText(LOCK_STATE_HINT);

  const text = (await panel.innerText()).toLowerCase().replace(unknown.toLowerCase(), "");
  for (const secret of ["$argon2", "hash", "token", "secret", "password", "session="])
    expect(text).not.toContain(secret);
  expect(text).not.toMatch(/[a-z0-9_-]{32,}/); // nothing that looks like a key or a token

  const status = await page.request.get(`/login/status?email=${encodeURIComponent(email)}`);
  expect(status.status()).toBe(200);
  const answer = await status.json();
  expect(Object.keys(answer).sort()).toEqual(["authConfigured", "database", "lock", "signedIn"]);
  expect(answer.lock).toBe(LOCK_STATE_HINT);

  await hide.click();
  await expect(page.getByRole("button", { name: "Show debug info" })).toHaveAttribute("aria-expanded", "false");
  await expect(panel).toBeHidden();
});

test("an empty or malformed sign-in form is answered at its fields, before anything is sent", async ({ page }) => {
  const form = await openLogin(page);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const fieldErrors = page.locator("form.auth-form .field-error");
  await form.button.click();
  await expect(fieldErrors).toHaveText([SIGN_IN.required, SIGN_IN.required]);
  await expect(form.email).toHaveAttribute("aria-invalid", "true");
  await expect(form.email).toBeFocused();

  await form.email.fill("not an address");
  await form.password.fill("some password 1");
  await expect(fieldErrors).toHaveText([SIGN_IN.invalid]);
  await form.button.click();
  await expect(fieldErrors).toHaveText([SIGN_IN.invalid]);
  await expect(form.message).toHaveCount(0);
  expect(posts, "nothing was posted: no attempt was counted").toEqual([]);
});

test("a wrong password and an unknown e-mail get the same answer, and no session", async ({ page, context }) => {
  const { email } = staffCredentials("staff");
  await openLogin(page);
  let form = await submitLogin(page, email, "not-the-right-password-1");
  await expect(form.message).toHaveText(SIGN_IN.invalid);
  await expect(page.getByRole("alert").filter({ hasText: SIGN_IN.invalid })).toBeVisible();
  await expect(form.button).toBeEnabled();
  await expect(form.email).toBeEnabled();

  await openLogin(page);
  form = await submitLogin(page, uniqueAddress("no-such-staff"), "whatever-password-123");
  await expect(form.message).toHaveText(SIGN_IN.invalid);
  await expect(form.button).toBeEnabled();
  await expect(page).toHaveURL(/\/login$/);
  expect(await sessionCookieOf(context)).toBeUndefined();
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);
});

test("while signing in the button says Signing in..., then success and the dashboard a second later", async ({
  page,
  context,
}) => {
  const { email, password } = staffCredentials("staff");
  await page.clock.install();
  await openLogin(page);
  const isSignInPost = (request: Request) =>
    request.method() === "POST" && new URL(request.url()).pathname.startsWith("/login");
  // The sign-in is held until its busy state has been seen, however long that takes.
  let answer = () => {};
  const seen = new Promise<void>((resolve) => (answer = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/login"),
    async (route) => {
      if (isSignInPost(route.request())) await seen;
      await route.continue();
    },
  );
  await page.clock.pauseAt(Date.now() + 1_000); // page timers wait for runFor() from here
  const answered = page.waitForResponse((response) => isSignInPost(response.request()));
  const form = await submitLogin(page, email, password);
  await expect(form.button).toHaveText("Signing in...");
  await expect(form.button).toBeDisabled();
  answer();
  expect((await answered).status()).toBe(200);
  expect(await sessionCookieOf(context)).toBeDefined();
  await expectDashboardAfterOneSecond(page, "/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Velkommen tilbake, Staff Tester");
});

test("after signing in the dashboard is loaded once, without a second full page load", async ({ page }) => {
  const { email, password } = staffCredentials("staff");
  // What could reload the page later: a page timer (the page clock can run them all at
  // once) or a <meta http-equiv=refresh> (a browser timer: so none may ever be inserted).
  await page.clock.install();
  await page.addInitScript(() => {
    const w = window as unknown as { refreshes: string[] };
    w.refreshes = [];
    new MutationObserver((records) => {
      for (const node of records.flatMap((record) => [...record.addedNodes]))
        if (node instanceof Element)
          for (const meta of [node, ...node.querySelectorAll("meta")])
            if (meta.matches("meta[http-equiv=refresh i]")) w.refreshes.push(meta.outerHTML);
    }).observe(document, { childList: true, subtree: true });
  });
  await openLogin(page);
  const documentLoads: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document" && request.frame() === page.mainFrame())
      documentLoads.push(request.url());
  });
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/admin$/, { timeout: 5_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Velkommen tilbake, Staff Tester");
  await page.clock.runFor(2_000); // anything scheduled for "a second later" has run now
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await page.evaluate(() => (window as unknown as { refreshes: string[] }).refreshes)).toEqual([]);
  await expect(page).toHaveURL(/\/admin$/);
  expect(documentLoads, "the sign-in page hands over to the dashboard without reloading").toEqual([]);
});

test("visiting /login when already signed in goes straight to the dashboard", async ({ page, context }) => {
  await signInWithRequest(context.request, "staff");
  await page.goto("/login");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Velkommen tilbake, Staff Tester");
  const status = await page.request.get("/login/status");
  expect((await status.json()).signedIn).toBe(true);
});

test.describe("account lockout", () => {
  test.describe.configure({ mode: "serial" });
  test.afterEach(async ({ request }) => resetServerClock(request));

  test("5 wrong passwords lock the account for 15 minutes; the lock counts down and then lifts", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { email, password } = staffCredentials("lockout");
    // The whole sequence depends on the server's time, so nobody may move it meanwhile.
    await withServerClock(request, async () => {
      await openLogin(page);
      for (let attempt = 1; attempt <= 4; attempt++) {
        const form = await submitLogin(page, email, `wrong-password-${attempt}`);
        await expect(form.message).toHaveText(SIGN_IN.invalid);
      }
      let form = await submitLogin(page, email, "wrong-password-5");
      await expect(form.message).toHaveText(SIGN_IN.locked(15));
      await expect(page.getByRole("alert")).toHaveText(SIGN_IN.locked(15));
      await expect(form.email).toBeDisabled();
      await expect(form.password).toBeDisabled();
      await expect(form.button).toBeDisabled();

      // The debug panel does not tell anyone, for this or any address (issue 12).
      await openLogin(page);
      await loginForm(page).email.fill(email);
      await page.getByRole("button", { name: "Show debug info" }).click();
      await expect(debugValue(page, "Lock state")).toHaveText(LOCK_STATE_HINT);
      const status = await page.request.get(`/login/status?email=${encodeURIComponent(email)}`);
      expect((await status.json()).lock).toBe(LOCK_STATE_HINT);

      // While locked, even the right password is refused.
      form = await submitLogin(page, email, password);
      await expect(form.message).toHaveText(SIGN_IN.locked(15));
      await expect(form.button).toBeDisabled();
      await expect(page).toHaveURL(/\/login$/);

      // Five minutes later the lock has ten minutes left.
      await setServerClock(request, 5 * MINUTE);
      await openLogin(page);
      form = await submitLogin(page, email, password);
      await expect(form.message).toHaveText(SIGN_IN.locked(10));
      await expect(page).toHaveURL(/\/login$/);

      // Fifteen minutes after the last wrong password, the right one works again.
      await setServerClock(request, 15 * MINUTE + 5_000);
      await openLogin(page);
      await submitLogin(page, email, password);
      await expect(page).toHaveURL(/\/admin$/, { timeout: 5_000 });
    });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Velkommen tilbake, Lockout Tester");
  });
  test("the lock lasts 15 minutes from the last wrong password, also when the five were spread out", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { email, password } = staffCredentials("lockout");
    // Starts 20 minutes ahead: after the sign-in that ended the test above.
    const start = 20 * MINUTE;
    await withServerClock(request, async () => {
      await setServerClock(request, start);
      await openLogin(page);
      for (let attempt = 1; attempt <= 4; attempt++) {
        await expect((await submitLogin(page, email, `spread-wrong-${attempt}`)).message).toHaveText(SIGN_IN.invalid);
      }
      await setServerClock(request, start + 10 * MINUTE);
      await expect((await submitLogin(page, email, "spread-wrong-5")).message).toHaveText(SIGN_IN.locked(15));

      // 5.5 minutes after the fifth: the first four are older than 15 minutes, the lock is not.
      await setServerClock(request, start + 15 * MINUTE + 30_000);
      await openLogin(page);
      await expect((await submitLogin(page, email, password)).message).toHaveText(SIGN_IN.locked(10));
      await expect(page).toHaveURL(/\/login$/);

      await setServerClock(request, start + 25 * MINUTE + 30_000);
      await openLogin(page);
      await submitLogin(page, email, password);
      await expect(page).toHaveURL(/\/admin$/, { timeout: 5_000 });
    });
  });
});
