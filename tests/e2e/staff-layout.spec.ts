import type { Page } from "@playwright/test";
import { publicPages } from "../support/pages";
import { routeList } from "../support/route-list";
import { expect, test } from "./support/fixtures";

/** Set to a folder: the row-menu test leaves screenshots of /job-cms there, for a person to look at. */
const SHOTS = process.env.STAFF_MENU_SHOTS_DIR;

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
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/job-cms-menu-closed-375.png`, fullPage: true });
    await row.locator("details.row-menu summary").click();
    await expect(edit).toBeVisible();
    // Slett sits apart from Rediger and Skjul/Publiser, below a rule.
    await expect(row.locator(".row-menu-danger").getByRole("button")).toHaveText([/^Slett/]);
    await expect(row.locator(".row-menu-items").first().getByRole("button", { name: /^Slett/ })).toHaveCount(0);
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/job-cms-menu-open-375.png`, fullPage: true });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: `${SHOTS}/job-cms-menu-open-1440.png`, fullPage: true });
      await row.locator("details.row-menu summary").click();
      await page.screenshot({ path: `${SHOTS}/job-cms-menu-closed-1440.png`, fullPage: true });
      await page.setViewportSize({ width: 375, height: 812 });
      await row.locator("details.row-menu summary").click();
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, "the open menu stays on the screen").toBeLessThanOrEqual(375);
  });
});

/**
 * Every staff page app/routes.ts has, not a list kept by hand: the component routes under
 * routes/staff (the `.ts` ones answer files and JSON). A page with a parameter is opened at
 * the first link to it found on the pages before; the ones the test data always has are
 * required, so the walk cannot quietly shrink.
 */
const STAFF_PATTERNS = [
  ...new Set(
    routeList()
      .filter(
        ({ file }) => file.startsWith("routes/staff/") && file.endsWith(".tsx") && file !== "routes/staff/layout.tsx",
      )
      .map(({ pattern }) => pattern),
  ),
];
// Files and JSON (`.ts` routes): a link to an export is not a page to open.
const RESOURCES = routeList()
  .filter(({ file }) => file.startsWith("routes/staff/") && file.endsWith(".ts"))
  .map(({ pattern }) => pattern);
const ALWAYS_THERE = [
  "/job-cms/:id",
  "/admin/staff/:id",
  "/admin/work/:id",
  "/admin/pages/:page",
  "/admin/applications/templates/:key",
];
const patternRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/:[a-z]+/gi, "[^/?#]+")}$`);

test.describe("every staff page in app/routes.ts", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("has the staff sidebar as a drawer at 375 px, says lang=nb and does not scroll sideways", async ({
    signedIn: page,
  }) => {
    test.setTimeout(300_000); // a ceiling for some sixty pages on a busy machine
    const problems: string[] = [];
    const seen = new Set<string>();
    const check = async (path: string) => {
      await page.goto(path);
      const nav = page.getByRole("navigation", { name: "Stab" });
      if ((await nav.count()) !== 1) problems.push(`${path}: no staff sidebar`);
      else if (!(await nav.getByRole("button", { name: "Meny" }).isVisible()))
        problems.push(`${path}: no drawer button`);
      const lang = await page.locator("html").getAttribute("lang");
      if (lang !== "nb") problems.push(`${path}: lang=${lang}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 375) problems.push(`${path}: ${width} px wide`);
      for (const href of await page
        .locator("main a[href^='/']")
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")!))) {
        seen.add(href.split(/[?#]/)[0]!);
      }
    };
    const withParameter = STAFF_PATTERNS.filter((pattern) => pattern.includes(":"));
    for (const pattern of STAFF_PATTERNS.filter((each) => !each.includes(":"))) await check(pattern);
    const opened: string[] = [];
    // Links found on a page with a parameter can lead to another (an issue to its send page).
    for (let round = 0; round < 3; round++) {
      for (const pattern of withParameter.filter((each) => !opened.includes(each))) {
        const path = [...seen].find(
          (href) => patternRegExp(pattern).test(href) && !RESOURCES.some((resource) => patternRegExp(resource).test(href)),
        );
        if (!path) continue;
        opened.push(pattern);
        await check(path);
      }
    }
    expect(problems).toEqual([]);
    expect(opened).toEqual(expect.arrayContaining(ALWAYS_THERE));
    test.info().annotations.push({
      type: "not opened (no such record in the test data)",
      description: withParameter.filter((pattern) => !opened.includes(pattern)).join(", ") || "none",
    });
  });
});

test.describe("the document's language", () => {
  test("staff pages say lang=nb, also after moving through the app; the public site says en again", async ({
    signedIn: page,
    baseURL,
  }) => {
    await page.goto("/admin/inbox");
    await expect(page.locator("html")).toHaveAttribute("lang", "nb");
    await expect(page.getByRole("link", { name: "Hopp til innholdet" })).toHaveCount(1);
    // Through the staff area's own navigation too, not only on a fresh load.
    await page.getByRole("navigation", { name: "Stab" }).getByRole("link", { name: "Innstillinger" }).click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "nb");
    await page.getByRole("link", { name: "Til nettstedet" }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("every public page, the sign-in pages among them, says lang=en", async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const wrong: string[] = [];
    for (const path of await publicPages(baseURL!)) {
      await page.goto(path);
      const lang = await page.locator("html").getAttribute("lang");
      if (lang !== "en") wrong.push(`${path}: lang=${lang}`);
    }
    expect(wrong).toEqual([]);
    await page.goto("/login");
    await expect(page.getByRole("link", { name: "Skip to content" })).toHaveCount(1);
  });
});
