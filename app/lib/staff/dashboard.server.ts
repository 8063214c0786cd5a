import { and, count, eq, gte } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { startOfOsloDay } from "../platform/dates";
import { type Database, schema } from "../platform/db.server";
import { failingMailCount } from "../mail/outbox-admin.server";
import { unreadLeadCount } from "../visitor-forms/leads.server";

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
      .select({ n: count() })
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
