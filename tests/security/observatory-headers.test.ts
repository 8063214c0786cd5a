import { beforeAll, describe, expect, it } from "vitest";
import * as fixtures from "../fixtures/images";
import { call, type CallOptions, type Reply, productionServerForThisFile } from "./helpers";
import { tokenize } from "./markup";
import { PASSWORD, signedInStaff } from "./staff-fixtures";

// Issue 12, a class that held: security headers, by the rules of the Mozilla HTTP
// Observatory (its A+ tests), on every kind of response the site gives: pages, staff
// pages, redirects, errors, JSON, feeds, static files. The server runs as it does behind
// a TLS proxy (SITE_URL https://…), so HSTS and Secure cookies apply. Public media
// (uploads, showcase posters and videos, share images, icons) may be embedded by other
// sites and mail clients (Cross-Origin-Resource-Policy: cross-origin, decision 041);
// everything else stays same-origin.

const SITE = "https://www.fjordform.test";
const server = productionServerForThisFile({ SITE_URL: SITE });
const SIX_MONTHS = 15_768_000;
const SAFE_REFERRER_POLICIES = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];
const cookies: string[] = [];
const state = { session: "", upload: "" };

beforeAll(async () => {
  await signedInStaff(await server.db(), "kari@fjordform.test");
  const signIn = await call(server.url, "/login", {
    origin: SITE,
    form: { email: "kari@fjordform.test", password: PASSWORD },
  });
  expect(signIn.status).toBe(200);
  cookies.push(...signIn.headers.getSetCookie());
  state.session = cookies[0]!.split(";")[0]!;
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(await fixtures.png())], { type: "image/png" }), "diagram.png");
  const upload = await call(server.url, "/api/upload-image", { origin: SITE, cookie: state.session, body: form });
  expect(upload.status).toBe(201);
  state.upload = (JSON.parse(upload.body) as { data: { url: string } }).data.url;
});

type Corp = "same-origin" | "cross-origin";

/** Every kind of answer: [what, request, its Cross-Origin-Resource-Policy when not same-origin]. */
function responses(): [string, string, CallOptions, Corp?][] {
  const staff = { cookie: state.session };
  return [
    ["home page", "/", {}],
    ["home page again (from the page cache)", "/", {}],
    ["content page", "/about", {}],
    ["page with a form (framework JavaScript)", "/contact", {}],
    ["blog", "/blog", {}],
    ["careers listing", "/careers/open-application", {}],
    ["sign-in page", "/login", {}],
    ["staff page", "/admin", staff],
    ["staff page, signed out (redirect)", "/admin", {}],
    ["not found", "/no-such-page", {}],
    ["bad link (400)", "/newsletter/unsubscribe?token=short", {}],
    ["RSS", "/blog/rss.xml", {}],
    ["sitemap", "/sitemap.xml", {}],
    ["robots.txt", "/robots.txt", {}],
    ["health check", "/healthz", {}],
    ["public JSON API", "/api/blog", { headers: { origin: "https://evil.example" } }],
    ["staff JSON API, signed out (401)", "/api/blog-edit?id=x", {}],
    ["validation error (400 JSON)", "/api/contact", { origin: SITE, json: { type: "newsletter", email: "nope" } }],
    ["cross-origin write (403)", "/api/contact", { origin: "https://evil.example", json: {} }],
    ["static file", "/site.webmanifest", {}],
    ["favicon", "/favicon.ico", {}, "cross-origin"],
    ["share image", "/og-image.png", {}, "cross-origin"],
    ["showcase poster", "/media/video/showcase-app.jpg", {}, "cross-origin"],
    ["showcase video", "/media/video/hero.mp4", {}, "cross-origin"],
    ["upload", state.upload, {}, "cross-origin"],
    ["upload, a byte range (206)", state.upload, { headers: { range: "bytes=0-9" } }, "cross-origin"],
    [
      "upload, revalidated (304)",
      state.upload,
      { headers: { "if-modified-since": new Date().toUTCString() } },
      "cross-origin",
    ],
    ["no such upload (404 page)", "/uploads/00000000-0000-4000-8000-000000000000-1.png", {}],
    ["staff newsletter page, signed out (redirect)", "/admin/newsletter", {}],
  ];
}

const directives = (csp: string) =>
  new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );

function checkCommonHeaders(what: string, reply: Reply, corp: Corp) {
  const h = (name: string) => reply.headers.get(name);
  const hsts = /max-age=(\d+)/.exec(h("strict-transport-security") ?? "");
  expect([what, "HSTS of six months or more", Number(hsts?.[1] ?? 0) >= SIX_MONTHS]).toEqual([
    what,
    "HSTS of six months or more",
    true,
  ]);
  expect([what, h("x-content-type-options")]).toEqual([what, "nosniff"]);
  expect([what, SAFE_REFERRER_POLICIES.includes(h("referrer-policy") ?? "")]).toEqual([what, true]);
  expect([what, h("x-frame-options")]).toEqual([what, "DENY"]);
  expect([what, h("access-control-allow-origin")]).toEqual([what, null]);
  expect([what, h("cross-origin-resource-policy")]).toEqual([what, corp]);
  expect([what, h("x-powered-by")]).toEqual([what, null]);
  expect([what, reply.headers.getSetCookie()]).toEqual([what, []]);
}

