import { describe, expect, it } from "vitest";
import { countableVisit, isCountablePageView as countedView, normalisedPath } from "~/lib/site/analytics.server";
import { renderRobots } from "~/lib/site/sitemap.server";

const chrome = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
const own = new Set(["www.fjordform.no", "localhost"]);
const visit = (fields: { method: string; path: string; userAgent: string; search?: string; referer?: string }) => ({
  search: "",
  referer: "",
  ownHosts: own,
  ...fields,
});
const isCountablePageView = (request: Parameters<typeof visit>[0], response: Response) =>
  countedView(visit(request), response) !== undefined;
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

  it("does not count requests without a user agent, uptime checkers or load tools", () => {
    for (const userAgent of ["", " ", "wrk/4.2", "ApacheBench/2.3", "autocannon", "k6/0.45", "UptimeRobot/2.0", "curl/8.5.0", "Pingdom.com_bot_version_1.4"]) {
      expect(isCountablePageView({ method: "GET", path: "/", userAgent }, html()), userAgent).toBe(false);
    }
  });

  it("counts /blog, /blog/ and /Blog as one page", () => {
    for (const path of ["/blog", "/blog/", "/Blog", "/BLOG//"]) {
      expect(countableVisit(visit({ method: "GET", path, userAgent: chrome }))?.path).toBe("/blog");
    }
    expect(normalisedPath("/")).toBe("/");
    expect(normalisedPath("/x".repeat(400))).toHaveLength(512);
  });

  it("records the link's campaign and the referring site's host, never this site", () => {
    expect(
      countableVisit(
        visit({
          method: "GET",
          path: "/",
          userAgent: chrome,
          search: "?utm_source=Newsletter&utm_medium=Email&utm_campaign=Vinter%202026&fbclid=abc",
          referer: "https://www.linkedin.com/feed/update/123?x=1",
        }),
      ),
    ).toEqual({ path: "/", source: "newsletter", medium: "email", campaign: "Vinter 2026", referrer: "linkedin.com" });
    const plain = countableVisit(visit({ method: "GET", path: "/work", userAgent: chrome, search: "?a=1", referer: "https://www.fjordform.no/blog" }));
    expect(plain).toEqual({ path: "/work", source: null, medium: null, campaign: null, referrer: null });
    expect(countableVisit(visit({ method: "GET", path: "/", userAgent: chrome, referer: "android-app://com.slack" }))?.referrer).toBeNull();
    expect(countableVisit(visit({ method: "GET", path: "/", userAgent: chrome, referer: "not a url" }))?.referrer).toBeNull();
    expect(countableVisit(visit({ method: "GET", path: "/", userAgent: chrome, referer: "http://news.ycombinator.com:8080/item" }))?.referrer).toBe("news.ycombinator.com");
  });

  it("keeps the same staff paths out of search engines", () => {
    const robots = renderRobots("https://www.fjordform.no");
    for (const path of ["/admin", "/login", "/blog/manage", "/job-cms", "/api/"])
      expect(robots).toContain(`Disallow: ${path}`);
    expect(robots).toContain("Sitemap: https://www.fjordform.no/sitemap.xml");
  });
});
