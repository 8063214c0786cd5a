import { desc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, auditAction } from "../auth/security-events.server";
import { NotFoundError } from "../platform/domain-errors";
import { type Database, schema } from "../platform/db.server";
import { checkFrom, checkTo, normalisePath, REDIRECT_MESSAGES, sitePathOf, SLUG_PAGES } from "./redirect-forms";

/**
 * Redirects (/admin/redirects): old addresses that answer 301 where the site would
 * otherwise answer 404. The graph is kept flat, so a visitor is sent once and never in a
 * circle: a target is never the `from` of another redirect. Every change to the graph
 * runs under one transaction-scoped lock, so two changes at once cannot build a chain.
 */
const { redirects: r, users: u, profiles: pr, blogPosts, jobListings, portfolioItems } = schema;

export type RedirectRow = Awaited<ReturnType<typeof listRedirects>>[number];

export async function listRedirects(db: Database) {
  return db
    .select({
      id: r.id,
      from: r.fromPath,
      to: r.toTarget,
      kind: r.kind,
      createdAt: r.createdAt,
      hits: r.hits,
      lastHitAt: r.lastHitAt,
      createdBy: sql<string | null>`coalesce(nullif(${pr.fullName}, ''), ${u.email})`,
    })
    .from(r)
    .leftJoin(u, eq(u.id, r.createdBy))
    .leftJoin(pr, eq(pr.id, r.createdBy))
    .orderBy(desc(r.createdAt), desc(r.id));
}

