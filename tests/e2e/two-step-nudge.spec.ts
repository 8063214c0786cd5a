import { type APIRequestContext, type Page } from "@playwright/test";
import { freshColleague } from "./support/colleagues";
import { expect, test } from "./support/fixtures";
import { totpCode } from "./support/totp";

/**
 * The dashboard nudges an account without two-step verification to turn it on. "Ikke nå"
 * is a plain form post (it works without JavaScript) remembered for the account; an
 * account with two-step verification never sees the notice. Fresh colleagues only: the
 * shared accounts' notice state must not depend on which test ran first.
 */
const NUDGE = "Totrinnsbekreftelse er ikke slått på for kontoen din";

const nudge = (page: Page) => page.getByRole("region", { name: NUDGE });

/** Turns on two-step verification for the session of `request`, through the JSON API. */
async function turnOnTwoStep(request: APIRequestContext, password: string) {
  expect((await request.post("/api/auth/reauthenticate", { data: { password } })).status()).toBe(200);
  const factor = await request.post("/api/auth/factors", { data: { factor_type: "totp" } });
  expect(factor.status()).toBe(201);
  const { id, totp } = await factor.json();
  const challenge = await request.post(`/api/auth/factors/${id}/challenge`, { data: {} });
  expect(challenge.status()).toBe(201);
  const verify = await request.post(`/api/auth/factors/${id}/verify`, {
    data: { code: await totpCode(totp.secret), challenge_id: (await challenge.json()).id },
  });
  expect(verify.status(), "two-step verification is on").toBe(200);
}

test("without two-step verification the dashboard nudges, and “Ikke nå” works without JavaScript and stays", async ({
  signedIn: staffPage,
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    await freshColleague(staffPage.request, context, "nudged");
    const page = await context.newPage();
    await page.goto("/admin");
    await expect(nudge(page)).toBeVisible();
    await expect(nudge(page).getByRole("link", { name: "Slå på nå" })).toHaveAttribute(
      "href",
      "/admin/settings/two-step/enrol",
    );

    await nudge(page).getByRole("button", { name: "Ikke nå" }).click();
    // Post/redirect/get: the outcome is said on the dashboard, and a reload sends nothing again.
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("status").filter({ hasText: "Vi minner deg på det igjen om 30 dager." })).toBeVisible();
    await expect(nudge(page)).toHaveCount(0);
    await page.reload();
    await expect(nudge(page)).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Vi minner deg på det igjen om 30 dager." })).toHaveCount(0);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Velkommen tilbake, /);
    await expect(nudge(page)).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("an account with two-step verification is never nudged", async ({ signedIn: staffPage, browser }) => {
  const context = await browser.newContext();
  try {
    const colleague = await freshColleague(staffPage.request, context, "secured");
    const page = await context.newPage();
    await page.goto("/admin");
    await expect(nudge(page)).toBeVisible(); // the same account before: the notice is there to disappear

    await turnOnTwoStep(context.request, colleague.password);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Velkommen tilbake, ${colleague.name}`);
    await expect(nudge(page)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
