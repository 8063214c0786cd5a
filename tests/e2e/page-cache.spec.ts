import { expect, test } from "./support/fixtures";

// Issue 13: public pages are rendered once and served from memory, but a cached page
// must never reach a signed-in staff member, and what staff were shown must never
// reach a visitor. The tests look at what each side receives, headers and HTML.

const PUBLIC = "public, max-age=0, must-revalidate, s-maxage=60, stale-while-revalidate=300";

for (const path of ["/contact", "/blog", "/"]) {
  test(`${path}: visitors share the cached page; a signed-in staff member never gets it, and it never carries their session`, async ({
    browser,
    signedIn,
  }) => {
    const visitor = await browser.newContext();
    try {
      // Two visits: the second one is served from the cache (an ETag says it was kept).
      await visitor.request.get(path);
      const cached = await visitor.request.get(path);
      expect(cached.headers()["cache-control"]).toBe(PUBLIC);
      expect(cached.headers().etag).toBeTruthy();

      // The staff member gets their own render: private, no validator a CDN could reuse.
      const staffResponse = await signedIn.goto(path);
      expect(staffResponse?.status()).toBe(200);
      expect(staffResponse?.headers()["cache-control"]).toBe("private, no-store");
      expect(staffResponse?.headers().etag).toBeUndefined();
      // Asking with the visitors' validator does not get a 304 for the shared copy either.
      const revalidated = await signedIn.request.get(path, { headers: { "if-none-match": cached.headers().etag! } });
      expect(revalidated.status()).toBe(200);
      expect(revalidated.headers()["cache-control"]).toBe("private, no-store");

      // After the staff member's visit, the visitor's page still knows nothing of a session.
      const after = await visitor.request.get(path);
      expect(after.headers()["cache-control"]).toBe(PUBLIC);
      expect(await after.text()).not.toContain("expiresAt");
    } finally {
      await visitor.close();
    }
  });
}

test("the staff member's framework page does carry their session (so the check above can fail)", async ({ signedIn }) => {
  const response = await signedIn.goto("/contact");
  expect(await response?.text()).toContain("expiresAt");
});
