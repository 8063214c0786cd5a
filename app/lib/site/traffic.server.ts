import { addDays } from "date-fns";
import { and, desc, gte, isNotNull, or, sql } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { osloDay, osloZone as oslo, startOfOsloDay } from "../platform/dates";

export const TRAFFIC_DAYS = 30;
export const TOP_PAGES = 10;
export const TOP_SOURCES = 8;


export type DailyViews = { day: string; views: number };

/**
 * The views the rows of a query count: a row holds the alike views of one second (decision
 * 085), so views are summed, never rows counted. A fresh expression per query (Drizzle
 * aliases it per select).
 */
export const viewsCounted = () => sql<number>`coalesce(sum(${schema.pageViews.views}), 0)::int`;

/**
 * Page views per Oslo calendar day for the last `days` days, today included, oldest
 * first, with the days nobody came as zero (a chart with gaps would lie about them).
 * The grouping happens in PostgreSQL, in Oslo time, so a view at 00:30 Oslo time
 * (23:30 UTC the evening before) counts for the right day.
 */
export async function pageViewsPerDay(db: Database, days = TRAFFIC_DAYS): Promise<DailyViews[]> {
  const today = now();
  const since = startOfOsloDay(addDays(today, -(days - 1), { in: oslo }));
  const day = sql<string>`to_char(${schema.pageViews.createdAt} at time zone 'Europe/Oslo', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, views: viewsCounted() })
    .from(schema.pageViews)
    .where(gte(schema.pageViews.createdAt, since))
    .groupBy(day);
  const byDay = new Map(rows.map((row) => [row.day, Number(row.views)]));
  return Array.from({ length: days }, (_, index) => {
    // Days are counted in Oslo, so a daylight-saving change never skips or repeats one.
    const key = osloDay(addDays(today, index - (days - 1), { in: oslo }));
    return { day: key, views: byDay.get(key) ?? 0 };
  });
}

/** The most viewed pages of the last `days` days, most viewed first (ties by path). */
export async function topPages(db: Database, days = TRAFFIC_DAYS, limit = TOP_PAGES) {
  const since = startOfOsloDay(addDays(now(), -(days - 1), { in: oslo }));
  const views = viewsCounted();
  const rows = await db
    .select({ path: schema.pageViews.path, views })
    .from(schema.pageViews)
    .where(and(gte(schema.pageViews.createdAt, since)))
    .groupBy(schema.pageViews.path)
    .orderBy(desc(views), schema.pageViews.path)
    .limit(limit);
  return rows.map((row) => ({ path: row.path, views: Number(row.views) }));
}

export type SourceViews = { source: string | null; views: number };
export type CampaignViews = { campaign: string | null; source: string | null; medium: string | null; views: number };

/**
 * Where the last `days` days' views came from, most first: the link's campaign source
 * (utm_source) when it named one, else the referring site; null for the rest (typed in,
 * a bookmark, a browser that sends no referrer). Nothing per visitor, only counts.
 */
export async function topSources(db: Database, days = TRAFFIC_DAYS, limit = TOP_SOURCES): Promise<SourceViews[]> {
  const since = startOfOsloDay(addDays(now(), -(days - 1), { in: oslo }));
  const source = sql<string | null>`coalesce(${schema.pageViews.source}, ${schema.pageViews.referrer})`;
  const views = viewsCounted();
  const rows = await db
    .select({ source, views })
    .from(schema.pageViews)
    .where(gte(schema.pageViews.createdAt, since))
    .groupBy(source)
    .orderBy(desc(views), source)
    .limit(limit);
  return rows.map((row) => ({ source: row.source, views: Number(row.views) }));
}

/** The campaigns (visits whose link carried utm_* parameters) of the last `days` days, most first. */
export async function topCampaigns(db: Database, days = TRAFFIC_DAYS, limit = TOP_SOURCES): Promise<CampaignViews[]> {
  const since = startOfOsloDay(addDays(now(), -(days - 1), { in: oslo }));
  const { campaign, source, medium } = schema.pageViews;
  const views = viewsCounted();
  const rows = await db
    .select({ campaign, source, medium, views })
    .from(schema.pageViews)
    .where(and(gte(schema.pageViews.createdAt, since), or(isNotNull(campaign), isNotNull(source), isNotNull(medium))))
    .groupBy(campaign, source, medium)
    .orderBy(desc(views), campaign, source, medium)
    .limit(limit);
  return rows.map((row) => ({ ...row, views: Number(row.views) }));
}
