import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageViewBuffer } from "~/lib/site/analytics.server";
import { type DatabaseHandle, DatabaseUnavailableError, schema } from "~/lib/platform/db.server";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

describe(`buffered page views (${engineName()})`, () => {
  it("writes recorded views in one batch when flushed, and the rest when stopped", async () => {
    await truncateAll(handle);
    const buffer = createPageViewBuffer(
      () => handle.db,
      (error) => {
        throw error;
      },
    );
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
    const buffer = createPageViewBuffer(
      () => handle.db,
      (error) => {
        throw error;
      },
    );
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
