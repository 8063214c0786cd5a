import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { test as staffTest } from "./support/fixtures";

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

// One test per page and width, so each has its own ceiling on a busy machine.
for (const width of [1280, 375]) {
  for (const path of pages) {
    test(`no axe violations on ${path} at ${width}px`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width, height: 800 } });
      try {
        const page = await context.newPage();
        await page.goto(path);
        if (width === 375) await page.getByRole("button", { name: "Menu" }).click();
        expect(await violations(page, path)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
}

const staffPages = [
  "/admin",
  "/admin/settings",
  "/admin/settings/two-step/enrol",
  "/admin/settings/two-step/disable",
  "/admin/settings/recovery-codes",
  "/admin/settings/passkeys",
  "/admin/settings/password",
  "/admin/settings/sessions",
  "/admin/settings/studio",
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
];

for (const path of staffPages) {
  staffTest(`staff page ${path} has no axe violations`, async ({ signedIn: page }) => {
    await page.goto(path);
    expect(await violations(page, path)).toEqual([]);
  });
}
