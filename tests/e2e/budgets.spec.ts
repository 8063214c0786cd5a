import zlib from "node:zlib";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { CONTENT_PAGES, publishPost } from "./support/content-pages";
import { wakeWizard } from "./support/wizard";

// Size budgets, measured from the production build as a visitor's browser would
// receive it: deterministic byte counts (gzip level 9), not timings.
const KB = 1024;
const PUBLIC_PAGES = [
  "/",
  "/design",
  "/development",
  "/ai-automations",
  "/custom-ai",
  "/production",
  "/work",
  "/work/dashboard",
  "/about",
  "/blog",
  "/careers",
  "/careers/open-application",
  "/contact",
  "/gdpr-checklist",
  "/terms",
  "/privacy",
];
// The two wizards need the framework, but their first screen does not: it is held until the
// visitor's first move, touch, key or focus (decision 086). Up front they ship the inline
// scripts only (issue 28's aim: 80 KB); once used, React, React DOM and React Router
// (108,760 bytes) and the wizard, each held just above what it ships (decision 082), so any
// growth fails here and is a choice someone makes.
const WIZARD_UP_FRONT_JS_BUDGET = 2.5 * KB; // 1,871 and 2,098 bytes
const WIZARD_JS_BUDGETS: Record<string, number> = { "/contact": 120_600, "/gdpr-checklist": 123_450 }; // 120,168 and 123,020
// Content pages ship no framework, only the enhancement module (docs/decisions/020).
const CONTENT_JS_BUDGET = 2 * KB;
const CSS_BUDGET = 20 * KB;
// A content page's whole document arrives in a new connection's first round trip: ten
// packets, 14,600 bytes, less ~600 for the response's headers. Each page inlines only the
// stylesheet rules its elements can match (decision 084): 7–10 KB today, with the whole
// stylesheet 12–13.5 KB. Pages other tests add to while this runs (the blog's posts, the
// jobs) and a job's page (its listing's text is staff's, of any length) are held to the
// round trip itself.
const FIRST_ROUND_TRIP = 14_000;
const DOCUMENT_BUDGET = 11 * KB;
const DOCUMENT_BUDGETS: Record<string, number> = {
  "/blog": FIRST_ROUND_TRIP,
  "/careers": FIRST_ROUND_TRIP,
  "/careers/open-application": FIRST_ROUND_TRIP,
};

const gzipSize = (bytes: Buffer | string) => zlib.gzipSync(bytes, { level: 9 }).length;

async function page(request: APIRequestContext, path: string, status = 200) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(status);
  return response.text();
}

/** Every script the page makes the browser fetch or run (external files and inline code), in bytes per file. */
async function javascriptFiles(request: APIRequestContext, html: string) {
  const files = new Set([...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+\.m?js)"/g)].map((m) => m[1]!));
  const sizes = new Map<string, number>();
  for (const file of files) sizes.set(file, gzipSize(await (await request.get(file)).body()));
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/type="application\/(ld\+)?json"/.test(m[0]))
    .map((m) => m[1])
    .join("");
  if (inline) sizes.set("(inline)", gzipSize(inline));
  return sizes;
}

async function javascriptBytes(request: APIRequestContext, html: string) {
  return [...(await javascriptFiles(request, html)).values()].reduce((sum, bytes) => sum + bytes, 0);
}

async function cssBytes(request: APIRequestContext, html: string) {
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join("");
  let total = inline ? gzipSize(inline) : 0;
  for (const [, href] of html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) {
    total += gzipSize(await (await request.get(href!)).body());
  }
  return total;
}

