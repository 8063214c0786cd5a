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
    cache.clear();
    expect(cache.bytes).toBe(0);
  });
});

describe("the page cache after a change (stale-while-revalidate)", () => {
  const page = (text: string) => ({ parts: [Buffer.from(text)], headers: [] as [string, string][] });

  it("keeps the previous copy, lets exactly one caller render its successor, then serves the new one", () => {
    const cache = createPageCache();
    cache.store("/", page("old"), cache.generation);
    cache.invalidate();
    expect(cache.get("/")).toBeUndefined(); // not fresh
    expect(cache.lookup("/")).toMatchObject({ fresh: false });
    expect(cache.claimRefresh("/")).toBe(true);
    // Everyone else meanwhile: the previous copy, and no second render.
    for (let i = 0; i < 100; i++) expect(cache.claimRefresh("/")).toBe(false);
    expect(cache.lookup("/")?.page.parts.join("")).toBe("old");
    const generation = cache.generation;
    cache.store("/", page("new"), generation);
    cache.endRefresh("/", "stored");
    expect(cache.get("/")?.parts.join("")).toBe("new");
    expect(cache.isRefreshing("/")).toBe(false);
  });

  it("drops the stale copy when the page is gone, keeps it when the render failed", () => {
    const cache = createPageCache();
    cache.store("/a", page("a"), cache.generation);
    cache.store("/b", page("b"), cache.generation);
    cache.invalidate();
    cache.claimRefresh("/a");
    cache.endRefresh("/a", "gone");
    expect(cache.lookup("/a")).toBeUndefined();
    cache.claimRefresh("/b");
    cache.endRefresh("/b", "failed");
    expect(cache.lookup("/b")?.page.parts.join("")).toBe("b");
    expect(cache.claimRefresh("/b")).toBe(true); // the next request tries again
  });

  it("does not store a render that began before a change", () => {
    const cache = createPageCache();
    const began = cache.generation;
    cache.invalidate();
    expect(cache.store("/", page("x"), began)).toBeUndefined();
  });
});
