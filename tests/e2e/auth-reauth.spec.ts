import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { waitForMail } from "./support/mailbox";
import { resetServerClock, withServerClock } from "./support/server-clock";
import {
  expectRedirectedHome,
  SIGN_IN,
  sessionCookieOf,
  signInWithForm,
  signInWithRequest,
  submitLogin,
  waitForHydration,
} from "./support/sign-in";
import { staffCredentials } from "./support/staff-accounts";
import { totpCode, wrongCode } from "./support/totp";

// Issue 12, findings 2-4, through the browser and the HTTP API: a stolen session alone
// cannot change how the account signs in; the owner is e-mailed about every change;
// wrong codes for turning two-step verification off are limited (the fifth signs the
// session out); wrong current passwords in settings lock the account like sign-ins do.
// One story per account ("twostep", "guess"), in order.
test.describe.configure({ mode: "default" });
test.use({ viewport: { width: 1280, height: 800 } });
test.afterEach(async ({ request }) => resetServerClock(request));

const TOO_MANY_CODES = "Too many wrong codes. Please wait a few minutes and sign in again.";
const WRONG_PASSWORD = "Passordet ditt er ikke riktig.";
const NEED_CODE = "Skriv inn en gjeldende kode fra appen for å slå av totrinnsbekreftelse.";
const storyFile = () => path.join(process.env.E2E_DATA_DIR!, "twostep-story.json");

const section = (page: Page, heading: string) =>
  page.locator("section", { has: page.getByRole("heading", { name: heading }) });

