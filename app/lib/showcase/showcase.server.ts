import { and, asc, eq, sql } from "drizzle-orm";
import { isSlug } from "../platform/slug";
import { type Database, schema } from "../platform/db.server";

/**
 * The public side of the showcase: published items in the order staff gave them (/work,
 * the home page's featured three, each service page's work, the case-study pages).
 */
const p = schema.portfolioItems;
const published = eq(p.status, "published");
const inOrder = [asc(p.sortOrder), asc(p.createdAt), asc(p.id)];

const cardColumns = {
  slug: p.slug,
  title: p.title,
  client: p.client,
  result: p.result,
  videoMp4: p.videoMp4,
  videoWebm: p.videoWebm,
  poster: p.poster,
  posterJpeg: p.posterJpeg,
  posterAlt: p.posterAlt,
  updatedAt: p.updatedAt,
};

/** Published case studies search engines may list (the sitemap, decision 056). */
export async function listIndexableShowcase(db: Database) {
  return db
    .select({ slug: p.slug, updatedAt: p.updatedAt })
    .from(p)
    .where(and(published, eq(p.noindex, false)))
    .orderBy(...inOrder);
}

export async function listPublishedShowcase(db: Database) {
  return db
    .select(cardColumns)
    .from(p)
    .where(published)
    .orderBy(...inOrder);
}

/** The home page's work: the first featured items, at most three. */
export async function listFeaturedShowcase(db: Database, limit = 3) {
  return db
    .select(cardColumns)
    .from(p)
    .where(and(published, eq(p.featured, true)))
    .orderBy(...inOrder)
    .limit(limit);
}

/** The published work tagged with a service (its slug in app/content/services.ts). */
export async function listShowcaseForService(db: Database, serviceSlug: string) {
  return db
    .select(cardColumns)
    .from(p)
    .where(and(published, sql`${p.services} @> ${JSON.stringify([serviceSlug])}::jsonb`))
    .orderBy(...inOrder);
}

/**
 * A published case study and the project after it in the showcase (the first after the
 * last); undefined for an unknown or unpublished slug.
 */
export async function getPublishedCaseStudy(db: Database, slug: string) {
  if (!isSlug(slug)) return undefined;
  const items = await db
    .select({ id: p.id, slug: p.slug, title: p.title })
    .from(p)
    .where(published)
    .orderBy(...inOrder);
  const at = items.findIndex((item) => item.slug === slug);
  if (at < 0) return undefined;
  const [item] = await db
    .select()
    .from(p)
    .where(and(published, eq(p.id, items[at]!.id)));
  if (!item) return undefined;
  const next = items.length > 1 ? items[(at + 1) % items.length]! : undefined;
  return { item, next: next && { slug: next.slug, title: next.title } };
}
