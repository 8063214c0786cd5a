import { type APIRequestContext, expect, test } from "@playwright/test";
import * as fixtures from "../fixtures/images";
import { signInWithForm } from "./support/sign-in";

// POST /api/upload-image against the production server, signed in like a person would.

function upload(api: APIRequestContext, buffer: Buffer, name: string, mimeType: string) {
  return api.post("/api/upload-image", { multipart: { image: { name, mimeType, buffer } } });
}

const invalidType = (type: string) => `Invalid file type: ${type}. Only JPEG, PNG, GIF, and WebP images are allowed.`;

test("staff upload each allowed type and get it back from /uploads with safe headers", async ({ page }) => {
  // A ceiling, not a timing: four uploads, each processed into several sizes and formats,
  // have taken over a minute together on a 2-core machine running other work (two busy runs).
  test.setTimeout(240_000);
  await signInWithForm(page, "staff");
  const cases = [
    { make: fixtures.jpegWithGps, name: "IMG_0042.jpg", mime: "image/jpeg", ext: "jpg" },
    { make: fixtures.png, name: "diagram.png", mime: "image/png", ext: "png" },
    { make: fixtures.animatedGif, name: "loop.gif", mime: "image/gif", ext: "gif" },
    { make: fixtures.webp, name: "hero.webp", mime: "image/webp", ext: "webp" },
  ];
  for (const c of cases) {
    const response = await upload(page.request, await c.make(), c.name, c.mime);
    expect(response.status(), c.name).toBe(201);
    const body = await response.json();
    expect(body.message).toBe("Image uploaded successfully!");
    expect(body.data.url).toMatch(new RegExp(`^/uploads/[0-9a-f-]{36}-\\d+\\.${c.ext}$`));
    expect(body.data.url).not.toContain(c.name.split(".")[0]);

    const image = await page.request.get(body.data.url);
    expect(image.status(), body.data.url).toBe(200);
    const headers = image.headers();
    expect(headers["content-type"]).toBe(c.mime);
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await image.body()).byteLength).toBeGreaterThan(0);

    // The WebP copy of the same size is there too.
    const webp = await page.request.get(body.data.url.replace(/\.\w+$/, ".webp"));
    expect(webp.status()).toBe(200);
    expect(webp.headers()["content-type"]).toBe("image/webp");
  }
});

test("uploads that are not images, or too large, are refused with the exact message", async ({ page }) => {
  await signInWithForm(page, "staff");

  const php = await upload(page.request, fixtures.phpShell, "photo.jpg", "image/jpeg");
  expect(php.status()).toBe(400);
  expect(await php.json()).toEqual({ error: invalidType("unknown") });

  const svg = await upload(page.request, fixtures.svgWithScript, "logo.svg", "image/svg+xml");
  expect(svg.status()).toBe(400);
  expect(await svg.json()).toEqual({ error: invalidType("application/xml") });

  const big = await upload(page.request, fixtures.oversized(6), "huge.jpg", "image/jpeg");
  expect(big.status()).toBe(413);
  expect(await big.json()).toEqual({ error: "File too large: 6.00MB. Maximum size is 5MB." });

  const noFile = await page.request.post("/api/upload-image", { multipart: { picture: "not a file" } });
  expect(noFile.status()).toBe(400);
  expect((await noFile.json()).error).toBe('Failed to upload image: no file in the field "image".');

  // The session still works after a refused upload (the connection was not left broken).
  expect((await upload(page.request, await fixtures.png(), "after.png", "image/png")).status()).toBe(201);
});

test("without a session the upload is a 401 and nothing is stored", async ({ request }) => {
  const response = await upload(request, await fixtures.png(), "anon.png", "image/png");
  expect(response.status()).toBe(401);
  expect(await response.json()).toEqual({ error: "Not signed in" });
  expect((await request.get("/api/upload-image")).status()).toBe(405);
});

test("/uploads never serves anything outside the uploads folder", async ({ request }) => {
  for (const path of ["/uploads/%2e%2e/pg/PG_VERSION", "/uploads/..%2fpg%2fPG_VERSION", "/uploads/nope.jpg"]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
  }
});
