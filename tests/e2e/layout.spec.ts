import { expect, type Locator, type Page, test } from "@playwright/test";
import { gdprCategories } from "../../app/content/gdpr";
import { publicPages, STAFF_PAGES } from "../support/pages";
import { signInWithForm } from "./support/sign-in";
import { wakeWizard } from "./support/wizard";

/**
 * What an art director saw broken in screenshots (issue 16), as geometry: boxes that must not
 * overlap, edges that must line up, things that must not move. Measured after the fonts load;
 * no test waits for a fixed time.
 */

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator}`);
  return found;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => document.fonts.ready);
}

/** The box of an element's first line of text itself, not of its padding (nor of hidden helper text). */
function textBox(locator: Locator) {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { left, right, top, bottom } = range.getClientRects()[0]!;
    return { left, right, top, bottom };
  });
}

for (const width of [375, 390, 414]) {
  test(`home at ${width}px: the pause button stays clear of the hero's links`, async ({ page }) => {
    await page.setViewportSize({ width, height: 812 });
    await open(page, "/");
    const hero = page.locator(".home-hero");
    const pause = hero.getByRole("button", { name: /^(Pause|Play) video$/ });
    await expect(pause).toBeVisible(); // shown by the enhancement module
    const pauseBox = await box(pause);
    for (const name of ["Get in touch", "See our work"]) {
      const link = await box(hero.getByRole("link", { name, exact: true }));
      expect(overlaps(pauseBox, link), `pause button over "${name}"`).toBe(false);
    }
    // Nothing of the hero leaves the screen sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test.describe("the logo", () => {
  test("is outlined Fraunces in an SVG: no live text, no font it depends on", async ({ request }) => {
    for (const file of ["/logo.svg", "/logo-wordmark.svg", "/logo-on-dark.svg"]) {
      const svg = await (await request.get(file)).text();
      expect(svg, file).not.toMatch(/<text|font-family|textLength/);
      expect(svg, file).toMatch(/<path[^>]+d="M/);
    }
  });

  for (const { width, height, file } of [
    { width: 375, height: 28, file: "logo-wordmark.svg" },
    { width: 414, height: 28, file: "logo.svg" },
    { width: 1440, height: 32, file: "logo.svg" },
  ]) {
    test(`is ${height}px tall at ${width}px and fits the bar beside its actions`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await open(page, "/about");
      const bar = page.getByTestId(width > 768 ? "desktop-bar" : "mobile-bar");
      const logo = bar.getByTestId("logo");
      await expect
        .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect(await logo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(`/${file}`);
      const logoBox = await box(logo);
      expect(Math.round(logoBox.height)).toBe(height);
      for (const action of await bar.locator(".button, .menu-toggle").all()) {
        expect(overlaps(logoBox, await box(action))).toBe(false);
      }
    });
  }

  test("on a phone, a failed image shows the studio's name instead", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.route("**/logo*.svg", (route) => route.abort());
    await page.goto("/");
    const logo = page.getByTestId("mobile-bar").getByTestId("logo");
    await expect(logo).toHaveAttribute("alt", "Fjord & Form");
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 0))
      .toBe(true);
    await expect(logo).toBeVisible();
  });
});

