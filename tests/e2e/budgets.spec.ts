import zlib from "node:zlib";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { CONTENT_PAGES, publishPost } from "./support/content-pages";

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
// Pages that need the framework to do what the spec says (the two wizards).
const WIZARDS = ["/contact", "/gdpr-checklist"];
const WIZARD_JS_BUDGET = 120 * KB;
// Content pages ship no framework, only the enhancement module (docs/decisions/020).
const CONTENT_JS_BUDGET = 2 * KB;
const CSS_BUDGET = 20 * KB;

const gzipSize = (bytes: Buffer | string) => zlib.gzipSync(bytes, { level: 9 }).length;

async function page(request: APIRequestContext, path: string, status = 200) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(status);
  return response.text();
}

/** Every script the page makes the browser fetch or run: external files and inline code. */
async function javascriptBytes(request: APIRequestContext, html: string) {
  const files = new Set([...html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+\.m?js)"/g)].map((m) => m[1]!));
  let total = 0;
  for (const file of files) total += gzipSize(await (await request.get(file)).body());
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .filter((m) => !/type="application\/(ld\+)?json"/.test(m[0]))
    .map((m) => m[1])
    .join("");
  return total + (inline ? gzipSize(inline) : 0);
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
    const blocking = [...html.matchAll(/<(?:link\b[^>]*rel="stylesheet"|script\b(?![^>]*\b(?:async|defer|type="module")))[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => /(?:href|src)="(?:https?:)?\/\//.test(tag));
    expect(blocking).toEqual([]);
  });
}

for (const path of WIZARDS) {
  test(`${path}: JavaScript within ${WIZARD_JS_BUDGET / KB} KB`, async ({ request }) => {
    const html = await page(request, path);
    expect(await javascriptBytes(request, html), "JavaScript bytes (gzip)").toBeLessThanOrEqual(WIZARD_JS_BUDGET);
  });
}

test.describe("content pages", () => {
  const pages = [...CONTENT_PAGES.map((path) => ({ path, status: 200 })), { path: "/no-such-page", status: 404 }];
  for (const { path, status } of pages) {
    test(`${path}: JavaScript within ${CONTENT_JS_BUDGET / KB} KB, and none of it the framework`, async ({ request }) => {
      const html = await page(request, path, status);
      expect(await javascriptBytes(request, html), "JavaScript bytes (gzip)").toBeLessThanOrEqual(CONTENT_JS_BUDGET);
      expect(html).not.toMatch(/entry\.client|__reactRouter/);
      expect(html).toMatch(/<script type="module" src="\/assets\/enhance-[\w-]+\.js" nonce="[^"]+"><\/script>/);
    });
  }

  test(`a blog post: JavaScript within ${CONTENT_JS_BUDGET / KB} KB`, async ({ request, playwright, baseURL }) => {
    const path = await publishPost(playwright, baseURL!, `Budget post ${Date.now()}`);
    const html = await page(request, path);
    expect(await javascriptBytes(request, html), "JavaScript bytes (gzip)").toBeLessThanOrEqual(CONTENT_JS_BUDGET);
    expect(html).not.toMatch(/entry\.client|__reactRouter/);
  });
});
