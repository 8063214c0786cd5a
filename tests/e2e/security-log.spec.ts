import { expect, test } from "./support/fixtures";
import { uniqueAddress } from "./support/mailbox";
import { openLogin } from "./support/sign-in";

// The security log reads without knowing the code (issue 32): a failed sign-in is marked
// "Feilet" with a sign (not by colour alone), each event says what it means, and
// "Bare feil" leaves only the failures.
test.use({ viewport: { width: 1280, height: 900 } });

test("a failed sign-in is marked Feilet and explained; Bare feil shows only failures", async ({ signedIn: page, browser }) => {
  // A visitor in another browser gets a password wrong, for an address of their own.
  const stranger = await browser.newContext();
  const email = uniqueAddress("wrong-password");
  try {
    const visitor = await stranger.newPage();
    const form = await openLogin(visitor);
    await form.email.fill(email);
    await form.password.fill("not the password at all");
    await form.button.click();
    await expect(form.message).toContainText("Invalid email or password");
  } finally {
    await stranger.close();
  }

  await page.goto("/admin/security");
  const failed = page.locator(".security-table tbody tr").filter({ hasText: email });
  await expect(failed).toHaveCount(1);
  const event = failed.getByRole("cell").nth(2);
  await expect(event.locator(".event-outcome")).toHaveText("⚠ Feilet");
  await expect(event.locator(".event-label")).toHaveText("Mislykket innlogging");
  await expect(event).toContainText("Noen prøvde å logge inn med feil passord");

  // A successful event carries no mark (this test's own sign-in).
  const signIn = page.locator(".security-table tbody tr").filter({ has: page.locator(".event-label", { hasText: /^Logget inn$/ }) });
  await expect(signIn.first().locator(".event-outcome")).toHaveCount(0);

  // "Bare feil": a plain GET form, so it works without JavaScript too.
  await page.getByLabel("Bare feil").check();
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/[?&]failures=1/);
  await expect(page.getByLabel("Bare feil")).toBeChecked();
  const rows = page.locator(".security-table tbody tr");
  await expect(rows.filter({ hasText: email })).toHaveCount(1);
  const outcomes = await rows.evaluateAll((trs) => trs.map((tr) => tr.querySelector(".event-outcome")?.textContent ?? ""));
  expect(outcomes.length).toBeGreaterThan(0);
  expect(outcomes.every((text) => text.includes("Feilet"))).toBe(true);
});
