import { describe, expect, it } from "vitest";
import { setClockOffset } from "~/lib/platform/clock.server";
import { schema } from "~/lib/platform/db.server";
import { pageViewsPerDay, topCampaigns, topPages, topSources } from "~/lib/site/traffic.server";
import { engineName, setUpTestDatabase } from "../support/test-database";

const handle = setUpTestDatabase();

/** Moves the app's clock so "now" is the given instant. */
function pretendNowIs(iso: string) {
  setClockOffset(new Date(iso).getTime() - Date.now());
}

async function views(...rows: [path: string, at: string][]) {
  await handle.db.insert(schema.pageViews).values(rows.map(([path, at]) => ({ path, createdAt: new Date(at) })));
}

describe(`the dashboard's traffic (${engineName()})`, () => {
  it("counts page views per Oslo day for the last 30 days, today last, quiet days as zero", async () => {
    // Summer time starts in Oslo on 29 March 2026 at 02:00 local (01:00 UTC).
    pretendNowIs("2026-03-29T10:00:00Z");
    await views(
      ["/", "2026-03-28T22:30:00Z"], // 23:30 in Oslo on the 28th
      ["/", "2026-03-28T23:30:00Z"], // 00:30 in Oslo on the 29th, though still the 28th in UTC
      ["/work", "2026-03-29T09:59:00Z"],
      ["/blog", "2026-02-28T10:00:00Z"], // the 30th day back: counted
      ["/blog", "2026-02-27T22:59:00Z"], // 23:59 on 27 February in Oslo: too old
    );
    const days = await pageViewsPerDay(handle.db);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: "2026-02-28", views: 1 });
    expect(days.at(-1)).toEqual({ day: "2026-03-29", views: 2 });
    expect(days.at(-2)).toEqual({ day: "2026-03-28", views: 1 });
    // Every calendar day once, none skipped or repeated across the change to summer time.
    expect(new Set(days.map((d) => d.day)).size).toBe(30);
    expect(days.reduce((sum, d) => sum + d.views, 0)).toBe(4);
  });

  it("lists the ten most viewed pages of the last 30 days, most viewed first", async () => {
    pretendNowIs("2026-11-23T12:00:00Z");
    const recent = "2026-11-20T12:00:00Z";
    const rows: [string, string][] = [];
    for (let page = 1; page <= 12; page++) {
      for (let n = 0; n < page; n++) rows.push([`/blog/post-${page}`, recent]);
    }
    rows.push(["/blog/post-1", "2026-09-01T12:00:00Z"], ["/old", "2026-09-01T12:00:00Z"]); // before the window
    await views(...rows);
    const pages = await topPages(handle.db);
    expect(pages).toHaveLength(10);
    expect(pages[0]).toEqual({ path: "/blog/post-12", views: 12 });
    expect(pages.at(-1)).toEqual({ path: "/blog/post-3", views: 3 });
    expect(pages.map((p) => p.path)).not.toContain("/old");
  });
});

describe(`where visits came from (${engineName()})`, () => {
  it("ranks campaign sources and referring sites, and the campaigns, of the last 30 days", async () => {
    pretendNowIs("2026-11-23T12:00:00Z");
    const recent = new Date("2026-11-20T12:00:00Z");
    const view = (fields: Partial<typeof schema.pageViews.$inferInsert>) => ({ path: "/", createdAt: recent, ...fields });
    await handle.db.insert(schema.pageViews).values([
      ...Array.from({ length: 3 }, () => view({ source: "newsletter", medium: "email", campaign: "Vinter 2026" })),
      view({ source: "newsletter", medium: "email", campaign: "Vinter 2026", referrer: "mail.google.com" }),
      ...Array.from({ length: 2 }, () => view({ referrer: "linkedin.com" })),
      view({ source: "linkedin", medium: "social" }),
      view({}),
      view({ source: "old", campaign: "Sommer", createdAt: new Date("2026-09-01T12:00:00Z") }), // before the window
    ]);
    expect(await topSources(handle.db)).toEqual([
      { source: "newsletter", views: 4 },
      { source: "linkedin.com", views: 2 },
      { source: "linkedin", views: 1 },
      { source: null, views: 1 }, // typed in, a bookmark: no campaign, no referrer
    ]);
    expect(await topCampaigns(handle.db)).toEqual([
      { campaign: "Vinter 2026", source: "newsletter", medium: "email", views: 4 },
      { campaign: null, source: "linkedin", medium: "social", views: 1 },
    ]);
  });
});
