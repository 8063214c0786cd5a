import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countableVisit, createPageViewBuffer } from "~/lib/site/analytics.server";
import { pageViewsPerDay, topPages } from "~/lib/site/traffic.server";
import { dashboardCounts } from "~/lib/staff/dashboard.server";
import { type DatabaseHandle, DatabaseUnavailableError, schema } from "~/lib/platform/db.server";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";

let handle: DatabaseHandle;
/** A buffer on the test database whose failed writes fail the test. */
const bufferFailingLoudly = () =>
  createPageViewBuffer(
    () => handle.db,
    (error) => {
      throw error;
    },
  );
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe(`buffered page views (${engineName()})`, () => {
  it("writes recorded views in one batch when flushed, and the rest when stopped", async () => {
    await truncateAll(handle);
    const buffer = bufferFailingLoudly();
    buffer.record("/");
    buffer.record("/work");
    expect(await handle.db.select().from(schema.pageViews)).toHaveLength(0); // not on the request path
    await buffer.flush();
    expect((await handle.db.select().from(schema.pageViews)).map((row) => row.path).sort()).toEqual(["/", "/work"]);
    buffer.record("/blog");
    await buffer.stop();
    expect(await handle.db.select().from(schema.pageViews)).toHaveLength(3);
  });

  it("reports a failed write instead of throwing into a request", async () => {
    const errors: unknown[] = [];
    const buffer = createPageViewBuffer(
      () => {
        throw new DatabaseUnavailableError("down");
      },
      (error) => errors.push(error),
    );
    buffer.record("/");
    await expect(buffer.stop()).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});

describe(`page views with their sources (${engineName()})`, () => {
  it("writes a batch's campaigns, referrers and times as recorded, nulls included", async () => {
    await truncateAll(handle);
    const buffer = bufferFailingLoudly();
    const view = { path: "/work", source: "newsletter", medium: "email", campaign: "Vinter, \"26\" {x}", referrer: "linkedin.com" };
    buffer.record(view);
    buffer.record({ path: "/", source: null, medium: null, campaign: null, referrer: null });
    buffer.record("/Blog/");
    await buffer.stop();
    const rows = await handle.db.select().from(schema.pageViews).orderBy(schema.pageViews.id);
    expect(rows.map(({ path, source, medium, campaign, referrer }) => ({ path, source, medium, campaign, referrer }))).toEqual([
      view,
      { path: "/", source: null, medium: null, campaign: null, referrer: null },
      { path: "/blog", source: null, medium: null, campaign: null, referrer: null },
    ]);
    for (const row of rows) expect(Math.abs(row.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });
});

describe(`alike page views counted together (${engineName()})`, () => {
  it("writes a batch's alike views as one row with their count, and different ones apart", async () => {
    await truncateAll(handle);
    const buffer = bufferFailingLoudly();
    const fromNewsletter = { path: "/", source: "newsletter", medium: "email", campaign: "vinter", referrer: null };
    for (let i = 0; i < 1_000; i++) buffer.record("/");
    for (let i = 0; i < 3; i++) buffer.record(fromNewsletter);
    buffer.record("/work");
    await buffer.flush();
    buffer.record("/"); // the next batch: its own row
    await buffer.stop();
    const rows = await handle.db.select().from(schema.pageViews).orderBy(schema.pageViews.id);
    expect(rows.map(({ path, source, views }) => ({ path, source, views }))).toEqual([
      { path: "/", source: null, views: 1_000 },
      { path: "/", source: "newsletter", views: 3 },
      { path: "/work", source: null, views: 1 },
      { path: "/", source: null, views: 1 },
    ]);
    // The dashboard's figures count views, not rows.
    const [today] = await pageViewsPerDay(handle.db, 1);
    expect(today!.views).toBe(1_005);
    expect(await topPages(handle.db)).toEqual([
      { path: "/", views: 1_004 },
      { path: "/work", views: 1 },
    ]);
    expect((await dashboardCounts(handle.db)).pageViewsToday).toBe(1_005);
  });

  it("drops control characters from a visit's path and campaign instead of losing the batch", async () => {
    await truncateAll(handle);
    const buffer = bufferFailingLoudly();
    const visit = (path: string, search: string) =>
      countableVisit({ method: "GET", path, search, userAgent: "Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0", referer: "", ownHosts: new Set() })!;
    buffer.record(visit("/blog\u0000", "?utm_source=news%00letter&utm_campaign=a%0Ab"));
    buffer.record(visit("/work", ""));
    await buffer.stop();
    const rows = await handle.db.select().from(schema.pageViews).orderBy(schema.pageViews.id);
    expect(rows.map(({ path, source, campaign }) => ({ path, source, campaign }))).toEqual([
      { path: "/blog", source: "newsletter", campaign: "ab" },
      { path: "/work", source: null, campaign: null },
    ]);
  });
});