/** One lock for every change to the graph (the checks read other rows than they write). */
async function lockGraph(tx: Database) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('redirects'))`);
}

/** Whether a post, job or case study has this address (in any state: a draft is a page about to be). */
async function isSlugPage(db: Database, path: string) {
  const prefix = SLUG_PAGES.find((start) => path.startsWith(start));
  const slug = prefix ? path.slice(prefix.length) : "";
  if (!prefix || !slug || slug.includes("/")) return false;
  const table = { "/blog/": blogPosts, "/careers/": jobListings, "/work/": portfolioItems }[prefix];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.slug, slug)).limit(1);
  return Boolean(row);
}

/**
 * How adding went (decision 048): a refusal is an expected branch, because the form shows
 * its message under the field it is about and keeps what was typed.
 */
export type AddOutcome =
  | { kind: "added"; from: string; to: string }
  | { kind: "refused"; field: "from" | "to"; message: string };

const refused = (field: "from" | "to", message: string): AddOutcome => ({ kind: "refused", field, message });

/**
 * A staff member's redirect. Refused, with the message to show under the field: a
 * wrong shape, an address a page answers, a `from` that already redirects, and anything
 * that would make a loop or a chain (its target redirects, or a redirect leads to it).
 */
export async function addRedirect(db: Database, actor: Actor, input: { from: string; to: string }): Promise<AddOutcome> {
  const from = checkFrom(input.from);
  if ("error" in from) return refused("from", from.error);
  const to = checkTo(input.to);
  if ("error" in to) return refused("to", to.error);
  const toPath = sitePathOf(to.target);
  if (toPath === from.path) return refused("to", REDIRECT_MESSAGES.same);
  return db.transaction(async (tx): Promise<AddOutcome> => {
    await lockGraph(tx);
    if (await isSlugPage(tx, from.path)) return refused("from", REDIRECT_MESSAGES.fromIsPage);
    const [taken] = await tx.select({ to: r.toTarget }).from(r).where(eq(r.fromPath, from.path));
    if (taken) return refused("from", `${from.path} omdirigeres allerede til ${taken.to}. Fjern den først.`);
    if (toPath) {
      const [onward] = await tx.select({ to: r.toTarget }).from(r).where(eq(r.fromPath, toPath));
      if (onward && sitePathOf(onward.to) === from.path) {
        return refused("to", `Det ville gi en sløyfe: ${toPath} omdirigeres allerede til ${from.path}.`);
      }
      if (onward) {
        return refused("to", `Det ville gi en kjede: ${toPath} omdirigeres selv videre til ${onward.to}. Skriv ${onward.to} som mål i stedet.`);
      }
    }
    const [leading] = await tx.select({ from: r.fromPath }).from(r).where(pointsAt(from.path));
    if (leading) {
      return refused("from", `Det ville gi en kjede: ${leading.from} omdirigeres allerede hit til ${from.path}. Endre eller fjern den først.`);
    }
    await tx.insert(r).values({ fromPath: from.path, toTarget: to.target, kind: "manual", createdBy: actor.userId });
    await auditAction(tx, actor, "redirect_created", { from: from.path, to: to.target, kind: "manual" });
    return { kind: "added", from: from.path, to: to.target };
  });
}

/** Redirects whose target is this site path (with or without a query or fragment after it). */
function pointsAt(path: string) {
  return or(eq(r.toTarget, path), sql`starts_with(${r.toTarget}, ${`${path}?`})`, sql`starts_with(${r.toTarget}, ${`${path}#`})`);
}

/** The words for a redirect that is not (or no longer) there: the remove form shows them. */
export const REDIRECT_GONE = "Omdirigeringen finnes ikke lenger (en kollega kan ha fjernet den).";

/** Removes one redirect (confirmed on the page). Throws NotFoundError when it was already gone. */
export async function removeRedirect(db: Database, actor: Actor, id: string) {
  if (!z.uuid().safeParse(id).success) throw new NotFoundError(REDIRECT_GONE);
  const [removed] = await db.delete(r).where(eq(r.id, id)).returning({ from: r.fromPath, to: r.toTarget, kind: r.kind });
  if (!removed) throw new NotFoundError(REDIRECT_GONE);
  await auditAction(db, actor, "redirect_removed", { ...removed });
}

/**
 * A page now answers at `path` (a new post, or a slug given to another): a redirect from
 * it would never be used again, and is removed (audited).
 */
export async function releaseAddress(tx: Database, path: string, actor: Actor) {
  const removed = await tx.delete(r).where(eq(r.fromPath, path)).returning({ from: r.fromPath, to: r.toTarget, kind: r.kind });
  for (const row of removed) await auditAction(tx, actor, "redirect_removed", { ...row, reason: "address_in_use" });
}

/**
 * A post's, job's or case study's address changed from `from` to `to`: call inside the
 * transaction that changes it. The new address is a page again (a redirect from it goes),
 * redirects that led to the old address now lead to the new one (no chains), and, when
 * the old address was public, it answers 301 to the new one.
 */
export async function recordAddressChange(
  tx: Database,
  change: { from: string; to: string; wasPublic: boolean },
  actor: Actor,
) {
  if (change.from === change.to) return;
  await lockGraph(tx);
  await releaseAddress(tx, change.to, actor);
  const flattened = await tx
    .update(r)
    .set({ toTarget: sql`${change.to} || substr(${r.toTarget}, ${change.from.length + 1})` })
    .where(pointsAt(change.from))
    .returning({ from: r.fromPath });
  if (flattened.length > 0) {
    await auditAction(tx, actor, "redirects_retargeted", { from: flattened.map((row) => row.from), to: change.to });
  }
  if (!change.wasPublic) return;
  await tx
    .insert(r)
    .values({ fromPath: change.from, toTarget: change.to, kind: "automatic", createdBy: actor.userId })
    .onConflictDoUpdate({
      target: r.fromPath,
      set: { toTarget: change.to, kind: "automatic", createdBy: actor.userId, createdAt: sql`now()` },
    });
  await auditAction(tx, actor, "redirect_created", { from: change.from, to: change.to, kind: "automatic" });
}

/**
 * Where a request for `url` should go instead, with its query string kept, or undefined.
 * Called only where the site would answer 404: one indexed statement, which also counts
 * the hit (the counter is not a column the content trigger watches).
 */
export async function redirectTarget(db: Database, url: URL) {
  const path = normalisePath(url.pathname);
  if (!path) return undefined;
  const [hit] = await db
    .update(r)
    .set({ hits: sql`${r.hits} + 1`, lastHitAt: sql`now()` })
    .where(eq(r.fromPath, path))
    .returning({ to: r.toTarget });
  return hit ? withQuery(hit.to, url.search) : undefined;
}

/** The target with the request's query added (before any fragment, after the target's own query). */
export function withQuery(target: string, search: string) {
  const query = search.replace(/^\?/, "");
  if (!query) return target;
  const hash = target.indexOf("#");
  const [base, fragment] = hash === -1 ? [target, ""] : [target.slice(0, hash), target.slice(hash)];
  return `${base}${base.includes("?") ? "&" : "?"}${query}${fragment}`;
}
