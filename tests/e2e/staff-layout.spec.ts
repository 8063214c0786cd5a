import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// Every staff page sits in one staff layout: the staff header with one navigation, a way
// back to the public site, no marketing header or newsletter footer, and nothing that
// makes a phone scroll sideways.
const STAFF_PAGES: { path: string; current: string }[] = [
  { path: "/admin", current: "Oversikt" },
  { path: "/admin/inbox", current: "Innboks" },
  { path: "/admin/applications", current: "Søknader" },
  { path: "/admin/applications/templates", current: "Søknader" },
  { path: "/admin/applications/templates/rejection-nb", current: "Søknader" },
  { path: "/admin/settings", current: "Innstillinger" },
  { path: "/admin/subscribers", current: "Abonnenter" },
  { path: "/admin/media", current: "Media" },
  { path: "/admin/mail", current: "E-post" },
  { path: "/admin/security", current: "Sikkerhet" },
  { path: "/admin/newsletter", current: "Nyhetsbrev" },
  { path: "/admin/newsletter/new", current: "Nyhetsbrev" },
  { path: "/blog/manage", current: "Blogg" },
  { path: "/blog/cms", current: "Blogg" },
  { path: "/blog/new", current: "Blogg" },
  { path: "/blog-cms", current: "Blogg" },
  { path: "/admin/posts/new", current: "Blogg" },
  { path: "/job-cms", current: "Stillinger" },
  { path: "/careers/cms/new", current: "Stillinger" },
  { path: "/admin/work", current: "Arbeid" },
  { path: "/admin/work/new", current: "Arbeid" },
  { path: "/admin/pages", current: "Sider" },
  { path: "/admin/pages/design", current: "Sider" },
  { path: "/admin/pages/design/history", current: "Sider" },
];

async function expectStaffLayout(page: Page, current: string) {
  await expect(page.locator("header.site-header"), "no marketing header").toHaveCount(0);
  await expect(page.locator("footer.site-footer"), "no newsletter footer").toHaveCount(0);
  const nav = page.getByRole("navigation", { name: "Stab" });
  await expect(nav).toHaveCount(1);
  await expect(nav.locator('[aria-current="page"]'), "exactly one current item").toHaveText([current]);
  await expect(page.getByRole("link", { name: "Blog", exact: true }), "the public Blog tab is not shown").toHaveCount(0);
  await expect(page.getByRole("link", { name: "Til nettstedet" })).toHaveAttribute("href", "/");
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByRole("main")).toHaveCount(1);
}

test.describe("the staff layout", () => {
  for (const { path, current } of STAFF_PAGES) {
    test(`${path}: staff header and navigation, no marketing header or footer`, async ({ signedIn: page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
      await expectStaffLayout(page, current);
    });
  }

  test("a listing's edit page belongs to Stillinger", async ({ signedIn: page }) => {
    await page.goto("/job-cms");
    await page.getByRole("link", { name: "Open Application", exact: true }).click();
    await expect(page).toHaveURL(/\/job-cms\/[0-9a-f-]+$/);
    await expectStaffLayout(page, "Stillinger");
  });

  test("moving through the staff navigation keeps the layout and marks the new page", async ({ signedIn: page }) => {
    await page.goto("/admin");
    const nav = page.getByRole("navigation", { name: "Stab" });
    await nav.getByRole("link", { name: "Blogg" }).click();
    await expect(page).toHaveURL(/\/blog\/manage$/);
    await expectStaffLayout(page, "Blogg");
    await nav.getByRole("link", { name: "Innstillinger" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expectStaffLayout(page, "Innstillinger");
  });

  test("the sidebar groups the pages under Innhold, Kontakt and Admin, beside the page", async ({ signedIn: page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/admin/inbox");
    const nav = page.getByRole("navigation", { name: "Stab" });
    await expect(nav.getByRole("button", { name: "Meny" })).toBeHidden();
    for (const [group, items] of [
      ["Innhold", ["Blogg", "Sider", "Arbeid", "Stillinger", "Media", "Omdirigeringer"]],
      ["Kontakt", ["Innboks", "Søknader", "Abonnenter", "Nyhetsbrev", "E-post"]],
      ["Admin", ["Team", "Sikkerhet", "Sikkerhetskopier", "Innstillinger"]],
    ] as const) {
      await expect(nav.getByRole("list", { name: group }).getByRole("link")).toHaveText([...items]);
    }
    // A column at the left of the page, not a row above it.
    const navBox = (await nav.boundingBox())!;
    const mainBox = (await page.getByRole("main").boundingBox())!;
    expect(navBox.x + navBox.width).toBeLessThanOrEqual(mainBox.x + 1);
  });

  test("signed out, /blog/manage says Ikke autorisert inside the staff frame, without the staff navigation", async ({
    page,
  }) => {
    await page.goto("/blog/manage");
    await expect(page.getByRole("heading", { name: "Ikke autorisert" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Stab" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Til nettstedet" })).toBeVisible();
  });
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the navigation is a drawer: Meny opens it, Escape closes it, a link in it goes there and closes it", async ({
    signedIn: page,
  }) => {
    await page.goto("/admin");
    const nav = page.getByRole("navigation", { name: "Stab" });
    const toggle = nav.getByRole("button", { name: "Meny" });
    const blog = nav.getByRole("link", { name: "Blogg" });
    await expect(blog).toBeHidden();
    await toggle.click();
    await expect(blog).toBeVisible();
    await expect(nav.getByRole("link", { name: "Oversikt" }), "focus on the current page's item").toBeFocused();
    await page.keyboard.press("Escape");
    await expect(blog).toBeHidden();
    await expect(toggle, "focus back on the button").toBeFocused();
    await toggle.click();
    await blog.click();
    await expect(page).toHaveURL(/\/blog\/manage$/);
    await expect(nav.getByRole("link", { name: "Innstillinger" })).toBeHidden();
    await expectStaffLayout(page, "Blogg");
  });

  test("no staff page scrolls sideways; tables become cards", async ({ signedIn: page }) => {
    for (const { path } of STAFF_PAGES) {
      await page.goto(path);
      await expect(page.getByRole("navigation", { name: "Stab" })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(375);
    }
    await page.goto("/job-cms");
    const firstRow = page.locator(".admin-table tbody tr").first();
    await expect(firstRow).toHaveCSS("display", "block"); // a card, not a table row
    // Each cell says what it is (shown before its content), the actions too.
    await expect(firstRow.getByRole("cell").last()).toHaveAttribute("data-label", "Handlinger");
    await expect(page.getByRole("columnheader", { name: "Handlinger" })).toHaveCount(1); // still there for screen readers
  });
});

test.describe("on a 375 px phone without JavaScript", () => {
  test.use({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });

  test("the drawer still opens and its links work", async ({ signedIn: page }) => {
    await page.goto("/admin/settings");
    const nav = page.getByRole("navigation", { name: "Stab" });
    await nav.getByRole("button", { name: "Meny" }).click();
    await nav.getByRole("link", { name: "Innboks" }).click();
    await expect(page).toHaveURL(/\/admin\/inbox$/);
  });

  test("a row's actions menu opens without JavaScript (a native <details>)", async ({ signedIn: page }) => {
    await page.goto("/job-cms");
    const row = page.locator(".admin-table tbody tr").first();
    const edit = row.getByRole("link", { name: /^Rediger / });
    await expect(edit).toBeHidden();
    await row.locator("details.row-menu summary").click();
    await expect(edit).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, "the open menu stays on the screen").toBeLessThanOrEqual(375);
  });
});
