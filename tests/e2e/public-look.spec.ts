import { expect, type Page, test } from "@playwright/test";
import { services } from "../../app/content/services";
import { publicPages } from "../support/pages";

/**
 * What issue #32's design review found on the public pages, as checks on the rendered page:
 * a focus ring that can be seen on every background, headings that get smaller going down,
 * and service pages that end with a way to get in touch. Colours and sizes are read from
 * the browser, not from the stylesheet.
 */

/**
 * Every focusable, visible element of the page, focused in turn: the colour of its focus
 * indicator (its outline, an ancestor's outline drawn for it, or its box shadow) against the
 * colour it is drawn on, as a WCAG contrast ratio. Returns the ones under 3:1.
 */
function lowContrastFocus(page: Page) {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (value: string): Rgba | null => {
      const rgb = value.match(/rgba?\(([\d.]+),?\s*([\d.]+),?\s*([\d.]+)(?:\s*[,/]\s*([\d.]+))?\)/);
      if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), rgb[4] === undefined ? 1 : Number(rgb[4])];
      const srgb = value.match(/color\(srgb ([\d.e-]+) ([\d.e-]+) ([\d.e-]+)(?: \/ ([\d.]+))?\)/);
      if (srgb) return [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, srgb[4] === undefined ? 1 : Number(srgb[4])];
      return null;
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3];
      return [top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1];
    };
    // The colour painted behind a point: background colours from `start` up, blended.
    const backgroundOf = (start: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let node = start; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour && colour[3] > 0) {
          layers.push(colour);
          if (colour[3] >= 1) break;
        }
      }
      return layers.reduceRight<Rgba>((below, top) => over(top, below), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: Rgba) => {
      const [R, G, B] = [r, g, b].map((c) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    const contrast = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.className && typeof element.className === "string" ? `.${element.className.trim().split(/\s+/).join(".")}` : ""} "${(element.textContent ?? element.getAttribute("aria-label") ?? "").trim().slice(0, 30)}"`;

    const focusable = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select, textarea, summary, [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }));
    const problems: string[] = [];
    for (const element of focusable) {
      element.focus();
      if (document.activeElement !== element || !element.matches(":focus-visible")) continue;
      let ring: { color: Rgba; behind: Element | null } | null = null;
      for (let node: Element | null = element, depth = 0; node && depth < 4 && !ring; node = node.parentElement, depth++) {
        const style = getComputedStyle(node);
        const color = parse(style.outlineColor);
        if (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 && color && color[3] > 0) {
          // An outline drawn outside the box sits on what is around it; one drawn inside, on the box.
          ring = { color, behind: parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth) > 0 ? node.parentElement : node };
        }
      }
      if (!ring) {
        const shadow = parse(getComputedStyle(element).boxShadow);
        if (shadow && shadow[3] > 0) ring = { color: shadow, behind: element.parentElement };
      }
      if (!ring) {
        problems.push(`${describe(element)}: no focus indicator`);
        continue;
      }
      const background = backgroundOf(ring.behind);
      const ratio = contrast(over(ring.color, background), background);
      if (ratio < 3) problems.push(`${describe(element)}: ${ratio.toFixed(2)}:1`);
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return problems;
  });
}

test.describe("focus you can see", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("every focusable element of every public page shows a focus indicator of 3:1 or more against its background", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(300_000); // a ceiling for some thirty pages on a busy machine
    const problems: string[] = [];
    for (const path of await publicPages(baseURL!)) {
      await page.goto(path);
      // One key press first: the browser then shows focus for the script's focus() as for a keyboard's.
      await page.keyboard.press("Tab");
      for (const problem of await lowContrastFocus(page)) problems.push(`${path}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});

for (const width of [375, 1440]) {
  test.describe(`headings at ${width}px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 900 } });

    test("on every public page the H1 is the largest heading and an H3 is no larger than the H2s", async ({ page, baseURL }) => {
      test.setTimeout(300_000);
      const problems: string[] = [];
      for (const path of await publicPages(baseURL!)) {
        await page.goto(path);
        const { sizes, body } = await page.evaluate(() => ({
          sizes: [...document.querySelectorAll("h1, h2, h3")]
            .filter((heading) => heading.checkVisibility() && !heading.closest(".site-header, .site-footer, .visually-hidden"))
            .map((heading) => ({
              level: Number(heading.tagName[1]),
              size: parseFloat(getComputedStyle(heading).fontSize),
              text: (heading.textContent ?? "").trim().slice(0, 30),
            })),
          body: parseFloat(getComputedStyle(document.body).fontSize),
        }));
        const h1 = sizes.find((heading) => heading.level === 1);
        // An H2 set as a small label over a section ("What we do") names the section and is
        // not part of the display scale; the H3s below it are measured against the H1 only.
        const h2s = sizes.filter((heading) => heading.level === 2 && heading.size > body * 1.2);
        for (const heading of sizes.filter((each) => each.level > 1)) {
          if (h1 && heading.size > h1.size + 0.5) problems.push(`${path}: H${heading.level} "${heading.text}" ${heading.size}px > H1 ${h1.size}px`);
        }
        const largestH2 = Math.max(...h2s.map((heading) => heading.size));
        for (const h3 of sizes.filter((each) => each.level === 3)) {
          if (h2s.length && h3.size > largestH2 + 0.5) problems.push(`${path}: H3 "${h3.text}" ${h3.size}px > every H2 (${largestH2}px)`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
}

test("every service page ends with a way to get in touch: a link to /contact, or the studio's e-mail where the spec says so", async ({
  page,
}) => {
  for (const { slug } of services) {
    await page.goto(`/${slug}`);
    const last = page.locator("main > *:last-child");
    const hrefs = await last.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
    const expected = slug === "development" ? /^mailto:/ : /^\/contact$/;
    expect(hrefs.some((href) => expected.test(href)), `/${slug} ends with ${JSON.stringify(hrefs)}`).toBe(true);
  }
});

test("every tile on /work leads to its case study", async ({ page }) => {
  await page.goto("/work");
  const items = page.locator(".showcase-item");
  expect(await items.count()).toBeGreaterThan(0);
  for (const href of await items.locator("a").evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
    expect(href).toMatch(/^\/work\/[a-z0-9-]+$/);
  }
});
