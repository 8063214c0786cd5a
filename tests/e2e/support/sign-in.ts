import { type APIRequestContext, type BrowserContext, expect, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";
import { type StaffAccount, staffCredentials } from "./staff-accounts";

export { waitForHydration };

/** The exact texts staff see while signing in. */
export const SIGN_IN = {
  required: "Please enter your email and password.",
  invalid: "Invalid email or password. Please check your credentials and try again.",
  locked: (minutes: number) =>
    `Account temporarily locked due to too many failed attempts. Please try again in ${minutes} minutes.`,
  success: "Login successful! Redirecting...",
  badCode: "That code did not work. Enter the current code from your app, or a recovery code.",
} as const;

/** Opens /login and returns its controls. */
export async function openLogin(page: Page) {
  await page.goto("/login");
  await expect(page).toHaveURL(/\/login$/);
  await waitForHydration(page);
  return loginForm(page);
}

export function loginForm(page: Page) {
  return {
    email: page.getByLabel("Email", { exact: true }),
    password: page.getByLabel("Password", { exact: true }),
    button: page.locator("form.auth-form button[type=submit]"),
    message: page.locator(".auth-card .auth-message"),
  };
}

/** Types the credentials and presses Login; returns the form for further checks. */
export async function submitLogin(page: Page, email: string, password: string) {
  const form = loginForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.button.click();
  return form;
}

/**
 * Signs in through the real form, like a person. Without a second factor it waits
 * for the dashboard; with one it stops at /login/mfa. (It does not insist on seeing
 * "Login successful! Redirecting...": the sign-in spec checks that message itself.)
 */
export async function signInWithForm(page: Page, account: StaffAccount, options: { secondFactor?: boolean } = {}) {
  const { email, password } = staffCredentials(account);
  await openLogin(page);
  await submitLogin(page, email, password);
  if (options.secondFactor) {
    await expect(page).toHaveURL(/\/login\/mfa$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enter your code");
    await waitForHydration(page);
    return;
  }
  await expect(page).toHaveURL(/\/admin$/, { timeout: 10_000 });
  await settleAfterSignIn(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Velkommen tilbake, /);
}

/**
 * After "Login successful!" the page may still reload itself once (a meta refresh the
 * success message renders); waits for that so later steps act on the final page.
 */
export async function settleAfterSignIn(page: Page) {
  await page
    .waitForRequest((request) => request.isNavigationRequest() && request.frame() === page.mainFrame(), {
      timeout: 2_000,
    })
    .then(() => page.waitForLoadState("load"))
    .catch(() => undefined);
  await waitForHydration(page);
}

/**
 * Signs in with a plain form POST (what the page does without JavaScript), sharing
 * the cookie with the browser context the request belongs to. Fast: no page needed.
 */
export async function signInWithRequest(request: APIRequestContext, account: StaffAccount) {
  const { email, password } = staffCredentials(account);
  const response = await request.post("/login", { form: { email, password }, maxRedirects: 0 });
  expect(response.status(), "sign-in answers 200").toBe(200);
  expect(await response.text()).toContain(SIGN_IN.success);
  return response;
}

/** The session cookie of a browser context (undefined when there is none). */
export async function sessionCookieOf(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "session");
}

/** Where a page request ends without following redirects: the status and Location. */
export async function landing(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  return { status: response.status(), location: response.headers()["location"] ?? null };
}

/** Signed-out staff pages send visitors to the home page. */
export async function expectRedirectedHome(request: APIRequestContext, path = "/admin") {
  expect(await landing(request, path), `${path} without a valid session`).toEqual({ status: 302, location: "/" });
}

/**
 * "Login successful! Redirecting..." must stay for about a second before the dashboard
 * opens. Call right after the server accepted the sign-in, with the page's clock
 * installed and paused: in real time nothing may happen, one second of page time later
 * the dashboard opens.
 */
export async function expectDashboardAfterOneSecond(page: Page, from: "/login" | "/login/mfa") {
  await page.waitForTimeout(1_000); // real time; the page's own clock stands still
  expect(new URL(page.url()).pathname, "the success message stays until its second has passed").toBe(from);
  await expect(page.getByRole("status").filter({ hasText: SIGN_IN.success })).toBeVisible();
  await page.clock.runFor(1_100);
  await expect(page).toHaveURL(/\/admin$/);
}