describe("by the HTTP Observatory's rules", () => {
  it("every kind of response: HSTS, nosniff, a safe Referrer-Policy, no framing, no CORS, no stray cookies; CORP cross-origin only for public media", async () => {
    for (const [what, path, options, corp = "same-origin"] of responses()) {
      checkCommonHeaders(what, await call(server.url, path, options), corp);
    }
  });

  it("public media keep their own Content-Type beside nosniff", async () => {
    const types: [string, string][] = [
      ["/favicon.ico", "image/x-icon"],
      ["/og-image.png", "image/png"],
      ["/media/video/showcase-app.jpg", "image/jpeg"],
      ["/media/video/hero.mp4", "video/mp4"],
      [state.upload, "image/png"],
    ];
    for (const [path, type] of types) {
      const reply = await call(server.url, path);
      expect([path, reply.status, reply.headers.get("content-type")]).toEqual([path, 200, type]);
    }
  });

  it("every HTML page: a CSP header without unsafe-inline or unsafe-eval for scripts, no plugins, no framing, base-uri and form-action locked", async () => {
    let pages = 0;
    for (const [what, path, options] of responses()) {
      const reply = await call(server.url, path, options);
      if (!reply.headers.get("content-type")?.startsWith("text/html")) continue;
      pages++;
      const csp = directives(reply.headers.get("content-security-policy") ?? "");
      const scripts = csp.get("script-src") ?? csp.get("default-src") ?? [];
      expect([what, csp.has("default-src")]).toEqual([what, true]);
      for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "data:", "http:", "https:", "*"]) {
        expect([what, `script-src ${unsafe}`, scripts.includes(unsafe)]).toEqual([what, `script-src ${unsafe}`, false]);
        expect([what, `default-src ${unsafe}`, csp.get("default-src")!.includes(unsafe)]).toEqual([
          what,
          `default-src ${unsafe}`,
          false,
        ]);
      }
      expect([what, scripts.some((source) => source.startsWith("'nonce-"))]).toEqual([what, true]);
      expect([what, (csp.get("style-src") ?? []).includes("'unsafe-inline'")]).toEqual([what, false]);
      expect([what, csp.get("object-src")]).toEqual([what, ["'none'"]]);
      expect([what, csp.get("frame-ancestors")]).toEqual([what, ["'none'"]]);
      expect([what, csp.get("base-uri")]).toEqual([what, ["'none'"]]);
      expect([what, csp.get("form-action")]).toEqual([what, ["'self'"]]);
      expect([what, csp.has("upgrade-insecure-requests")]).toEqual([what, true]);
      // Subresource integrity is only needed for scripts from elsewhere: there are none.
      for (const tag of tokenize(reply.body).tags) {
        const loadsCode =
          tag.name === "link" && ["stylesheet", "modulepreload", "preload"].includes(tag.attributes.get("rel") ?? "");
        const source =
          tag.name === "script" ? tag.attributes.get("src") : loadsCode ? tag.attributes.get("href") : undefined;
        if (source === undefined) continue;
        const sameOrigin = /^\/(?!\/)/.test(source) || source.startsWith(`${SITE}/`);
        expect([what, source, sameOrigin]).toEqual([what, source, true]);
      }
    }
    expect(pages).toBeGreaterThanOrEqual(9);
  });

  it("cookies: the session and known-browser cookies are __Host-, Secure, HttpOnly and SameSite, from sign-in to logout", async () => {
    const extend = await call(server.url, "/api/session/extend", {
      method: "POST",
      origin: SITE,
      cookie: state.session,
    });
    expect(extend.status).toBe(200);
    cookies.push(...extend.headers.getSetCookie());
    const logout = await call(server.url, "/logout", { method: "POST", origin: SITE, cookie: state.session });
    expect(logout.status).toBe(302);
    cookies.push(...logout.headers.getSetCookie());
    expect(cookies.length).toBeGreaterThanOrEqual(2);
    for (const cookie of cookies) {
      const [pair, ...attributes] = cookie.split(";").map((part) => part.trim());
      const flags = attributes.map((attribute) => attribute.toLowerCase());
      expect(pair).toMatch(/^__Host-(session|browser)=/);
      expect([cookie, flags.includes("secure"), flags.includes("httponly")]).toEqual([cookie, true, true]);
      expect([cookie, flags.some((flag) => flag === "samesite=lax" || flag === "samesite=strict")]).toEqual([
        cookie,
        true,
      ]);
      expect([cookie, flags.includes("path=/"), flags.some((flag) => flag.startsWith("domain="))]).toEqual([
        cookie,
        true,
        false,
      ]);
    }
  });
});