for (const path of PUBLIC_PAGES) {
  test(`${path}: CSS within ${CSS_BUDGET / KB} KB, every image sized, nothing render-blocking from elsewhere`, async ({
    request,
  }) => {
    const html = await page(request, path);
    expect(await cssBytes(request, html), "CSS bytes (gzip)").toBeLessThanOrEqual(CSS_BUDGET);

    // Width and height on every image and video (its poster), so nothing shifts as they load.
    const unsized = [...html.matchAll(/<(?:img|video)\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => !/\swidth="\d+"/.test(tag) || !/\sheight="\d+"/.test(tag));
    expect(unsized).toEqual([]);

    // Stylesheets and classic scripts block rendering; none may come from another origin.
    const blocking = [
      ...html.matchAll(/<(?:link\b[^>]*rel="stylesheet"|script\b(?![^>]*\b(?:async|defer|type="module")))[^>]*>/g),
    ]
      .map((m) => m[0])
      .filter((tag) => /(?:href|src)="(?:https?:)?\/\//.test(tag));
    expect(blocking).toEqual([]);
  });
}

for (const [path, budget] of Object.entries(WIZARD_JS_BUDGETS)) {
  test(`${path}: ${WIZARD_UP_FRONT_JS_BUDGET / KB} KB of JavaScript up front, the framework at first use, within ${budget.toLocaleString("en")} bytes`, async ({
    page: browser,
    request,
  }) => {
    // What Chromium fetches, not what the HTML names: the held scripts name their files in text.
    const fetched: string[] = [];
    browser.on("response", (response) => {
      if (/\.m?js$/.test(new URL(response.url()).pathname)) fetched.push(new URL(response.url()).pathname);
    });
    await browser.goto(path);
    await browser.waitForLoadState("networkidle");
    const html = await page(request, path);
    const upFront = await javascriptFiles(request, html);
    expect(fetched, "no script file before first use").toEqual([]);
    expect(upFront.get("(inline)"), "inline JavaScript bytes (gzip)").toBeLessThanOrEqual(WIZARD_UP_FRONT_JS_BUDGET);

    await wakeWizard(browser);
    await browser.waitForLoadState("networkidle");
    const sizes = new Map(upFront);
    for (const file of new Set(fetched)) sizes.set(file, gzipSize(await (await request.get(file)).body()));
    const total = [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0);
    // On failure, which file grew: the build's own size table names chunks a page may not load.
    const perFile = [...sizes].sort((a, b) => b[1] - a[1]).map(([file, bytes]) => `${bytes} ${file}`);
    expect(total, `JavaScript bytes (gzip):\n${perFile.join("\n")}\n`).toBeLessThanOrEqual(budget);
  });
}

test.describe("content pages", () => {
  const pages = [...CONTENT_PAGES.map((path) => ({ path, status: 200 })), { path: "/no-such-page", status: 404 }];
  for (const { path, status } of pages) {
    const budget = DOCUMENT_BUDGETS[path] ?? DOCUMENT_BUDGET;
    test(`${path}: the document within ${budget.toLocaleString("en")} bytes, so it comes in the first round trip`, async ({
      request,
    }) => {
      const html = await page(request, path, status);
      expect(gzipSize(html), "document bytes (gzip)").toBeLessThanOrEqual(budget);
    });

    test(`${path}: JavaScript within ${CONTENT_JS_BUDGET / KB} KB, and none of it the framework`, async ({
      request,
    }) => {
      const html = await page(request, path, status);
      expect(await javascriptBytes(request, html), "JavaScript bytes (gzip)").toBeLessThanOrEqual(CONTENT_JS_BUDGET);
      expect(html).not.toMatch(/entry\.client|__reactRouter/);
      expect(html).toMatch(
        /<script type="module" src="\/assets\/enhance-[\w-]+\.js" nonce="[^"]+" fetchPriority="low"><\/script>/,
      );
    });
  }

  test(`a blog post: JavaScript within ${CONTENT_JS_BUDGET / KB} KB`, async ({ request, playwright, baseURL }) => {
    const path = await publishPost(playwright, baseURL!, `Budget post ${Date.now()}`);
    const html = await page(request, path);
    expect(await javascriptBytes(request, html), "JavaScript bytes (gzip)").toBeLessThanOrEqual(CONTENT_JS_BUDGET);
    expect(html).not.toMatch(/entry\.client|__reactRouter/);
  });
});

// What a phone fetches for its first paint besides the document (decisions 083, 088 and 089):
// the two font cores the `Link` header preloads (woff2, already compressed), the logo (gzip)
// and, on the home page, the portrait hero poster that is its largest paint.
// 11,728 + 15,536 + 1,807 + 6,698 bytes: a variable Fraunces again, re-running
// scripts/subset-fonts.sh with every OpenType feature, a logo saved unoptimised or the poster
// at the other posters' quality fails here.
const FIRST_PAINT_ASSETS_BUDGET = 36 * KB;
test(`the preloaded fonts, the logo and the home page's poster within ${FIRST_PAINT_ASSETS_BUDGET / KB} KB`, async ({
  request,
}) => {
  const response = await request.get("/");
  const fonts = [...(response.headers()["link"] ?? "").matchAll(/<([^>]+)>; rel=preload; as=font/g)].map((m) => m[1]!);
  expect(fonts, "the fonts the Link header preloads").toHaveLength(2);
  // The poster a phone (taller than 3:4) gets: the <source> before the hero's <img>.
  const poster = (await response.text()).match(/srcSet="([^"]+)"[^>]*\/><img class="home-hero-video video-poster"/)?.[1];
  expect(poster, "the home page's portrait hero poster").toBeTruthy();
  const perFile: string[] = [];
  let total = 0;
  for (const href of [...fonts, "/logo.svg", new URL(poster!, "http://x").pathname]) {
    const body = await (await request.get(href)).body();
    const size = href.endsWith(".svg") ? gzipSize(body) : body.length;
    perFile.push(`${href}: ${size}`);
    total += size;
  }
  expect(total, `bytes:\n${perFile.join("\n")}\n`).toBeLessThanOrEqual(FIRST_PAINT_ASSETS_BUDGET);
});