for (const width of [375, 1440]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 900 } });

    test("accordion titles stay put on hover, numbers share one column, panels start under the titles", async ({
      page,
    }) => {
      for (const path of ["/", "/design", "/careers"]) {
        await open(page, path);
        const accordion = page.locator(".accordion").first();
        const titles = accordion.locator(".accordion-title");
        const count = await titles.count();
        const numbers = accordion.locator(".accordion-number");
        const numberWidths = new Set<number>();
        for (const number of await numbers.all()) numberWidths.add(Math.round((await box(number)).width));
        expect(numberWidths.size, `${path}: number widths ${[...numberWidths]}`).toBeLessThanOrEqual(1);

        const startX = await Promise.all((await titles.all()).map(async (title) => (await box(title)).x));
        expect(new Set(startX.map(Math.round)).size, `${path}: titles start at one x`).toBe(1);
        for (let index = 0; index < count; index++) {
          await accordion.locator(".accordion-trigger").nth(index).hover();
          const panel = accordion.getByTestId("accordion-panel").nth(index);
          await expect(panel).toBeVisible();
          for (let other = 0; other < count; other++) {
            expect(
              Math.abs((await box(titles.nth(other))).x - startX[other]!),
              `${path}: title ${other} moved`,
            ).toBeLessThan(0.5);
          }
          const text = await textBox(panel.locator("p").first());
          expect(Math.abs(text.left - startX[index]!), `${path}: panel ${index} starts under its title`).toBeLessThan(
            1.5,
          );
        }
      }
    });

    test("footer: the divider spans the text column, the copyright sits on the links' line", async ({ page }) => {
      await open(page, "/about");
      const footer = page.locator("footer.site-footer");
      const bottom = footer.locator(".footer-bottom");
      const divider = await box(bottom);
      // The text column: the content box of the grid above (its container without the padding).
      const column = await footer.locator(".footer-grid").evaluate((element) => {
        const { left, right } = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return { left: left + parseFloat(style.paddingLeft), right: right - parseFloat(style.paddingRight) };
      });
      expect(Math.abs(divider.x - column.left)).toBeLessThan(0.5);
      expect(Math.abs(divider.x + divider.width - column.right)).toBeLessThan(0.5);

      const copyright = await textBox(bottom.locator("p"));
      const links = await bottom.locator(".footer-links a").all();
      const bottoms = await Promise.all(links.map(async (link) => (await textBox(link)).bottom));
      // Same size of type: on one line, their text shares its bottom (and so its baseline).
      // A phone puts the links on a row of their own, level with each other.
      for (const linkBottom of bottoms) expect(Math.abs(linkBottom - bottoms[0]!)).toBeLessThan(1);
      if (width > 700) expect(Math.abs(bottoms[0]! - copyright.bottom)).toBeLessThan(1);
    });

    test("legal contents: numbers inside the margin, on the first line of a wrapped entry", async ({ page }) => {
      await open(page, "/terms");
      const margin = (await box(page.locator(".legal-header h1"))).x;
      let wrapped = 0;
      for (const entry of await page.locator(".legal-toc li").all()) {
        const number = await textBox(entry.locator(".legal-toc-number"));
        const link = await entry.getByRole("link").evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          const rects = [...range.getClientRects()];
          return { top: rects[0]!.top, lines: new Set(rects.map((rect) => Math.round(rect.top))).size };
        });
        expect(number.left, "number inside the margin").toBeGreaterThanOrEqual(margin - 0.5);
        expect(Math.abs(number.top - link.top), "number on the entry's first line").toBeLessThan(2);
        if (link.lines > 1) wrapped++;
      }
      if (width > 900) expect(wrapped, "the narrow desktop column wraps some entries").toBeGreaterThan(0);
    });

    test("/contact: the wizard fills the screen exactly and its step indicator does not move", async ({ page }) => {
      await page.goto("/contact");
      await wakeWizard(page);
      await page.evaluate(() => document.fonts.ready);
      const height = () => page.evaluate(() => document.documentElement.scrollHeight);
      const indicator = page.getByText(/^Step \d of 3$/);
      expect(await height()).toBe(page.viewportSize()!.height);
      const top = (await box(indicator)).y;

      await page.getByLabel("What is your company name?").fill("Nordlys Fisk");
      await page.getByRole("button", { name: "Next" }).click();
      await expect(indicator).toHaveText("Step 2 of 3");
      expect((await box(indicator)).y).toBe(top);
      const project = page.getByLabel("Tell us about your project.");
      // A long description: every line stays in view, none scrolls away inside the field.
      await project.fill(Array.from({ length: 8 }, (_, i) => `Line ${i + 1} of what we need built.`).join("\n"));
      expect(await project.evaluate((field) => field.scrollHeight - field.clientHeight)).toBeLessThanOrEqual(1);
      await page.getByRole("button", { name: "Next" }).click();
      await expect(indicator).toHaveText("Step 3 of 3");
      expect((await box(indicator)).y).toBe(top);
      expect(await height()).toBe(page.viewportSize()!.height);
    });
  });
}

