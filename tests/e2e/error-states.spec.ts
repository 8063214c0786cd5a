import type { Page } from "@playwright/test";
import { unique, writePost } from "./support/blog";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/sign-in";
import { wakeWizard } from "./support/wizard";

// The error states work the same when the visitor moves inside the site (React Router
// fetches the data) as on a first load: the spec's texts, and a styled page. The header
// x-test-fault: database-down makes the server treat the database as down for that
// request only (TEST_HOOKS).
const CREAM = "rgb(248, 244, 227)";

async function databaseDown(page: Page) {
  await page.setExtraHTTPHeaders({ "x-test-fault": "database-down" });
}

async function expectStyled(page: Page) {
  await expect(page.locator("body"), "the page keeps its stylesheet").toHaveCSS("background-color", CREAM);
  await expect(page.locator("h1")).not.toHaveCSS("font-family", /^"?Times/);
}

test("moving to /blog while the database is down shows the blog's own error, styled", async ({ page }) => {
  await page.goto("/contact");
  await wakeWizard(page);
  await databaseDown(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("heading", { name: "Error Loading Blog Posts" })).toBeVisible();
  await expect(page.getByText("Unable to load blog posts. Please try again later.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Try Again" })).toBeVisible();
  await expectStyled(page);
});

test("moving to a post while the database is down shows the post's own error, styled", async ({ signedIn: page }) => {
  const title = unique("Error state post");
  await writePost(page, { title });
  await page.getByRole("button", { name: "Publiser" }).click();
  await expect(page).toHaveURL("/blog/manage");
  await waitForHydration(page);
  await databaseDown(page);
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/blog\/error-state-post-/);
  await expect(page.getByRole("heading", { name: "Unable to load blog post. Please try again later." })).toBeVisible();
  await expectStyled(page);
});

test("moving to /blog/manage while the database is down shows its Norwegian error with Prøv igjen", async ({
  signedIn: page,
}) => {
  await page.goto("/admin");
  await waitForHydration(page);
  await databaseDown(page);
  await page.getByRole("navigation", { name: "Stab" }).getByRole("link", { name: "Blogg" }).click();
  await expect(page).toHaveURL(/\/blog\/manage$/);
  await expect(page.getByRole("heading", { name: "Feil ved lasting av blogginnlegg" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Prøv igjen" })).toBeVisible();
  // Still in the staff frame (without the navigation: who is signed in could not be read).
  await expect(page.getByRole("link", { name: "Til nettstedet" })).toBeVisible();
  await expect(page.locator("header.site-header")).toHaveCount(0);
  await page.setExtraHTTPHeaders({});
  await page.getByRole("button", { name: "Prøv igjen" }).click();
  await expect(page.getByRole("heading", { name: "Blogginnlegg", level: 1 })).toBeVisible();
});

test("a staff page that cannot load says so in the staff frame, styled", async ({ signedIn: page }) => {
  await page.goto("/admin");
  await waitForHydration(page);
  await databaseDown(page);
  await page.getByRole("navigation", { name: "Stab" }).getByRole("link", { name: "Innstillinger" }).click();
  await expect(page.getByRole("heading", { name: "Noe gikk galt." })).toBeVisible();
  await expect(page.getByText("Databasen svarer ikke akkurat nå.", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "Til nettstedet" })).toBeVisible();
  await expectStyled(page);
});

test("the generic error page keeps its styles after an error during in-site navigation", async ({ page }) => {
  await page.goto("/contact");
  await wakeWizard(page);
  await databaseDown(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Careers" }).click();
  await expect(page.getByRole("heading", { name: "Sorry, something went wrong." })).toBeVisible();
  await expectStyled(page);
});
