import { expect, test } from "@playwright/test";

test("every page carries the security headers, with a fresh CSP nonce that the scripts use", async ({ request }) => {
  const first = await request.get("/");
  const second = await request.get("/");
  const headers = first.headers();
  expect(headers["strict-transport-security"]).toContain("max-age=");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["cross-origin-resource-policy"]).toBe("same-origin");
  // No window another site opened can reach the page (it costs a phone a process start, decision 090).
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");

  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain("unsafe-inline");
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(second.headers()["content-security-policy"]).not.toContain(nonce!);

  const html = await first.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
});

test("a page loads without CSP violations or requests to other origins", async ({ page, baseURL }) => {
  const violations: string[] = [];
  const foreign: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on("request", (req) => {
    const url = new URL(req.url());
    if (!["data:", "blob:"].includes(url.protocol) && url.origin !== baseURL) foreign.push(req.url());
  });
  await page.goto("/");
  await page.getByTestId("desktop-bar").getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL("/about");
  expect(violations).toEqual([]);
  expect(foreign).toEqual([]);
});

// The enhancement module of static pages, and React Router's entry on framework pages.
const hashedAssets = [
  { path: "/", pattern: /src="(\/assets\/enhance-[^"]+\.js)"/ },
  // A wizard names its modules in the script that loads them at first use (decision 086).
  { path: "/contact", pattern: /"(\/assets\/entry\.client-[^"]+\.js)"/ },
];
for (const { path, pattern } of hashedAssets) {
  test(`hashed assets are cached forever and compressed (${path})`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const asset = pattern.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await request.get(asset!, { headers: { "accept-encoding": "gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-encoding"]).toBe("gzip");
    // Browsers that take brotli get the smaller file written at build time (the server
    // itself only compresses with gzip, so "br" can only come from the build).
    const brotli = await request.get(asset!, { headers: { "accept-encoding": "br, gzip" } });
    expect(brotli.headers()["content-encoding"]).toBe("br");
    expect(brotli.headers()["vary"]).toContain("Accept-Encoding");
    expect(Number(brotli.headers()["content-length"])).toBeLessThan((await response.body()).length);
  });
}

test("the health check reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "embedded" });
});

test("a state-changing request from another origin is refused", async ({ request }) => {
  const response = await request.post("/contact", {
    headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
    data: "company=x",
  });
  expect(response.status()).toBe(403);
});

test("pages ask for the two text fonts with the HTML, and they are the files the stylesheet uses", async ({ request }) => {
  for (const path of ["/", "/blog", "/contact"]) {
    const response = await request.get(path);
    const preloads = [...(response.headers()["link"] ?? "").matchAll(/<([^>]+)>; rel=preload; as=font; type="font\/woff2"; crossorigin/g)];
    expect(preloads.map((m) => m[1]), path).toEqual([
      expect.stringMatching(/^\/assets\/fraunces-latin-core-[\w-]+\.woff2$/),
      expect.stringMatching(/^\/assets\/inter-latin-core-[\w-]+\.woff2$/),
    ]);
    const html = await response.text();
    for (const [, href] of preloads) {
      // A preload the stylesheet does not use would download a font twice.
      expect(html, `${path} inlines CSS naming ${href}`).toContain(`url(${href})`);
      const font = await request.get(href!);
      expect(font.status()).toBe(200);
      expect(font.headers()["content-type"]).toContain("font/woff2");
    }
  }
});

// Every page waits for the font cores, so their answers carry no page policy (decision 090),
// while the headers that do apply to a file stay.
test("a font answer carries no page policy, and keeps the headers a file needs", async ({ request }) => {
  const pageHeaders = (await request.get("/")).headers();
  const href = /<([^>]+)>; rel=preload; as=font/.exec(pageHeaders["link"] ?? "")?.[1];
  const font = await request.get(href!);
  expect(font.headers()["content-security-policy"]).toBeUndefined();
  expect(font.headers()).toMatchObject({
    "x-content-type-options": "nosniff",
    "cross-origin-resource-policy": "same-origin",
    "cache-control": "public, max-age=31536000, immutable",
  });
  expect(pageHeaders["content-security-policy"], "the page itself keeps its policy").toContain("script-src");
});
