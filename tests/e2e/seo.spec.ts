import { expect, test } from "@playwright/test";

const publicPages = ["/", "/work", "/about", "/design", "/development", "/custom-ai", "/ai-automations", "/production", "/terms", "/privacy"];

test("every public page has a title, description, canonical URL and social cards", async ({ page, baseURL }) => {
  const titles = new Set<string>();
  for (const path of publicPages) {
    await page.goto(path);
    const title = await page.title();
    expect(title, path).toContain("Fjord & Form");
    titles.add(title);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length, path).toBeGreaterThan(50);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${path}`);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", title);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og-image\.png$/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  }
  expect(titles.size).toBe(publicPages.length);
});

test("the home page describes the studio as an Organization in JSON-LD", async ({ page }) => {
  await page.goto("/");
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const data = JSON.parse(json ?? "{}");
  expect(data["@type"]).toBe("Organization");
  expect(data.name).toBe("Fjord & Form AS");
  expect(data.address.addressLocality).toBe("Oslo");
});

test("robots.txt points to a sitemap that lists every public page", async ({ request, baseURL }) => {
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of publicPages) expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  expect(xml, "the case studies").toContain(`<loc>${baseURL}/work/dashboard</loc>`);
});

test("favicon and web manifest are served", async ({ request }) => {
  expect((await request.get("/favicon.ico")).status()).toBe(200);
  const manifest = await (await request.get("/site.webmanifest")).json();
  expect(manifest.name).toBe("Fjord & Form");
});

test("no page requests anything from another origin", async ({ page, baseURL }) => {
  const foreign: string[] = [];
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (url.protocol.startsWith("http") && url.origin !== baseURL) foreign.push(req.url());
  });
  for (const path of publicPages) {
    await page.goto(path);
    await page.mouse.wheel(0, 4000);
    await page.waitForLoadState("networkidle");
  }
  expect(foreign).toEqual([]);
});
