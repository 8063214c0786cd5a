import { addDays } from "date-fns";
import { and, count, desc, gte, sql } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { osloDay, osloZone as oslo, startOfOsloDay } from "../platform/dates";

export const TRAFFIC_DAYS = 30;
export const TOP_PAGES = 10;


export type DailyViews = { day: string; views: number };

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
    .select({ day, views: count() })
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
  const views = count();
  const rows = await db
    .select({ path: schema.pageViews.path, views })
    .from(schema.pageViews)
    .where(and(gte(schema.pageViews.createdAt, since)))
    .groupBy(schema.pageViews.path)
    .orderBy(desc(views), schema.pageViews.path)
    .limit(limit);
  return rows.map((row) => ({ path: row.path, views: Number(row.views) }));
}
