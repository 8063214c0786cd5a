import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { signInWithRequest } from "./support/sign-in";
import { STAFF_ACCOUNTS } from "./support/staff-accounts";

/**
 * Staff roles (decision 059): an owner gives a colleague a role on the Team page, confirmed,
 * and it counts at the colleague's next page; an author (Skribent) sees only the navigation
 * their role opens, no "Publiser" in the editor, and a plain "Ingen tilgang" on the inbox.
 */
const SHOTS = "/work/shots/roles";

async function navLabels(page: Page) {
  return page.getByRole("navigation", { name: "Stab" }).getByRole("link").allInnerTexts();
}

async function shoot(page: Page, name: string) {
  if (!process.env.ROLES_SHOTS) return;
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test.describe("an author (Skribent)", () => {
  test.use({ staffAccount: "author" });

  test("sees a navigation with only what the role opens, an editor without Publiser, and no inbox", async ({
    signedIn: page,
  }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Velkommen tilbake, /);
    expect(await navLabels(page)).toEqual(["Oversikt", "Blogg", "Sider", "Innstillinger"]);
    await expect(page.getByTestId("unread-leads")).toHaveCount(0);
    await shoot(page, "author-dashboard");

    await page.goto("/blog/cms");
    await expect(page.getByRole("button", { name: "Lagre som utkast" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Publiser/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Planlegg" })).toHaveCount(0);

    const inbox = await page.goto("/admin/inbox");
    expect(inbox?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ingen tilgang.");
    await expect(page.getByRole("link", { name: "Til oversikten" })).toBeVisible();
    await shoot(page, "author-forbidden");
  });
});

test.describe("an editor (Redaktør)", () => {
  test.use({ staffAccount: "editor" });

  test("sees content and the inbox, not Team, E-post or Sikkerhet", async ({ signedIn: page }) => {
    await page.goto("/admin");
    const labels = await navLabels(page);
    expect(labels).toEqual(expect.arrayContaining(["Innboks", "Blogg", "Sider", "Nyhetsbrev"]));
    for (const ownersOnly of ["Team", "E-post", "Sikkerhet"]) expect(labels).not.toContain(ownersOnly);
  });
});

test.describe("the Team page", () => {
  test("an owner gives a colleague a role, confirmed; it counts at the colleague's next page", async ({
    signedIn: page,
    browser,
  }) => {
    const theirs = await browser.newContext();
    try {
      await signInWithRequest(theirs.request, "promoted");
      const colleague = await theirs.newPage();
      await colleague.goto("/admin");
      expect(await navLabels(colleague)).not.toContain("Innboks");

      await page.goto("/admin/staff");
      const row = page.getByRole("row").filter({ hasText: STAFF_ACCOUNTS.promoted });
      await expect(row).toContainText("Skribent");
      await shoot(page, "team");
      await row.getByRole("link").first().click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Promoted Tester");
      await page.getByLabel("Rolle", { exact: true }).selectOption("editor");
      // Not confirmed: refused before the browser even asks, nothing changed.
      await page.getByRole("button", { name: "Endre rolle" }).click();
      await expect(page.getByText("Kryss av for å bekrefte.")).toBeVisible();
      await page.getByLabel("Jeg vil endre rollen til kontoen").check();
      page.once("dialog", (dialog) => void dialog.accept());
      await page.getByRole("button", { name: "Endre rolle" }).click();
      await expect(page.getByText("Rollen er endret til Redaktør.", { exact: false })).toBeVisible();
      await expect(page.locator("dl")).toContainText("Redaktør");
      await shoot(page, "account-role");

      await colleague.goto("/admin");
      expect(await navLabels(colleague)).toContain("Innboks");

      // Its own account page offers no role change: nobody changes their own role.
      await page.goto("/admin/staff");
      await page.getByRole("row").filter({ hasText: STAFF_ACCOUNTS.staff }).getByRole("link").first().click();
      await expect(page.getByRole("button", { name: "Endre rolle" })).toHaveCount(0);
    } finally {
      await theirs.close();
    }
  });
});
