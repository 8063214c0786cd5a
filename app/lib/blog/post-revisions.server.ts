import { and, desc, eq, max } from "drizzle-orm";
import { z } from "zod";
import type { Actor } from "../auth/security-events.server";
import { now } from "../platform/clock.server";
import { osloDateTime } from "../platform/dates";
import { type Database, schema } from "../platform/db.server";
import { ConflictError, NotFoundError } from "../platform/domain-errors";
import { POST_NOT_FOUND } from "./blog-forms";
import { diffLines } from "./line-diff";

/**
 * A post's revisions (docs/decisions/052): every save (the editor, the JSON API, a
 * restore) keeps the post as it was saved, in the save's own transaction, numbered
 * from 1. The editor sends the number it opened (`expectedRevision`); a save naming an
 * older one is refused, so nobody overwrites a colleague's newer words unawares.
 */
const { blogPosts: posts, blogPostRevisions: revisions, users, profiles } = schema;

/** The newest revision's number of a post; 0 for a post saved before revisions were kept and not since. */
export async function currentRevision(db: Database, postId: string) {
  const [row] = await db.select({ number: max(revisions.number) }).from(revisions).where(eq(revisions.postId, postId));
  return row?.number ?? 0;
}

/** Who a person is on the back office's pages: the profile's name, else the e-mail. */
const nameOf = (row: { fullName: string | null; email: string | null }) =>
  row.fullName || row.email || "et skript eller en tidligere kollega";

/** The revision a save made, read back from the post row (call inside the save's transaction, after the write). */
export async function recordRevision(tx: Database, postId: string, actor: Actor, restoredFrom?: number) {
  const [post] = await tx.select().from(posts).where(eq(posts.id, postId));
  if (!post) throw new NotFoundError(POST_NOT_FOUND);
  const number = (await currentRevision(tx, postId)) + 1;
  await tx.insert(revisions).values({
    postId,
    number,
    title: post.title,
    excerpt: post.excerpt,
    author: post.author,
    slug: post.slug,
    content: post.content,
    featuredImage: post.featuredImage,
    featured: post.featured,
    published: post.published,
    tags: post.tags,
    savedBy: actor.userId,
    savedAt: now(),
    restoredFrom: restoredFrom ?? null,
  });
  return number;
}

/** Someone saved the post after the editor opened it: nothing is written, the typed text stays in the form. */
export class StaleRevisionError extends ConflictError {
  constructor(
    readonly by: string,
    readonly at: Date | null,
  ) {
    super(
      `Innlegget ble endret av ${by}${at ? ` ${osloDateTime(at)}` : ""}, etter at du åpnet det. ` +
        "Endringene dine er ikke lagret, men teksten din står fortsatt her (og er tatt vare på i nettleseren). " +
        "Åpne innlegget på nytt i en ny fane for å se den nye versjonen, og før over det du vil beholde.",
    );
  }
}

/**
 * Refuses the save when the post has a newer revision than `expected` (the one the
 * editor opened). Call with the post row locked (SELECT … FOR UPDATE), so two saves
 * cannot both pass.
 */
export async function assertCurrentRevision(tx: Database, postId: string, expected: number) {
  const current = await currentRevision(tx, postId);
  if (current === expected) return;
  const [last] = await tx
    .select({ savedAt: revisions.savedAt, email: users.email, fullName: profiles.fullName })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.savedBy))
    .leftJoin(profiles, eq(profiles.id, revisions.savedBy))
    .where(eq(revisions.postId, postId))
    .orderBy(desc(revisions.number))
    .limit(1);
  throw new StaleRevisionError(last ? nameOf(last) : "en kollega", last?.savedAt ?? null);
}

/** A post's revisions, newest first: number, who, when, and whether it was a restore. */
export async function listRevisions(db: Database, postId: string) {
  if (!z.uuid().safeParse(postId).success) return [];
  const rows = await db
    .select({
      number: revisions.number,
      savedAt: revisions.savedAt,
      restoredFrom: revisions.restoredFrom,
      published: revisions.published,
      title: revisions.title,
      email: users.email,
      fullName: profiles.fullName,
    })
    .from(revisions)
    .leftJoin(users, eq(users.id, revisions.savedBy))
    .leftJoin(profiles, eq(profiles.id, revisions.savedBy))
    .where(eq(revisions.postId, postId))
    .orderBy(desc(revisions.number));
  return rows.map(({ email, fullName, ...row }) => ({ ...row, by: nameOf({ email, fullName }) }));
}

export async function getRevision(db: Database, postId: string, number: number) {
  const [row] = await db
    .select()
    .from(revisions)
    .where(and(eq(revisions.postId, postId), eq(revisions.number, number)));
  return row;
}

/** The fields a revision is compared on, in the editor's order, with their Norwegian labels. */
const COMPARED = [
  ["title", "Tittel"],
  ["slug", "Adresse"],
  ["excerpt", "Utdrag"],
  ["author", "Forfatter"],
  ["featuredImage", "Bilde"],
  ["tags", "Stikkord"],
  ["featured", "Fremhevet"],
  ["published", "Status"],
] as const;

const shown = (field: (typeof COMPARED)[number][0], value: string | boolean | string[]) => {
  if (Array.isArray(value)) return value.join(", ") || "(ingen)";
  if (field === "featured") return value ? "Ja" : "Nei";
  if (field === "published") return value ? "Publisert" : "Utkast";
  if (field === "slug") return `/blog/${String(value)}`;
  return String(value) || "(tomt)";
};

/**
 * Revision `number` beside the post as it is now: the short fields one by one, the
 * content as a line diff (what would change if it were restored is the reverse).
 * Undefined when the post or the revision is not there.
 */
export async function compareRevision(db: Database, postId: string, number: number) {
  if (!z.uuid().safeParse(postId).success) return undefined;
  const [post] = await db.select().from(posts).where(eq(posts.id, postId));
  const revision = post && (await getRevision(db, postId, number));
  if (!post || !revision) return undefined;
  return {
    number,
    savedAt: revision.savedAt,
    fields: COMPARED.map(([field, label]) => {
      const then = shown(field, revision[field]);
      const current = shown(field, post[field]);
      return { field, label, then, now: current, changed: then !== current };
    }),
    content: diffLines(revision.content, post.content),
  };
}
