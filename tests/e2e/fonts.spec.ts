import { expect, test, type Page } from "@playwright/test";
import { publicPages } from "../support/pages";
import { showcaseSeed } from "../../app/content/showcase";
import { publishPost } from "./support/content-pages";

// Which font files a page makes the browser download (app/styles/fonts.css, decision 083).
async function fontFilesOf(page: Page, path: string) {
  const files: string[] = [];
  page.on("request", (request) => {
    const name = new URL(request.url()).pathname;
    if (name.endsWith(".woff2")) files.push(name.replace(/^\/assets\/|-[\w-]{8}\.woff2$/g, ""));
  });
  await page.goto(path);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return files.sort();
}

test("English and Norwegian text needs only the two small core files", async ({ page, playwright, baseURL }) => {
  const post = await publishPost(playwright, baseURL!, `Hvorfor våre kunder får “egne” løsninger ${Date.now()}`);
  // The post's page also shows two related posts, which are whatever other tests published
  // last (the next test's "Façade" among them): the post is looked at without them.
  await page.route(`**${post}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/<aside class="container related"[\s\S]*?<\/aside>/, "");
    await route.fulfill({ response, body });
  });
  for (const path of ["/", "/design", post]) {
    expect(await fontFilesOf(page, path), path).toEqual(["fraunces-latin-core", "inter-latin-core"]);
  }
});

test("a character outside the core brings the whole latin file, so nothing is drawn in a fallback font", async ({
  page,
  playwright,
  baseURL,
}) => {
  const post = await publishPost(playwright, baseURL!, `Façade ${Date.now()}`);
  expect(await fontFilesOf(page, post)).toContain("fraunces-latin-wght-normal");
  expect(await page.evaluate(() => document.fonts.check('560 40px "Fraunces Variable"', "ç"))).toBe(true);
});

test("text drawn before the fonts arrive takes the room it takes after, so the swap moves nothing", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  // Layout shifts as the page's CLS counts them, from the first paint on.
  await page.addInitScript(() => {
    const counted = window as unknown as { shifts: number };
    counted.shifts = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) counted.shifts += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  const framesDrawn = () =>
    page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  for (const path of ["/", "/about", "/blog", "/careers"]) {
    // The font files are held back until the page has been laid out in the fallback faces.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/*.woff2", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path, { waitUntil: "domcontentloaded" });
    await framesDrawn();
    expect(await page.evaluate(() => document.fonts.status), path).toBe("loading");
    const before = await page.evaluate(() => (window as unknown as { shifts: number }).shifts);
    release();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await framesDrawn();
    expect(await page.evaluate(() => document.fonts.check('400 16px "Inter Variable"', "a")), path).toBe(true);
    const shifted = (await page.evaluate(() => (window as unknown as { shifts: number }).shifts)) - before;
    expect(shifted, `${path}: layout shift when the fonts replaced the fallback`).toBeLessThan(0.01);
    await page.unroute("**/*.woff2");
  }
});

// Fraunces comes in one static weight, the headlines' 560 (decision 089): a rule that asked it
// for another weight would get 560 from the core file anyway, but the rarer characters ("ç",
// "ß"), drawn by the variable files, at the weight asked for: two weights in one word.
test("every public page asks Fraunces for its one weight, 560", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  for (const path of await publicPages(baseURL!)) {
    await page.goto(path);
    const weights = await page.evaluate(() => {
      const found = new Set<string>();
      for (const element of document.querySelectorAll("body *")) {
        const style = getComputedStyle(element);
        if (style.fontFamily.startsWith('"Fraunces') && element.textContent?.trim())
          found.add(style.fontWeight === "560" ? "560" : `${style.fontWeight} ${element.outerHTML.slice(0, 120)}`);
      }
      return [...found];
    });
    expect(weights, path).toEqual(["560"]);
  }
});

// The cores hold every character the seeded pages set (decision 090): Fraunces' core has no
// brackets or bullets, but keeps the × and − of the case studies' results ("2×", "−35 %").
// Pages other tests add to (the blog, the job list, the work grid) are left out.
test("the seeded pages and case studies need only the two core files", async ({ page }) => {
  test.setTimeout(120_000);
  const caseStudies = showcaseSeed.map((item) => `/work/${item.slug}`);
  for (const path of ["/", "/about", "/design", "/development", "/contact", "/privacy", ...caseStudies]) {
    await page.goto(path);
    // The faces this document used: the cores' ranges begin at U+0, the whole latin files' do not.
    const faces = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts]
        .filter((face) => face.status !== "unloaded" && face.family.endsWith("Variable"))
        .map((face) => `${face.family} ${face.unicodeRange.startsWith("U+0-") ? "core" : face.unicodeRange.slice(0, 40)}`)
        .sort();
    });
    expect(faces, path).toEqual(["Fraunces Variable core", "Inter Variable core"]);
  }
});