test.describe("the current page in the bar", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("one cue for the active link (a line, no pill), and Get in touch marked on /contact", async ({ page }) => {
    await open(page, "/blog");
    const bar = page.getByTestId("desktop-bar");
    const blog = bar.getByRole("link", { name: "Blog", exact: true });
    await expect(blog).toHaveAttribute("aria-current", "page");
    const cue = (link: Locator) =>
      link.evaluate((element) => ({
        background: getComputedStyle(element).backgroundColor,
        shadow: getComputedStyle(element).boxShadow,
        line: getComputedStyle(element, "::after").transform,
      }));
    const active = await cue(blog);
    expect(active.background).toBe("rgba(0, 0, 0, 0)");
    expect(active.shadow).toBe("none");
    expect(active.line).toBe("matrix(1, 0, 0, 1, 0, 0)");
    const inactive = await cue(bar.getByRole("link", { name: "Work", exact: true }));
    expect(inactive.line).toBe("matrix(0, 0, 0, 1, 0, 0)");

    const cta = () => bar.getByRole("link", { name: "Get in touch", exact: true });
    const elsewhere = await cta().evaluate((element) => getComputedStyle(element).backgroundColor);
    await page.goto("/contact");
    await expect(cta()).toHaveAttribute("aria-current", "page");
    const here = await cta().evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(here).not.toBe(elsewhere);
  });
});

test("/gdpr-checklist at 375px: the e-mail step's buttons stay inside the card", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/gdpr-checklist");
  await wakeWizard(page);
  const questions = gdprCategories.flatMap((category) => category.questions);
  for (const [index] of questions.entries()) {
    await expect(page.getByText(new RegExp(`^Step ${index + 1} of 24`))).toBeVisible();
    await page.getByRole("group", { name: "Your answer" }).getByRole("button", { name: "Yes", exact: true }).click();
  }
  await expect(page.getByText(/^Step 24 of 24/)).toBeVisible();
  const card = await box(page.locator(".gdpr-card"));
  for (const name of ["Previous", "Send my analysis"]) {
    const button = await box(page.getByRole("button", { name, exact: true }));
    expect(button.x, name).toBeGreaterThanOrEqual(card.x);
    expect(button.x + button.width, name).toBeLessThanOrEqual(card.x + card.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

/**
 * Every page, public and staff, at a phone's and a desktop's width: the document is never
 * wider than the screen, and no two visible controls (links, buttons, fields, summaries)
 * cover each other. The pages are the screenshot script's (tests/support/pages.ts).
 */
async function layoutProblems(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) {
      problems.push(`document ${document.documentElement.scrollWidth}px wide in a ${width}px window`);
    }
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.trim().split(/\s+/).join(".")}` : ""} "${(element.textContent ?? (element as HTMLInputElement).name ?? "").trim().slice(0, 30)}"`;
    const controls = [
      ...document.querySelectorAll(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1'])",
      ),
    ]
      .filter((element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true }))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      // Visually hidden helpers (a 1 px skip link, a screen-reader-only field) take no room.
      .filter(({ box }) => box.width > 1 && box.height > 1);
    for (const [index, a] of controls.entries()) {
      for (const b of controls.slice(index + 1)) {
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (x > 1 && y > 1) problems.push(`${name(a.element)} overlaps ${name(b.element)}`);
      }
    }
    return problems;
  });
}

for (const width of [375, 1440]) {
  test.describe(`every page at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 900 } });

    test("public pages: no sideways scrolling, no overlapping controls", async ({ page, baseURL }) => {
      test.setTimeout(240_000); // a ceiling for some thirty pages on a busy machine
      const problems: string[] = [];
      for (const path of await publicPages(baseURL!)) {
        for (const problem of await layoutProblems(page, path)) problems.push(`${path}: ${problem}`);
      }
      expect(problems).toEqual([]);
    });

    test("staff pages: no sideways scrolling, no overlapping controls", async ({ page }) => {
      test.setTimeout(240_000);
      // The account with the longest address: whatever shows it must still fit a phone.
      await signInWithForm(page, "longaddress");
      const problems: string[] = [];
      for (const path of STAFF_PAGES) {
        for (const problem of await layoutProblems(page, path)) problems.push(`${path}: ${problem}`);
      }
      expect(problems).toEqual([]);
    });
  });
}
