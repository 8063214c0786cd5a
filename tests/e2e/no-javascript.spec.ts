import { expect, type Locator, type Page, test } from "@playwright/test";
import { CONTENT_PAGES, publishPost } from "./support/content-pages";

// Issue 13: every public page works with JavaScript turned off. Content pages need none
// (the budgets spec checks they ship no framework); here a browser without JavaScript
// uses them: the menu, the accordions and team cards, the work links and the videos.
// The footer sign-up without JavaScript is in newsletter.spec.ts.
test.use({ javaScriptEnabled: false });

/** The expanded state the browser itself gives assistive technology (no aria-expanded needed). */
async function expandedState(page: Page, name: string) {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  await cdp.detach();
  const button = nodes.find((node) => node.role?.value === "button" && node.name?.value === name);
  return button?.properties?.find((property) => property.name === "expanded")?.value.value as boolean | undefined;
}

test.describe("every public page at 375px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const path of [...CONTENT_PAGES, "/no-such-page", "a blog post"]) {
    test(`${path} reads, and its menu opens and closes`, async ({ page, playwright, baseURL }) => {
      const target = path === "a blog post" ? await publishPost(playwright, baseURL!, `No-JS post ${Date.now()}`) : path;
      const response = await page.goto(target);
      expect(response?.status()).toBe(path === "/no-such-page" ? 404 : 200);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("footer form.newsletter-form")).toHaveAttribute("action", "/newsletter/subscribe");

      const bar = page.getByTestId("mobile-bar");
      const menu = page.getByTestId("mobile-menu");
      await expect(menu).toBeHidden();
      await bar.getByRole("button", { name: "Menu" }).click();
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("link", { name: "Careers" })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(bar.getByRole("button", { name: "Menu" })).toBeVisible();
    });
  }

  test("the menu: Menu/Close with the expanded state, Escape, a tap outside, and a link", async ({ page }) => {
    await page.goto("/about");
    const bar = page.getByTestId("mobile-bar");
    const menu = page.getByTestId("mobile-menu");
    expect(await expandedState(page, "Menu")).toBe(false);

    await bar.getByRole("button", { name: "Menu" }).click();
    await expect(menu).toBeVisible();
    const close = bar.getByRole("button", { name: "Close" });
    await expect(close).toHaveText("Close", { useInnerText: true });
    expect(await expandedState(page, "Close")).toBe(true);
    await expect(menu.locator('a[aria-current="page"]')).toHaveText("About");
    await close.click();
    await expect(menu).toBeHidden();
    expect(await expandedState(page, "Menu")).toBe(false);

    // Keyboard: the menu's links follow the button in the tab order.
    await bar.getByRole("button", { name: "Menu" }).focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Work" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await bar.getByRole("button", { name: "Menu" }).click();
    await page.mouse.click(200, 700); // outside the menu
    await expect(menu).toBeHidden();

    await bar.getByRole("button", { name: "Menu" }).click();
    await menu.getByRole("link", { name: "Careers" }).click();
    await expect(page).toHaveURL("/careers");
    await expect(page.getByTestId("mobile-menu")).toBeHidden();
    await expect(page.getByTestId("mobile-menu").locator('a[aria-current="page"]')).toHaveText("Careers");
  });
});

/** One description at a time: checks which panels of an accordion are visible. */
async function expectOnlyVisible(panels: Locator, index: number) {
  const count = await panels.count();
  for (let i = 0; i < count; i++) {
    if (i === index) await expect(panels.nth(i)).toBeVisible();
    else await expect(panels.nth(i)).toBeHidden();
  }
}

