import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { signInWithForm } from "./support/sign-in";

// Every page that exists, with the site frame (header, open menu on phones, footer), at both widths.
const pages = [
  "/",
  "/work",
  "/about",
  "/design",
  "/development",
  "/custom-ai",
  "/ai-automations",
  "/production",
  "/blog",
  "/careers",
  "/careers/accountant",
  "/contact",
  "/gdpr-checklist",
  "/login",
  "/terms",
  "/privacy",
  "/no-such-page",
];

/** WCAG 2.2 AA violations on the current page, one line each, named by path. */
async function violations(page: Page, path: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`);
}

for (const width of [1280, 375]) {
  test(`no axe violations at ${width}px`, async ({ browser }) => {
    test.setTimeout(150_000); // 16 pages, each analysed in full
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(path);
      if (width === 375) await page.getByRole("button", { name: "Menu" }).click();
      expect(await violations(page, path)).toEqual([]);
    }
    await context.close();
  });
}

test("staff pages have no axe violations", async ({ browser }) => {
  // Thirteen pages, each checked by axe: a ceiling for a busy machine, not a timing.
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInWithForm(page, "staff");
  for (const path of [
    "/admin",
    "/admin/settings",
    "/admin/settings/two-step/enrol",
    "/admin/settings/two-step/disable",
    "/admin/settings/recovery-codes",
    "/admin/settings/password",
    "/admin/settings/sessions",
    "/admin/subscribers",
    "/admin/security",
    "/admin/mail",
    "/admin/media",
    "/admin/newsletter",
    "/admin/newsletter/new",
    "/blog/manage",
    "/blog/cms",
    "/job-cms",
    "/careers/cms/new",
  ]) {
    await page.goto(path);
    expect(await violations(page, path)).toEqual([]);
  }
  await context.close();
});
