import type { Page } from "@playwright/test";
import { freshColleague } from "./support/colleagues";
import { expect, test } from "./support/fixtures";
import { findMails, linkIn, uniqueAddress, waitForMail } from "./support/mailbox";
import { MINUTE, resetServerClock, setServerClock, withServerClock } from "./support/server-clock";
import { waitForHydration } from "./support/sign-in";

/**
 * "Forgot password?" from /login: the same answer for any address, a link that works
 * once and for 30 minutes (the server clock is moved past it), and a new password that
 * ends every other session of the account. Listed in CLOCK_MOVING_SPECS.
 */
const ANSWER = "If an account exists for that address, we have sent a link to set a new password.";
const RESET_SIGNED_OUT = "Your password was reset, so you were signed out. Sign in with the new password.";

test.afterEach(async ({ request }) => {
  await resetServerClock(request);
});

async function askForLink(page: Page, email: string) {
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
  await waitForHydration(page);
  const card = page.locator(".auth-card");
  await card.getByLabel("Email").fill(email);
  await card.getByRole("button", { name: "Send link" }).click();
  await expect(card.getByRole("status")).toContainText(ANSWER);
}

/** Waits for a reset e-mail to `to` whose link is not one of `seen`. */
async function newResetLink(to: string, seen: string[] = []) {
  await waitForMail({ to, kind: "password-reset" });
  await expect
    .poll(async () => (await findMails({ to, kind: "password-reset" })).map((mail) => linkIn(mail, "/login/reset-password")).filter((link) => !seen.includes(link)).length)
    .toBeGreaterThan(0);
  const links = (await findMails({ to, kind: "password-reset" })).map((mail) => linkIn(mail, "/login/reset-password"));
  return links.find((link) => !seen.includes(link))!;
}

test("a reset link works once, ends the other sessions, and expires after 30 minutes", async ({
  signedIn: staffPage,
  browser,
  request,
}) => {
  test.setTimeout(180_000); // a ceiling for a busy machine: three contexts, four e-mails
  const theirs = await browser.newContext();
  const visitor = await browser.newContext();
  try {
    const colleague = await freshColleague(staffPage.request, theirs, "forgetful");
    const openPage = await theirs.newPage();
    await openPage.goto("/admin");
    await expect(openPage.getByRole("heading", { level: 1 })).toHaveText(`Velkommen tilbake, ${colleague.name}`);

    const page = await visitor.newPage();
    // An address without an account gets the very same answer, and no e-mail.
    const nobody = uniqueAddress("nobody");
    await askForLink(page, nobody);
    await askForLink(page, colleague.email);
    const link = await newResetLink(colleague.email);
    expect(await findMails({ to: nobody })).toEqual([]);

    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set a new password");
    await waitForHydration(page);
    const newPassword = `${colleague.password}-new`;
    await page.getByLabel("New password", { exact: true }).fill("too short");
    await page.getByLabel("New password again").fill("too short");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.locator(".auth-card").getByRole("alert")).toHaveText("Password must be at least 12 characters");
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("New password again").fill(newPassword);
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Password changed");

    // The colleague's other session is over: its next request goes to /login, which says why.
    await openPage.goto("/admin/inbox");
    await expect(openPage).toHaveURL(/\/login\?ended=password-reset$/);
    const notice = await waitForMail({ to: colleague.email, kind: "account-security" });
    expect(notice.subject).toContain("Passordet ditt er satt på nytt");

    // Once only.
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link not valid");
    await expect(page.locator(".auth-card").getByRole("alert")).toContainText("already been used");

    // The new password signs in.
    const signIn = await visitor.request.post("/login", {
      form: { email: colleague.email, password: newPassword },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(200);

    // A fresh link, 31 minutes later (the server's clock), no longer works.
    await visitor.clearCookies();
    await askForLink(page, colleague.email);
    const second = await newResetLink(colleague.email, [link]);
    await withServerClock(request, async () => {
      await setServerClock(request, 31 * MINUTE);
      await page.goto(second);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link not valid");
      await expect(page.locator(".auth-card").getByRole("alert")).toContainText("expired");
    });
  } finally {
    await theirs.close();
    await visitor.close();
  }
});

test("a browser signed out by a password reset lands on /login and is told why", async ({
  signedIn: staffPage,
  browser,
}) => {
  test.setTimeout(120_000); // a ceiling for a busy machine: two contexts, two e-mails
  const resetting = await browser.newContext();
  const other = await browser.newContext();
  try {
    // One throw-away account, signed in in two browsers.
    const colleague = await freshColleague(staffPage.request, resetting, "twobrowsers");
    const signIn = await other.request.post("/login", {
      form: { email: colleague.email, password: colleague.password },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBe(200);
    const otherPage = await other.newPage();
    await otherPage.goto("/admin");
    await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText(`Velkommen tilbake, ${colleague.name}`);

    // The first browser asks for a link (signed in, /login itself would go to /admin) and sets a new password.
    const page = await resetting.newPage();
    await page.goto("/login/forgot-password");
    await waitForHydration(page);
    await page.locator(".auth-card").getByLabel("Email").fill(colleague.email);
    await page.locator(".auth-card").getByRole("button", { name: "Send link" }).click();
    await expect(page.locator(".auth-card").getByRole("status")).toContainText(ANSWER);
    await page.goto(await newResetLink(colleague.email));
    await waitForHydration(page);
    const newPassword = `${colleague.password}-new`;
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("New password again").fill(newPassword);
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Password changed");

    // The API still just answers 401.
    expect((await other.request.post("/api/session/extend")).status()).toBe(401);
    // The other browser's next staff page says why it must sign in again.
    await otherPage.goto("/admin");
    await expect(otherPage).toHaveURL(/\/login\?ended=password-reset$/);
    await expect(otherPage.locator(".auth-card").getByRole("status")).toHaveText(RESET_SIGNED_OUT);
    // The dead cookie is gone: from now on it is a browser without a session.
    expect((await other.cookies()).find((cookie) => cookie.name === "session")).toBeUndefined();
    await otherPage.goto("/admin");
    await expect(otherPage).toHaveURL(/\/$/);
  } finally {
    await resetting.close();
    await other.close();
  }
});
