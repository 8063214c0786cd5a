import { expect, test } from "@playwright/test";

const navTargets = [
  { label: "Work", path: "/work" },
  { label: "About", path: "/about" },
  { label: "Blog", path: "/blog" },
  { label: "Careers", path: "/careers" },
  { label: "Get in touch", path: "/contact" },
];

test.describe("desktop navigation", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("follows every link of the bar, marks the active one, and hides the footer only on /contact", async ({ page }) => {
    await page.goto("/");
    const bar = page.getByTestId("desktop-bar");
    await expect(bar).toBeVisible();
    await expect(page.getByTestId("mobile-bar")).toBeHidden();

    for (const target of navTargets) {
      await bar.getByRole("link", { name: target.label, exact: true }).click();
      await expect(page).toHaveURL(target.path);
      await expect(bar.getByRole("link", { name: target.label, exact: true })).toHaveAttribute("aria-current", "page");
      const others = navTargets.filter((other) => other !== target);
      for (const other of others) {
        await expect(bar.getByRole("link", { name: other.label, exact: true })).not.toHaveAttribute("aria-current", "page");
      }
      await expect(page.locator("footer.site-footer")).toHaveCount(target.path === "/contact" ? 0 : 1);
    }

    await bar.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Made for you.");
  });

  test("scrolls to the top on every route change", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto("/");
    await page.locator("footer").scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.locator("footer").getByRole("link", { name: "Privacy" }).click();
    await expect(page).toHaveURL("/privacy");
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("shows the studio name as text when the logo image fails", async ({ page }) => {
    await page.route("**/logo.svg", (route) => route.abort());
    await page.goto("/");
    // The browser shows a failed image's alt text in its place, in the wordmark's font.
    const logo = page.getByTestId("desktop-bar").getByTestId("logo");
    await expect(logo).toHaveAttribute("alt", "Fjord & Form");
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0)).toBe(true);
    await expect(logo).toBeVisible();
    expect(await logo.evaluate((img) => getComputedStyle(img).fontFamily)).toMatch(/Fraunces/);
  });
});

test.describe("phone navigation at 375px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens the menu, follows each link, and closes the menu on choosing", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByTestId("desktop-bar")).toBeHidden();
    const mobileBar = page.getByTestId("mobile-bar");
    await expect(mobileBar).toBeVisible();
    await expect(mobileBar.getByRole("link", { name: "Get in touch" })).toBeVisible();
    const toggle = mobileBar.getByRole("button", { name: "Menu" });
    const menu = page.getByTestId("mobile-menu");

    for (const target of navTargets) {
      await expect(menu).toBeHidden();
      await mobileBar.getByRole("button", { name: "Menu" }).click();
      await expect(menu).toBeVisible();
      await expect(mobileBar.getByRole("button", { name: "Close" })).toHaveAttribute("aria-expanded", "true");
      await menu.getByRole("link", { name: target.label, exact: true }).click();
      await expect(page).toHaveURL(target.path);
      await expect(menu).toBeHidden();
      await expect(toggle).toHaveText("Menu", { useInnerText: true }); // "Close" is there, hidden
      await expect(menu.locator('a[aria-current="page"]')).toHaveText(target.label);
    }
  });

  test("closes the menu with Close and with Escape", async ({ page }) => {
    await page.goto("/about");
    const mobileBar = page.getByTestId("mobile-bar");
    const menu = page.getByTestId("mobile-menu");
    await mobileBar.getByRole("button", { name: "Menu" }).click();
    await mobileBar.getByRole("button", { name: "Close" }).click();
    await expect(menu).toBeHidden();
    await mobileBar.getByRole("button", { name: "Menu" }).click();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });
});

test("an unknown path is a real 404 page", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page doesn’t exist.");
  await expect(page.getByTestId("desktop-bar")).toBeVisible();
});
