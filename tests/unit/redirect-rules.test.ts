import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  addRedirectSchema,
  checkFrom,
  checkTo,
  REDIRECT_MESSAGES,
  sitePathOf,
} from "~/lib/redirects/redirect-forms";
import { withQuery } from "~/lib/redirects/redirects.server";

// What staff may type on /admin/redirects: the same rules in the browser and on the server.
describe("a redirect's from", () => {
  it("is a path on this site, stored without its trailing slash", () => {
    expect(checkFrom("/old-page")).toEqual({ path: "/old-page" });
    expect(checkFrom("  /services/design/ ")).toEqual({ path: "/services/design" });
    expect(checkFrom("/about.html")).toEqual({ path: "/about.html" });
    expect(checkFrom("/ønske")).toEqual({ path: "/%C3%B8nske" });
  });

  it.each(["old-page", "", "/", "//evil.example", "/a/../admin", "/a?b=1", "/a#top", "/a b", "/a\\b", "https://fjordform.no/a"])(
    "refuses %j as no plain path",
    (value) => {
      expect(checkFrom(value)).toEqual({ error: value === "/" ? REDIRECT_MESSAGES.fromIsPage : REDIRECT_MESSAGES.fromShape });
    },
  );

  it.each(["/admin", "/admin/redirects", "/api/blog", "/login", "/login/mfa", "/logout", "/uploads/x.jpg", "/blog/manage", "/job-cms", "/__test/clock", "/assets/app.js", "/favicon.ico", "/og-image.png"])(
    "refuses the staff, system or file path %s",
    (value) => {
      expect(checkFrom(value)).toEqual({ error: REDIRECT_MESSAGES.fromReserved });
    },
  );

  it.each(["/about", "/blog", "/design", "/privacy", "/sitemap.xml", "/blog/rss.xml", "/work/"])(
    "refuses %s, which a page already answers",
    (value) => {
      expect(checkFrom(value)).toEqual({ error: REDIRECT_MESSAGES.fromIsPage });
    },
  );
});

describe("a redirect's to", () => {
  it("is a path on this site (with a query or fragment) or an https URL", () => {
    expect(checkTo("/blog/new-post")).toEqual({ target: "/blog/new-post" });
    expect(checkTo("/blog/new-post/?utm=x#part")).toEqual({ target: "/blog/new-post?utm=x#part" });
    expect(checkTo("https://example.com/path?x=1")).toEqual({ target: "https://example.com/path?x=1" });
    expect(checkTo("HTTPS://Example.com")).toEqual({ target: "https://example.com/" });
  });

  // An open redirect lets anyone send people elsewhere from the studio's own address.
  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(document.cookie)",
    "data:text/html,<script>alert(1)</script>",
    "http://example.com",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https:evil.example",
    "https:/evil.example",
    "https://user:pass@evil.example",
    "https://evil.example/\u0000",
    "https://exa mple.com",
    "ftp://example.com",
    "mailto:a@example.com",
    "evil.example",
    "",
  ])("refuses %j", (value) => {
    expect(checkTo(value)).toEqual({ error: REDIRECT_MESSAGES.toShape });
  });

  it("knows which site path a target leads to", () => {
    expect(sitePathOf("/blog/a?x=1#y")).toBe("/blog/a");
    expect(sitePathOf("/blog/a/")).toBe("/blog/a");
    expect(sitePathOf("https://example.com/blog/a")).toBeUndefined();
  });
});

describe("the staff form", () => {
  const parse = (from: string, to: string) =>
    parseWithZod(form({ intent: "add", from, to }), { schema: addRedirectSchema });

  it("accepts a good pair and says what is wrong with each field otherwise", () => {
    expect(parse("/old", "/blog/new").status).toBe("success");
    const bad = parse("/admin", "javascript:alert(1)").reply();
    expect(bad.error).toEqual({ from: [REDIRECT_MESSAGES.fromReserved], to: [REDIRECT_MESSAGES.toShape] });
  });

  it("refuses a redirect to itself (a loop of one)", () => {
    expect(parse("/old", "/old/?x=1").reply().error).toEqual({ to: [REDIRECT_MESSAGES.same] });
  });
});

describe("the query string", () => {
  it("is kept, after the target's own and before its fragment", () => {
    expect(withQuery("/blog/new", "")).toBe("/blog/new");
    expect(withQuery("/blog/new", "?utm_source=x")).toBe("/blog/new?utm_source=x");
    expect(withQuery("/blog/new?a=1#top", "?b=2")).toBe("/blog/new?a=1&b=2#top");
    expect(withQuery("https://example.com/", "?b=2")).toBe("https://example.com/?b=2");
  });
});

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe("the addresses a redirect may not start from", () => {
  // A new page in app/routes.ts must be known here, or a redirect could be made from an
  // address that never answers 404 (and so never redirects).
  it("include every fixed address in app/routes.ts", async () => {
    const { default: routes } = await import("~/routes");
    type Entry = { path?: string; index?: boolean; children?: Entry[] };
    const join = (base: string, path?: string) => (path ? `${base.replace(/\/$/, "")}/${path}` : base);
    const paths = (entries: Entry[], base: string): string[] =>
      entries.flatMap((entry) => [
        ...(entry.path !== undefined || entry.index ? [join(base, entry.path)] : []),
        ...paths(entry.children ?? [], join(base, entry.path)),
      ]);
    const fixed = paths(routes as Entry[], "/").filter((path) => !path.includes(":") && !path.includes("*"));
    expect(fixed.length).toBeGreaterThan(20);
    for (const path of fixed) expect(checkFrom(path), path).toHaveProperty("error");
  });
});
