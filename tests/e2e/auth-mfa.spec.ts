import fs from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { resetServerClock, withServerClock } from "./support/server-clock";
import {
  expectDashboardAfterOneSecond,
  expectRedirectedHome,
  landing,
  SIGN_IN,
  sessionCookieOf,
  signInWithForm,
  signInWithRequest,
  waitForHydration,
} from "./support/sign-in";
import { staffCredentials } from "./support/staff-accounts";
import { timeStep, totpCode, waitForStepAfter, wrongCode } from "./support/totp";

// One story for the "mfa" account, in order: turn two-step verification on, sign in with
// recovery codes and with the app, turn it off. TOTP codes depend on the server's time,
// so every code is entered while holding the server clock (nobody moves it meanwhile).
// In order, one test after the other; what the first one learns is kept in a file, so a
// later test still runs (in a new worker) after an earlier one failed.
test.describe.configure({ mode: "default" });
test.use({ viewport: { width: 1280, height: 800 } });
test.afterEach(async ({ request }) => resetServerClock(request));

const SETUP_ERROR = "Koden stemte ikke. Sjekk klokken på telefonen og prøv neste kode.";
type Story = { secret: string; recoveryCodes: string[]; enrolmentCode: string; enrolmentStep: number };
const storyFile = () => path.join(process.env.E2E_DATA_DIR!, "mfa-story.json");
const story = (): Story => JSON.parse(fs.readFileSync(storyFile(), "utf8"));

const mfaSection = (page: Page) =>
  page.locator("section", { has: page.getByRole("heading", { name: "Totrinnsbekreftelse" }) });

/**
 * Starts setup on /admin/settings and returns the key shown next to the QR code. The
 * session was not re-authenticated within 5 minutes, so the password is asked first.
 */
async function startSetup(page: Page) {
  await page.goto("/admin/settings");
  await waitForHydration(page);
  const section = mfaSection(page);
  await expect(section).toContainText("Av.");
  await section.getByLabel("Nåværende passord").fill(staffCredentials("mfa").password);
  await section.getByRole("button", { name: "Sett opp totrinnsbekreftelse" }).click();
  const qr = section.getByRole("img", { name: /^QR-kode for å sette opp totrinnsbekreftelse/ });
  await expect(qr).toBeVisible();
  expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;base64,/);
  const key = (await section.getByTestId("totp-secret").innerText()).trim();
  expect(key).toMatch(/^[A-Z2-7]{16,}$/);
  return key;
}

/** Enters a code on /login/mfa and returns the server's answer to it. */
async function enterCode(page: Page, code: string) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login/mfa"),
  );
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  return answered;
}

async function expectCodeRefused(page: Page, code: string) {
  const response = await enterCode(page, code);
  expect(response.status()).toBe(401);
  await expect(page.getByRole("alert")).toHaveText(SIGN_IN.badCode);
  await expect(page).toHaveURL(/\/login\/mfa$/);
}