test.describe("accordions and team cards", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const path of ["/", "/design", "/careers"]) {
    test(`${path}: the first description shows; hover, keyboard focus and a tap show another`, async ({ page }) => {
      await page.goto(path);
      const accordion = page.locator("[data-one-open]");
      const triggers = accordion.locator("summary");
      const panels = accordion.getByTestId("accordion-panel");
      await expectOnlyVisible(panels, 0);

      // One move of the pointer, as a person makes it. Without force, Playwright re-checks the
      // point after the move: the open panel above has closed and the summary has moved up,
      // so it moves the pointer again and again, each move changing what is hovered.
      await triggers.nth(1).hover({ force: true });
      await expectOnlyVisible(panels, 1);
      await page.mouse.move(0, 0);
      await expectOnlyVisible(panels, 0); // nothing hovered or focused: the open one

      // Tab from the first item to the third (through the links of the panels on the way).
      await triggers.nth(0).focus();
      for (let tabs = 0; tabs < 6 && !(await triggers.nth(2).evaluate((el) => el === document.activeElement)); tabs++) {
        await page.keyboard.press("Tab");
        if (await triggers.nth(1).evaluate((el) => el === document.activeElement)) await expectOnlyVisible(panels, 1);
      }
      await expect(triggers.nth(2)).toBeFocused();
      await expectOnlyVisible(panels, 2);

      // A tap (or Enter) opens it for good, and the browser tells assistive technology.
      await triggers.nth(2).click();
      await expect(accordion.locator("details").nth(2)).toHaveAttribute("open", "");
      await expect(accordion.locator("details[open]")).toHaveCount(1);
      await page.locator("h1").click(); // focus leaves the list
      await page.mouse.move(0, 0);
      await expectOnlyVisible(panels, 2);
    });
  }

  test("/careers: the link in a focused position's panel is reachable by keyboard", async ({ page }) => {
    await page.goto("/careers");
    const triggers = page.locator("[data-one-open] summary");
    // Tab walks each position and its link in turn; focus is never dropped on the way.
    await triggers.nth(0).focus();
    const walked = [];
    for (let i = 0; i < 6; i++) {
      walked.push(await page.evaluate(() => document.activeElement?.tagName));
      await page.keyboard.press("Tab");
    }
    expect(walked).toEqual(["SUMMARY", "A", "SUMMARY", "A", "SUMMARY", "A"]);

    await triggers.nth(2).focus();
    await page.keyboard.press("Tab");
    const link = page.getByRole("link", { name: /View full listing\s?: Accountant/ });
    await expect(link).toBeFocused();
    await expect(link).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/careers/accountant");
  });

  test("/about: one team card active at a time, by hover and by keyboard focus", async ({ page }) => {
    await page.goto("/about");
    const cards = page.getByTestId("team-card");
    const descriptions = cards.locator(".team-card-description");
    await expectOnlyVisible(descriptions, 0);
    await cards.nth(2).hover();
    await expectOnlyVisible(descriptions, 2);
    await cards.nth(3).locator("summary").focus();
    await page.keyboard.press("Tab");
    await expect(cards.nth(4).locator("summary")).toBeFocused();
    await expectOnlyVisible(descriptions, 4);
  });
});

test.describe("the home page's work and the videos", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the three work videos are links to /work (a click and Enter)", async ({ page }) => {
    await page.goto("/");
    const cards = page.getByTestId("work-card");
    await expect(cards).toHaveText(["Dashboard", "App", "Website"]);
    for (let i = 0; i < 3; i++) await expect(cards.nth(i)).toHaveAttribute("href", "/work");
    await cards.nth(0).click();
    await expect(page).toHaveURL("/work");
    await page.goto("/");
    await cards.nth(1).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/work");
  });

  test("/work: the videos sit where they sat without JavaScript once the pause button appears", async ({
    page,
    browser,
  }) => {
    await page.goto("/work");
    const withoutScript = await page.getByTestId("showcase-grid").boundingBox();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, javaScriptEnabled: true });
    const enhanced = await context.newPage();
    await enhanced.goto("/work");
    await expect(enhanced.getByRole("button", { name: /^(Play|Pause) videos$/ })).toBeVisible();
    expect(await enhanced.getByTestId("showcase-grid").boundingBox()).toEqual(withoutScript);
    await context.close();
  });

  for (const path of ["/", "/work", "/work/dashboard"]) {
    test(`${path}: every video shows its poster, none moves or downloads, so no pause button is needed`, async ({
      page,
    }) => {
      const videoRequests: string[] = [];
      page.on("request", (request) => {
        if (/\.(webm|mp4)$/.test(new URL(request.url()).pathname)) videoRequests.push(request.url());
      });
      await page.goto(path);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)); // (scrolling works without script)
      const videos = page.locator("video");
      expect(await videos.count()).toBeGreaterThan(0);
      for (const video of await videos.all()) {
        // Its poster is the image under it in the same frame (video-loop.tsx), loaded once near.
        const poster = video.locator("xpath=..").locator("img.video-poster");
        await expect(poster).toHaveAttribute("src", /\.webp$/);
        await poster.scrollIntoViewIfNeeded();
        await expect
          .poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      }
      await expect(page.getByRole("button", { name: /^(Play|Pause) videos?$/ })).toHaveCount(0);
      expect(videoRequests).toEqual([]);
    });
  }
});
