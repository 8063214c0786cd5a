import { describe, expect, it } from "vitest";
import { createPageCache } from "~/lib/platform/page-cache.server";
import { pageCacheAddress } from "../../server/page-address";
import { isCacheableVisit } from "../../server/page-cache";

describe("a page's cache address", () => {
  it("is the plain path whatever tracking or unknown parameters a link adds", () => {
    for (const search of [
      "",
      "?",
      "?utm_source=newsletter&utm_medium=email",
      "?UTM_Campaign=Spring",
      "?fbclid=IwAR0",
      "?gclid=x&msclkid=y&mc_cid=1&mc_eid=2&_ga=3&ref=linkedin",
      "?a=1",
      "?page=2&utm_source=x",
    ]) {
      expect(pageCacheAddress("/design", search), search).toBe("/design");
    }
  });

  it("is none when a parameter makes the answer personal (the footer sign-up's result)", () => {
    expect(pageCacheAddress("/about", "?newsletter=subscribed")).toBeUndefined();
    expect(pageCacheAddress("/about", "?utm_source=x&newsletter=failed")).toBeUndefined();
  });
});

describe("what the page cache answers", () => {
  it("leaves React Router's data requests alone: their parameters are what they answer for", () => {
    const visit = { method: "GET", cookie: null, testFault: false };
    expect(isCacheableVisit({ ...visit, path: "/about" })).toBe(true);
    expect(isCacheableVisit({ ...visit, path: "/about.data" })).toBe(false);
    expect(isCacheableVisit({ ...visit, path: "/_root.data" })).toBe(false);
  });
});

describe("the page cache's bound", () => {
  const page = (bytes: number) => ({ parts: [Buffer.alloc(bytes, "a")], headers: [] as [string, string][] });

  it("holds its bytes under the bound however many pages are stored, dropping the oldest first", () => {
    const cache = createPageCache();
    for (let i = 0; i < 2_000; i++) cache.store(`/page-${i}`, page(500_000), cache.generation);
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    expect(cache.size).toBeLessThan(2_000);
    expect(cache.get("/page-1999")).toBeDefined();
    expect(cache.get("/page-0")).toBeUndefined();
  });

  it("replaces a page stored again at the same address without counting it twice", () => {
    const cache = createPageCache();
    cache.store("/", page(1_000), cache.generation);
    cache.store("/", page(1_000), cache.generation);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(2_000);
    cache.invalidate();
    expect(cache.bytes).toBe(0);
  });
});
