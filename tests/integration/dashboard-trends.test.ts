import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { dashboardTrends } from "~/lib/staff/dashboard.server";
import { createTestDatabase, engineName } from "../support/test-database";

// The dashboard's cards show each figure against the period before it (issue 32): the last
// 30 days against the 30 before, and today's views against yesterday up to the same time.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

// Noon in Oslo on a weekday, so "yesterday up to the same time" is 00:00–12:00 the day before.
const at = new Date("2026-11-18T11:00:00Z");
const daysAgo = (days: number, hours = 0) => new Date(at.getTime() - (days * 24 + hours) * 60 * 60 * 1000);

describe(`the dashboard's trends on ${engineName()}`, () => {
  it("counts what is new in each period, and yesterday's views only up to this time of day", async () => {
    const post = (slug: string, createdAt: Date, published = true) => ({
      title: slug,
      excerpt: "Kort",
      author: "Kari",
      slug,
      content: "Tekst",
      published,
      createdAt,
    });
    await handle.db.insert(schema.blogPosts).values([
      post("this-period-1", daysAgo(1)),
      post("this-period-2", daysAgo(29)),
      post("a-draft", daysAgo(2), false),
      post("previous-period", daysAgo(31)),
      post("long-ago", daysAgo(90)),
    ]);
    const subscriber = (email: string, confirmedAt: Date | null, status: "active" | "unsubscribed" | "pending") => ({
      email,
      status,
      consentText: "Ja takk",
      confirmedAt,
    });
    await handle.db.insert(schema.newsletterSubscribers).values([
      subscriber("a@example.no", daysAgo(3), "active"),
      subscriber("b@example.no", daysAgo(4), "unsubscribed"), // confirmed in the period, left since
      subscriber("c@example.no", null, "pending"),
      subscriber("d@example.no", daysAgo(40), "active"),
      subscriber("e@example.no", daysAgo(50), "active"),
      subscriber("f@example.no", daysAgo(59), "active"),
    ]);
    const item = (slug: string, createdAt: Date, status: "draft" | "published" = "published") => ({
      slug,
      title: slug,
      videoMp4: "v.mp4",
      poster: "p.webp",
      posterJpeg: "p.jpg",
      status,
      createdAt,
    });
    await handle.db.insert(schema.portfolioItems).values([item("new-case", daysAgo(5)), item("draft-case", daysAgo(5), "draft")]);
    await handle.db.insert(schema.pageViews).values([
      { path: "/", createdAt: daysAgo(1, 2) }, // yesterday 10:00 Oslo: counted
      { path: "/", createdAt: daysAgo(1, 11) }, // yesterday 01:00 Oslo: counted
      { path: "/", createdAt: daysAgo(1, -2) }, // yesterday 14:00 Oslo: later in the day, not counted
      { path: "/", createdAt: daysAgo(2) }, // the day before: not counted
    ]);

    expect(await dashboardTrends(handle.db, at)).toEqual({
      publishedPosts: { current: 2, previous: 1 },
      newsletterSubscribers: { current: 2, previous: 3 },
      portfolioItems: { current: 1, previous: 0 },
      pageViewsYesterday: 2,
    });
  });
});