async function expectCodeAccepted(page: Page, code: string) {
  const response = await enterCode(page, code);
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain(SIGN_IN.success);
  await expect(page).toHaveURL(/\/admin$/, { timeout: 5_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Velkommen tilbake, Mfa Tester");
}

test("turning on two-step verification: QR code, key, a code from the app, 10 recovery codes", async ({
  page,
  context,
  request,
}) => {
  await signInWithRequest(context.request, "mfa");
  const secret = await startSetup(page);
  const section = mfaSection(page);
  let enrolmentCode = "";
  let enrolmentStep = 0;
  await withServerClock(request, async () => {
    enrolmentCode = await totpCode(secret);
    enrolmentStep = timeStep();
    await section.getByLabel("Kode fra appen").fill(enrolmentCode);
    await section.getByRole("button", { name: "Slå på" }).click();
    await expect(section.getByTestId("recovery-codes")).toBeVisible();
  });
  await expect(section.getByRole("status")).toContainText("Totrinnsbekreftelse er på.");
  const recoveryCodes = (await section.getByTestId("recovery-codes").locator("li").allInnerTexts()).map((c) =>
    c.trim(),
  );
  fs.writeFileSync(
    storyFile(),
    JSON.stringify({ secret, recoveryCodes, enrolmentCode, enrolmentStep } satisfies Story),
  );
  expect(recoveryCodes).toHaveLength(10);
  expect(new Set(recoveryCodes).size).toBe(10);
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

  await page.reload();
  await expect(section).toContainText("På, med en autentiseringsapp. 10 reservekoder igjen.");
  await expect(section.getByTestId("recovery-codes")).toHaveCount(0); // shown once only
  await expect(section.getByTestId("totp-secret")).toHaveCount(0);
});

test("the password alone is not enough: staff pages wait for the second step, a wrong code is refused", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const { secret, recoveryCodes } = story();
  await signInWithForm(page, "mfa", { secondFactor: true });
  await expect(page.getByText("Lost your phone? A recovery code works here too.")).toBeVisible();
  for (const path of ["/admin", "/admin/settings", "/admin/subscribers", "/login"]) {
    await page.goto(path);
    await expect(page, `${path} before the second step`).toHaveURL(/\/login\/mfa$/);
  }
  await expect(page.getByRole("alert").filter({ hasText: "Økten din utløper" })).toHaveCount(0);
  const api = await context.request.post("/api/session/extend");
  expect(api.status(), "staff API before the second step").toBe(401);

  await waitForHydration(page);
  await expectCodeRefused(page, await wrongCode(secret));
  const beforeSecondStep = (await sessionCookieOf(context))!.value;
  await expectCodeAccepted(page, recoveryCodes[0]!);
  expect((await context.request.post("/api/session/extend")).status()).toBe(200);

  // The second step gave the session a new token: the one from before it is worthless now.
  const afterSecondStep = (await sessionCookieOf(context))!.value;
  expect(afterSecondStep).not.toBe(beforeSecondStep);
  const copy = await browser.newContext();
  try {
    await copy.addCookies([{ name: "session", value: beforeSecondStep, url: baseURL! }]);
    await expectRedirectedHome(copy.request, "/admin");
    expect((await landing(copy.request, "/login/mfa")).location, "nor does it wait for a code any more").toBe("/login");
  } finally {
    await copy.close();
  }
});

test("a recovery code works once, not twice", async ({ page }) => {
  const { recoveryCodes } = story();
  await signInWithForm(page, "mfa", { secondFactor: true });
  await expectCodeRefused(page, recoveryCodes[0]!);
  await expectCodeAccepted(page, recoveryCodes[1]!.toUpperCase()); // case and dash do not matter
  await page.goto("/admin/settings");
  await expect(mfaSection(page)).toContainText("8 reservekoder igjen.");
});

test("a code from the app signs in, but the code used before does not work again", async ({ page, request }) => {
  test.setTimeout(75_000);
  const { secret, enrolmentCode, enrolmentStep } = story();
  await signInWithForm(page, "mfa", { secondFactor: true });
  await withServerClock(request, () => expectCodeRefused(page, enrolmentCode));
  await waitForStepAfter(enrolmentStep); // one code per 30-second step
  await withServerClock(request, async () => expectCodeAccepted(page, await totpCode(secret)));
});

test("after the right code the success message stays for a second before the dashboard", async ({ page }) => {
  const { recoveryCodes } = story();
  await page.clock.install();
  await signInWithForm(page, "mfa", { secondFactor: true });
  await page.clock.pauseAt(Date.now() + 1_000); // page timers wait for runFor() from here
  const response = await enterCode(page, recoveryCodes[4]!);
  expect(response.status()).toBe(200);
  await expectDashboardAfterOneSecond(page, "/login/mfa");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Velkommen tilbake, Mfa Tester");
});

test("turning it off needs the password and a current code; then the password is enough again", async ({
  page,
  context,
  request,
}) => {
  const { secret, recoveryCodes } = story();
  await signInWithForm(page, "mfa", { secondFactor: true });
  await expectCodeAccepted(page, recoveryCodes[2]!);
  // The 5-minute re-authentication window is measured on the server's clock, which the
  // lockout and session tests move: hold the clock still while relying on it.
  await withServerClock(request, async () => {
    await page.goto("/admin/settings");
    await waitForHydration(page);
    const section = mfaSection(page);
    await section.getByLabel("Nåværende passord").fill(staffCredentials("mfa").password);
    await section.getByLabel("Gjeldende kode").fill(await wrongCode(secret));
    await section.getByRole("button", { name: "Slå av" }).click();
    await expect(section.getByRole("alert")).toHaveText(
      "Skriv inn en gjeldende kode fra appen for å slå av totrinnsbekreftelse.",
    );
    // The password was right: for the next 5 minutes it is not asked again.
    await expect(section.getByLabel("Nåværende passord")).toHaveCount(0);
    await section.getByLabel("Gjeldende kode").fill(recoveryCodes[3]!);
    await section.getByRole("button", { name: "Slå av" }).click();
    await expect(section.getByRole("status")).toHaveText("Totrinnsbekreftelse er av.");
  });

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await context.cookies()).some((c) => c.name === "session")).toBe(false);
  await signInWithForm(page, "mfa");
});

test("a wrong code during setup says so and keeps the key on screen for another try", async ({
  page,
  context,
  request,
}) => {
  await signInWithRequest(context.request, "mfa");
  const key = await startSetup(page);
  const section = mfaSection(page);
  await section.getByLabel("Kode fra appen").fill(await wrongCode(key));
  await section.getByRole("button", { name: "Slå på" }).click();
  await expect(section.getByRole("alert")).toHaveText(SETUP_ERROR);
  await expect(section.getByTestId("totp-secret")).toHaveText(key);
  await expect(section.getByLabel("Kode fra appen")).toBeVisible();
  await withServerClock(request, async () => {
    await section.getByLabel("Kode fra appen").fill(await totpCode(key));
    await section.getByRole("button", { name: "Slå på" }).click();
    await expect(section.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  });
});
