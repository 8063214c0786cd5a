import { asc, eq } from "drizzle-orm";
import { type Database, schema } from "../platform/db.server";

/** The published showcase items, in the order staff gave them (/work, the home page). */
export async function listPublishedShowcase(db: Database) {
  const p = schema.portfolioItems;
  return db
    .select({ slug: p.slug, title: p.title, media: p.media })
    .from(p)
    .where(eq(p.status, "published"))
    .orderBy(asc(p.sortOrder));
}
