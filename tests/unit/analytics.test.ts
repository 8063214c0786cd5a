import { describe, expect, it } from "vitest";
import { isCountablePageView } from "~/lib/site/analytics.server";
import { renderRobots } from "~/lib/site/sitemap.server";

const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const html = (status = 200) =>
  new Response("<html>", { status, headers: { "content-type": "text/html; charset=utf-8" } });

describe("page views", () => {
  it("counts public pages that people receive, and nothing else", () => {
    expect(isCountablePageView({ method: "GET", path: "/work", userAgent: chrome }, html())).toBe(true);
    expect(isCountablePageView({ method: "GET", path: "/work", userAgent: "Googlebot/2.1" }, html())).toBe(false);
    expect(isCountablePageView({ method: "POST", path: "/contact", userAgent: chrome }, html())).toBe(false);
    expect(isCountablePageView({ method: "GET", path: "/nope", userAgent: chrome }, html(404))).toBe(false);
    expect(isCountablePageView({ method: "GET", path: "/api/blog", userAgent: chrome }, Response.json({}))).toBe(false);
    for (const path of ["/admin", "/admin/settings", "/login", "/blog/manage", "/blog/cms", "/job-cms/1"]) {
      expect(isCountablePageView({ method: "GET", path, userAgent: chrome }, html())).toBe(false);
    }
    // A public page whose name merely starts like a staff one is still counted.
    expect(isCountablePageView({ method: "GET", path: "/administration-tips", userAgent: chrome }, html())).toBe(true);
  });

  it("keeps the same staff paths out of search engines", () => {
    const robots = renderRobots("https://www.fjordform.no");
    for (const path of ["/admin", "/login", "/blog/manage", "/job-cms", "/api/"])
      expect(robots).toContain(`Disallow: ${path}`);
    expect(robots).toContain("Sitemap: https://www.fjordform.no/sitemap.xml");
  });
});
