import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";
import { expectRedirectedHome, landing, signInWithRequest } from "./support/sign-in";
import { staffCredentials } from "./support/staff-accounts";

const SOME_FACTOR = "0b6a2f4e-3c1d-4e5f-8a9b-7c6d5e4f3a2b";
const EVIL = "https://evil.example";

const STAFF_PAGES = ["/admin", "/admin/settings", "/admin/subscribers"];

const STAFF_API: { name: string; call: (request: APIRequestContext) => Promise<APIResponse> }[] = [
  { name: "POST /api/session/extend", call: (r) => r.post("/api/session/extend") },
  {
    name: "POST /api/auth/reauthenticate",
    call: (r) => r.post("/api/auth/reauthenticate", { data: { password: "anything at all" } }),
  },
  {
    name: "POST /api/auth/factors",
    call: (r) => r.post("/api/auth/factors", { data: { friendly_name: "Phone", factor_type: "totp" } }),
  },
  {
    name: "POST /api/auth/factors/{id}/challenge",
    call: (r) => r.post(`/api/auth/factors/${SOME_FACTOR}/challenge`, { data: {} }),
  },
  { name: "DELETE /api/auth/factors/{id}", call: (r) => r.delete(`/api/auth/factors/${SOME_FACTOR}`) },
];

test.describe("without a session", () => {
  test("every staff page sends the visitor to the home page", async ({ request, page }) => {
    for (const path of STAFF_PAGES) await expectRedirectedHome(request, path);
    for (const path of STAFF_PAGES) {
      await page.goto(path);
      await expect(page, `${path} in the browser`).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Made for you.");
    }
  });

  for (const endpoint of STAFF_API) {
    test(`${endpoint.name} answers 401 with a JSON error`, async ({ request }) => {
      const response = await endpoint.call(request);
      expect(response.status()).toBe(401);
      expect(response.headers()["content-type"]).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    });
  }

  test("a made-up session cookie is no session", async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    try {
      await context.addCookies([{ name: "session", value: "A".repeat(43), url: baseURL! }]);
      await expectRedirectedHome(context.request, "/admin");
      expect((await context.request.post("/api/session/extend")).status()).toBe(401);
    } finally {
      await context.close();
    }
  });
});

test.describe("signed in", () => {
  test("a state-changing request from a foreign origin is refused", async ({ context, baseURL }) => {
    await signInWithRequest(context.request, "security");
    const own = new URL(baseURL!).origin;

    const foreign = await context.request.post("/api/session/extend", { headers: { origin: EVIL } });
    expect(foreign.status()).toBe(403);
    expect(foreign.headers()["content-type"]).toMatch(/^application\/json/);
    const crossSite = await context.request.post("/api/session/extend", {
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status(), "a cross-site request without Origin").toBe(403);
    expect((await context.request.post("/api/session/extend", { headers: { origin: own } })).status()).toBe(200);

    // Nor can another site sign the staff member out, or set up a second factor.
    expect((await context.request.post("/logout", { headers: { origin: EVIL }, maxRedirects: 0 })).status()).toBe(403);
    const factor = await context.request.post("/api/auth/factors", {
      headers: { origin: EVIL },
      data: { factor_type: "totp" },
    });
    expect(factor.status()).toBe(403);
    expect((await landing(context.request, "/admin")).status, "still signed in").toBe(200);
  });

  test("a sign-in posted from a foreign origin is refused", async ({ request }) => {
    const response = await request.post("/login", {
      headers: { origin: EVIL },
      form: { email: staffCredentials("security").email, password: "irrelevant" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });
});

test("/login and /admin carry the security headers", async ({ request, browser }) => {
  const context = await browser.newContext();
  try {
    await signInWithRequest(context.request, "security");
    const responses = {
      "/login": await request.get("/login"),
      "/admin": await context.request.get("/admin", { maxRedirects: 0 }),
      "/admin (signed out)": await request.get("/admin", { maxRedirects: 0 }),
    };
    const nonces = new Set<string>();
    for (const [name, response] of Object.entries(responses)) {
      const headers = response.headers();
      expect(response.status(), name).toBe(name.includes("signed out") ? 302 : 200);
      const csp = headers["content-security-policy"] ?? "";
      for (const directive of [
        "default-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
      ]) {
        expect(csp, `${name}: ${directive}`).toContain(directive);
      }
      const nonce = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, `${name}: scripts need this response's nonce`).toBeTruthy();
      expect(csp).not.toContain("unsafe-inline");
      nonces.add(nonce!);
      expect(headers["x-frame-options"], name).toBe("DENY");
      expect(headers["x-content-type-options"], name).toBe("nosniff");
      expect(headers["referrer-policy"], name).toBe("strict-origin-when-cross-origin");
      expect(headers["cross-origin-opener-policy"], name).toBe("same-origin");
      expect(headers["permissions-policy"], name).toContain("camera=()");
      if (response.status() === 200) {
        const html = await response.text();
        expect(html, `${name}: inline scripts carry the nonce`).toContain(`<script nonce="${nonce}">`);
        expect(html).toContain('<meta name="robots" content="noindex"/>');
      }
    }
    expect(nonces.size, "a new nonce for every response").toBe(Object.keys(responses).length);
  } finally {
    await context.close();
  }
});

test("GET /__test/clock is never a page", async ({ request }) => {
  expect((await request.get("/__test/clock")).status()).toBe(404);
});

// POST /__test/clock answers 404 unless the server runs with TEST_HOOKS=true, which this
// suite needs; tests/process/server-process.test.ts checks a server started without it.
