import { and, count, eq, gte, lt, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { now } from "../platform/clock.server";
import { startOfOsloDay } from "../platform/dates";
import { type Database, schema } from "../platform/db.server";
import { failingMailCount } from "../mail/outbox-admin.server";
import { unreadLeadCount } from "../visitor-forms/leads.server";
import { viewsCounted } from "../site/traffic.server";

/** Midnight today in Oslo, as an instant: "today" for a Norwegian studio. */
export const startOfTodayInOslo = (at = now()) => startOfOsloDay(at);

/**
 * The dashboard's numbers: published posts, active subscribers, published portfolio items,
 * views today, unread leads, and e-mails undelivered for more than an hour (a warning).
 */
export async function dashboardCounts(db: Database) {
  const [posts, subscribers, portfolio, views, unreadLeads, failingMail] = await Promise.all([
    db.select({ n: count() }).from(schema.blogPosts).where(eq(schema.blogPosts.published, true)),
    db
      .select({ n: count() })
      .from(schema.newsletterSubscribers)
      .where(eq(schema.newsletterSubscribers.status, "active")),
    db.select({ n: count() }).from(schema.portfolioItems).where(eq(schema.portfolioItems.status, "published")),
    db
      .select({ n: viewsCounted() })
      .from(schema.pageViews)
      .where(and(gte(schema.pageViews.createdAt, startOfTodayInOslo()))),
    unreadLeadCount(db),
    failingMailCount(db),
  ]);
  return {
    publishedPosts: posts[0]?.n ?? 0,
    newsletterSubscribers: subscribers[0]?.n ?? 0,
    portfolioItems: portfolio[0]?.n ?? 0,
    pageViewsToday: views[0]?.n ?? 0,
    unreadLeads,
    failingMail,
  };
}

/** A figure's change: how many in this period and in the one before it. */
export type Trend = { current: number; previous: number };

const DAY_MS = 24 * 60 * 60 * 1000;
/** The stat cards compare the last 30 days with the 30 before (issue 32). */
export const TREND_DAYS = 30;

/**
 * Beside each stat card's figure, what moved it (issue 32): published posts, confirmed
 * subscribers and published portfolio items new in the last 30 days and in the 30 days
 * before; page views today against yesterday up to the same time of day (a whole
 * yesterday would make every morning look like a fall).
 */
export async function dashboardTrends(db: Database, at = now()) {
  const periodStart = new Date(at.getTime() - TREND_DAYS * DAY_MS);
  const previousStart = new Date(at.getTime() - 2 * TREND_DAYS * DAY_MS);
  const sameTimeYesterday = new Date(at.getTime() - DAY_MS);
  const within = (column: PgColumn, from: Date, to: Date) => and(gte(column, from), lt(column, to));
  const tally = async (table: Parameters<ReturnType<Database["select"]>["from"]>[0], where: SQL | undefined) =>
    (await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;
  const pair = async (table: Parameters<typeof tally>[0], column: PgColumn, only?: SQL): Promise<Trend> => {
    const [current, previous] = await Promise.all([
      tally(table, and(only, within(column, periodStart, at))),
      tally(table, and(only, within(column, previousStart, periodStart))),
    ]);
    return { current, previous };
  };
  const { blogPosts: posts, newsletterSubscribers: subscribers, portfolioItems: portfolio, pageViews: views } = schema;
  const [publishedPosts, newsletterSubscribers, portfolioItems, viewsYesterday] = await Promise.all([
    // A post's date is its created_at (the spec's field, which the editor can change).
    pair(posts, posts.createdAt, eq(posts.published, true)),
    // Everyone who confirmed in the period, whether or not they have left since.
    pair(subscribers, subscribers.confirmedAt),
    pair(portfolio, portfolio.createdAt, eq(portfolio.status, "published")),
    db
      .select({ n: viewsCounted() })
      .from(views)
      .where(within(views.createdAt, startOfOsloDay(sameTimeYesterday), sameTimeYesterday))
      .then((rows) => rows[0]?.n ?? 0),
  ]);
  return { publishedPosts, newsletterSubscribers, portfolioItems, pageViewsYesterday: viewsYesterday };
}
