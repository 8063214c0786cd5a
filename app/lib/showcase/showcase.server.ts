import { and, asc, eq, sql } from "drizzle-orm";
import { isSlug } from "../platform/slug";
import { type Database, schema } from "../platform/db.server";
import { keptUntilChange } from "../platform/kept-until-change.server";
import { log } from "../platform/log.server";

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
  // The richer tiles of /work and the service pages (issue #32).
  year: p.year,
  services: p.services,
};

/** Published case studies search engines may list (the sitemap, decision 056). */
export async function listIndexableShowcase(db: Database) {
  return db
    .select({ slug: p.slug, updatedAt: p.updatedAt })
    .from(p)
    .where(and(published, eq(p.noindex, false)))
    .orderBy(...inOrder);
}

type Card = Awaited<ReturnType<typeof readCards>>[number];
type DatabaseOrGetter = Database | (() => Database);

const readCards = (db: Database, where: ReturnType<typeof and>, limit?: number) => {
  const query = db
    .select(cardColumns)
    .from(p)
    .where(where)
    .orderBy(...inOrder);
  return limit === undefined ? query : query.limit(limit);
};

// The lists last read, per list: they stand in while the database does not answer.
const lastKnown = new Map<string, Card[]>();

// The lists kept until the showcase changes (lib/platform/kept-until-change.server.ts): /
// read its featured three on every render, although they change only when staff change
// them. The keys are fixed lists (a service's slug comes from app/content/services.ts).
const lists = keptUntilChange<Card[]>();

/** Keeps the public lists in memory from now on (a process that listens for content changes). */
export function rememberShowcaseLists() {
  lists.remember();
}

/** The showcase may have changed: the next call of each list reads the database. */
export function forgetShowcaseLists() {
  lists.forget();
}

/**
 * The cards of one public list. A database that does not answer (an outage, no connection
 * for this request) does not fail /, /work or a service page: the list last read in this
 * process stands in, else none, as the page's words do (decision 053); the next request
 * reads again. `db` may be a getter, so that getting the database itself may fail. `where`
 * is made only when the list is read: a kept list's render builds no query.
 */
async function cards(list: string, db: DatabaseOrGetter, where: () => ReturnType<typeof and>, limit?: number) {
  try {
    return await lists.get(list, async () => {
      const rows = await readCards(typeof db === "function" ? db() : db, where(), limit);
      lastKnown.set(list, rows);
      return rows;
    });
  } catch (error) {
    log.warn("the showcase could not be read; the last known list stands in", { list, error: String(error) });
    return lastKnown.get(list) ?? [];
  }
}

export async function listPublishedShowcase(db: DatabaseOrGetter) {
  return cards("published", db, () => published);
}

/** The home page's work: the first featured items, at most three. */
export async function listFeaturedShowcase(db: DatabaseOrGetter, limit = 3) {
  return cards(`featured:${limit}`, db, () => and(published, eq(p.featured, true)), limit);
}

/** The published work tagged with a service (its slug in app/content/services.ts). */
export async function listShowcaseForService(db: DatabaseOrGetter, serviceSlug: string) {
  return cards(`service:${serviceSlug}`, db, () =>
    and(published, sql`${p.services} @> ${JSON.stringify([serviceSlug])}::jsonb`),
  );
}

/**
 * A published case study and the project after it in the showcase (the first after the
 * last); undefined for an unknown or unpublished slug.
 */
export async function getPublishedCaseStudy(db: Database, slug: string) {
  if (!isSlug(slug)) return undefined;
  const items = await db
    .select({ id: p.id, slug: p.slug, title: p.title, client: p.client, result: p.result, poster: p.poster, posterAlt: p.posterAlt })
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
  // The "next project" card shows the next one's poster and its one-line result.
  if (!next) return { item, next: undefined };
  const { id: _id, ...card } = next;
  return { item, next: card };
}