test("a session alone cannot turn two-step verification on; with the password it can, and the owner is e-mailed", async ({
  page,
  context,
  request,
}) => {
  const { email, password } = staffCredentials("twostep");
  await signInWithRequest(context.request, "twostep");

  // What a thief with the cookie would try: the API and a plain form post.
  const api = await context.request.post("/api/auth/factors", { data: { factor_type: "totp" } });
  expect(api.status()).toBe(403);
  expect(await api.json()).toEqual({ error: "Confirm your password first (POST /api/auth/reauthenticate)" });
  const form = await context.request.post("/admin/settings/two-step/enrol", { form: { intent: "start" } });
  expect(form.status()).toBe(403);
  const formPage = await form.text();
  expect(formPage).toContain("Skriv inn passordet ditt for å fortsette.");
  expect(formPage).not.toContain("totp-secret");
  const guess = await context.request.post("/api/auth/reauthenticate", { data: { password: "a guess, not it" } });
  expect(guess.status()).toBe(400);
  expect(await guess.json()).toEqual({ error: "Incorrect password" });

  await page.goto("/admin/settings");
  await waitForHydration(page);
  const mfa = section(page, "Totrinnsbekreftelse");
  // The password's 5-minute window and the TOTP step are on the server's clock, which
  // other tests move: hold it still from the password to the last code.
  const secret = await withServerClock(request, async () => {
    await mfa.getByLabel("Nåværende passord").fill("another wrong guess");
    await mfa.getByRole("button", { name: "Sett opp totrinnsbekreftelse" }).click();
    await expect(mfa.getByRole("alert")).toHaveText(WRONG_PASSWORD);
    await expect(mfa.getByTestId("totp-secret")).toHaveCount(0);
    await mfa.getByLabel("Nåværende passord").fill(password);
    await mfa.getByRole("button", { name: "Sett opp totrinnsbekreftelse" }).click();
    const key = (await mfa.getByTestId("totp-secret").innerText()).trim();
    await mfa.getByLabel("Kode fra appen").fill(await totpCode(key));
    await mfa.getByRole("button", { name: "Slå på" }).click();
    await expect(mfa.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
    return key;
  });
  const recoveryCodes = (await mfa.getByTestId("recovery-codes").locator("li").allInnerTexts()).map((c) => c.trim());
  fs.writeFileSync(storyFile(), JSON.stringify({ secret, recoveryCodes }));

  const mail = await waitForMail({ to: email, kind: "account-security" });
  expect(mail.subject).toBe("Fjord & Form: Totrinnsbekreftelse er slått på");
  expect(mail.text).toContain(`Totrinnsbekreftelse ble slått på for kontoen din (${email})`);
  expect(mail.text).not.toContain(secret);
});

test("turning it off: the fifth wrong code signs the session out, and codes stay refused", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const { secret, recoveryCodes } = JSON.parse(fs.readFileSync(storyFile(), "utf8")) as {
    secret: string;
    recoveryCodes: string[];
  };
  const { password } = staffCredentials("twostep");
  await signInWithForm(page, "twostep", { secondFactor: true });
  await page.getByLabel("Code", { exact: true }).fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin$/, { timeout: 10_000 });

  // The 15 minutes of the budget must not be moved by another test meanwhile.
  await withServerClock(request, async () => {
    await page.goto("/admin/settings");
    await waitForHydration(page);
    const mfa = section(page, "Totrinnsbekreftelse");
    await mfa.getByLabel("Nåværende passord").fill(password);
    const wrong = await wrongCode(secret);
    for (let attempt = 1; attempt <= 4; attempt++) {
      await mfa.getByLabel("Gjeldende kode").fill(wrong);
      await mfa.getByRole("button", { name: "Slå av" }).click();
      await expect(mfa.getByRole("alert"), `wrong code ${attempt}`).toHaveText(NEED_CODE);
      await expect(page).toHaveURL(/\/admin\/settings\/two-step\/disable$/);
    }
    await mfa.getByLabel("Gjeldende kode").fill(wrong);
    await mfa.getByRole("button", { name: "Slå av" }).click();
    await expect(page).toHaveURL(/\/login\?signed-out=codes$/);
    await expect(page.getByRole("alert")).toHaveText(TOO_MANY_CODES);
    expect(await sessionCookieOf(context)).toBeUndefined();
    await expectRedirectedHome(context.request, "/admin");

    // Signing in again: the password works, but even a right code is refused for now.
    await signInWithForm(page, "twostep", { secondFactor: true });
    const answered = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login/mfa"),
    );
    await page.getByLabel("Code", { exact: true }).fill(recoveryCodes[1]!);
    await page.getByRole("button", { name: "Verify" }).click();
    const response = await answered;
    expect(response.status()).toBe(429);
    await expect(page.getByRole("alert")).toHaveText(TOO_MANY_CODES);
    await expectRedirectedHome(context.request, "/admin");
  });
});

test("guessing the current password in settings locks the account like wrong sign-ins", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const { email, password } = staffCredentials("guess");
  await signInWithForm(page, "guess");
  await withServerClock(request, async () => {
    await page.goto("/admin/settings");
    await waitForHydration(page);
    const change = section(page, "Bytt passord");
    for (let attempt = 1; attempt <= 5; attempt++) {
      await change.getByLabel("Nåværende passord").fill(`guess number ${attempt}`);
      await change.getByLabel("Nytt passord", { exact: true }).fill("the thief's own new password");
      await change.getByLabel("Nytt passord igjen").fill("the thief's own new password");
      await change.getByRole("button", { name: "Bytt passord" }).click();
      if (attempt < 5) await expect(change.getByRole("alert"), `guess ${attempt}`).toHaveText(WRONG_PASSWORD);
    }
    await expect(page).toHaveURL(/\/login\?signed-out=locked$/);
    await expect(page.getByRole("alert")).toHaveText(SIGN_IN.locked(15));
    expect(await sessionCookieOf(context)).toBeUndefined();

    // The account is locked for sign-in too, the right password included.
    await waitForHydration(page);
    const form = await submitLogin(page, email, password);
    await expect(form.message).toHaveText(SIGN_IN.locked(15));
    await expect(page).toHaveURL(/\/login/);
  });
});
