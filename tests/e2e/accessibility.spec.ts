import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { staffCredentials } from "./support/staff-accounts";

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

for (const width of [1280, 375]) {
  test(`no axe violations at ${width}px`, async ({ browser }) => {
    test.setTimeout(150_000); // 16 pages, each analysed in full
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(path);
      if (width === 375) await page.getByRole("button", { name: "Menu" }).click();
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
      expect(results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
    }
    await context.close();
  });
}

test("staff pages have no axe violations", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const { email, password } = staffCredentials("staff");
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/admin");
  for (const path of ["/admin", "/admin/settings", "/admin/subscribers", "/admin/media", "/blog/manage", "/blog/cms", "/job-cms", "/careers/cms/new"]) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(results.violations.map((v) => `${path}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
  }
  await context.close();
});
