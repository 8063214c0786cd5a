import { ForbiddenError, NotFoundError } from "~/lib/platform/domain-errors";
import { and, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { auditAction, type Actor } from "../auth/security-events.server";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { readDocument, getPageContentCache } from "./page-content.server";
import { AUTHORS_CANNOT_RESTORE_PAGES, AUTHORS_DISCARD_OWN_ONLY } from "./page-forms";
import {
  assertMayPublishPages,
  CLEARED_REVIEW,
  closePageReviewOnPublish,
  leavePageReviewOnAuthorEdit,
  mayPublishPages,
} from "./page-review.server";
import {
  type Locale,
  PAGES,
  type PageContentOf,
  type PageDocument,
  type PageKey,
  pageDefinition,
} from "./page-registry";

/**
 * Drafts and publishing of page content (docs/decisions/044). Each (page, locale) has a
 * published document and at most one draft; `draft_revision` rises with every change to
 * the draft (save, publish, discard), and a change that names an older revision than the
 * row's is refused, so a second editor never overwrites the first. Every change is
 * audited here (decision 024). An author (Skribent) saves drafts only: publishing, restoring
 * and discarding someone else's draft are refused here (ForbiddenError, decision 071).
 */
const { pageContent: pc, users, profiles } = schema;

const keyOf = (page: PageKey, locale: Locale) => and(eq(pc.page, page), eq(pc.locale, locale));

/** A person's name as the back office shows it: the profile's name, else the e-mail. */
async function nameOf(db: Database, userId: string | null) {
  if (!userId) return "et skript";
  const [row] = await db
    .select({ email: users.email, fullName: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  return row?.fullName || row?.email || "en tidligere kollega";
}

/** The row of (page, locale), made (empty) if the page had none, locked for this transaction. */
async function lockRow(tx: Database, page: PageKey, locale: Locale) {
  await tx.insert(pc).values({ page, locale }).onConflictDoNothing();
  const [row] = await tx.select().from(pc).where(keyOf(page, locale)).for("update");
  return row!;
}

export type Conflict = { kind: "conflict"; by: string; at: Date | null };
export type EditOutcome = { kind: "saved"; revision: number } | { kind: "published"; version: number } | Conflict;

async function conflictOf(tx: Database, row: typeof pc.$inferSelect): Promise<Conflict> {
  const by = row.draftUpdatedBy ?? row.publishedBy;
  return { kind: "conflict", by: await nameOf(tx, by), at: row.draftUpdatedAt ?? row.publishedAt };
}

function clearCachesSoon() {
  // This process at once; the others when the trigger's notification reaches them.
  getPageContentCache().clear();
}

/** Keeps `content` as the page's draft, unless someone changed the draft since `revision`. */
export async function saveDraft(
  db: Database,
  actor: Actor,
  page: PageKey,
  locale: Locale,
  input: { revision: number; content: PageDocument },
): Promise<EditOutcome> {
  const content = pageDefinition(page).schema.parse(input.content);
  const outcome = await db.transaction(async (tx): Promise<EditOutcome> => {
    const row = await lockRow(tx, page, locale);
    if (row.draftRevision !== input.revision) return conflictOf(tx, row);
    const revision = row.draftRevision + 1;
    await tx
      .update(pc)
      .set({ draft: content, draftRevision: revision, draftUpdatedBy: actor.userId, draftUpdatedAt: now() })
      .where(keyOf(page, locale));
    await leavePageReviewOnAuthorEdit(tx, actor, page, locale);
    return { kind: "saved", revision };
  });
  if (outcome.kind === "saved")
    await auditAction(db, actor, "page_draft_saved", { page, locale, revision: outcome.revision });
  return outcome;
}

/** Writes a new published version of the page: visitors see `content` from now on. */
async function publishDocument(
  tx: Database,
  actor: Actor,
  row: typeof pc.$inferSelect,
  content: PageDocument,
  changes: { keepDraft: boolean; restoredFrom?: number },
) {
  const version = row.publishedVersion + 1;
  const at = now();
  await tx.insert(schema.pageVersions).values({
    page: row.page,
    locale: row.locale,
    version,
    content,
    publishedBy: actor.userId,
    publishedAt: at,
    restoredFromVersion: changes.restoredFrom ?? null,
  });
  await tx
    .update(pc)
    .set({
      published: content,
      publishedVersion: version,
      publishedBy: actor.userId,
      publishedAt: at,
      ...(changes.keepDraft
        ? {}
        : { draft: null, draftRevision: row.draftRevision + 1, draftUpdatedBy: actor.userId, draftUpdatedAt: at }),
    })
    .where(keyOf(row.page as PageKey, row.locale as Locale));
  return version;
}

/**
 * Publishes the draft (the one the editor saw at `revision`). Nothing to publish (no draft)
 * answers "nothing"; an invalid stored draft is refused like a conflict would be.
 */
export async function publishDraft(db: Database, actor: Actor, page: PageKey, locale: Locale, revision: number) {
  assertMayPublishPages(actor);
  const definition = pageDefinition(page);
  const outcome = await db.transaction(async (tx): Promise<EditOutcome | { kind: "nothing" }> => {
    const row = await lockRow(tx, page, locale);
    if (row.draftRevision !== revision) return conflictOf(tx, row);
    const draft = readDocument(definition, row.draft, "draft");
    if (!draft) return { kind: "nothing" };
    const version = await publishDocument(tx, actor, row, draft, { keepDraft: false });
    // Publishing is the approval of a draft waiting for review (decision 071).
    await closePageReviewOnPublish(tx, actor, row);
    return { kind: "published", version };
  });
  if (outcome.kind === "published") {
    clearCachesSoon();
    await auditAction(db, actor, "page_published", { page, locale, version: outcome.version });
  }
  return outcome;
}

/** Throws the draft away (the one the editor saw at `revision`): the editor shows the live words again. */
export async function discardDraft(db: Database, actor: Actor, page: PageKey, locale: Locale, revision: number) {
  const outcome = await db.transaction(
    async (tx): Promise<EditOutcome | { kind: "nothing" } | { kind: "discarded" }> => {
      const row = await lockRow(tx, page, locale);
      if (row.draftRevision !== revision) return conflictOf(tx, row);
      if (row.draft == null) return { kind: "nothing" };
      // The draft is shared (one a page): an author throws away only words they saved last.
      if (!mayPublishPages(actor) && row.draftUpdatedBy !== actor.userId)
        throw new ForbiddenError(AUTHORS_DISCARD_OWN_ONLY);
      await tx
        .update(pc)
        .set({
          draft: null,
          draftRevision: row.draftRevision + 1,
          draftUpdatedBy: actor.userId,
          draftUpdatedAt: now(),
          ...CLEARED_REVIEW,
        })
        .where(keyOf(page, locale));
      return { kind: "discarded" };
    },
  );
  if (outcome.kind === "discarded") await auditAction(db, actor, "page_draft_discarded", { page, locale });
  return outcome;
}

/**
 * Publishes an earlier version's words again, as a NEW version (nothing is lost). Version 0
 * is the seed: the words the page had on a fresh install. A draft stays as it is.
 */
export async function restoreVersion(db: Database, actor: Actor, page: PageKey, locale: Locale, from: number) {
  assertMayPublishPages(actor, AUTHORS_CANNOT_RESTORE_PAGES);
  const definition = pageDefinition(page);
  const outcome = await db.transaction(async (tx) => {
    const row = await lockRow(tx, page, locale);
    const content = from === 0 ? definition.seed : await storedVersion(tx, definition.key, locale, from);
    if (!content) throw new NotFoundError(`Versjon ${from} av siden finnes ikke.`);
    return publishDocument(tx, actor, row, content, { keepDraft: true, restoredFrom: from });
  });
  clearCachesSoon();
  await auditAction(db, actor, "page_version_restored", { page, locale, from, version: outcome });
  return outcome;
}

async function storedVersion(db: Database, page: PageKey, locale: Locale, version: number) {
  const [row] = await db
    .select({ content: schema.pageVersions.content })
    .from(schema.pageVersions)
    .where(
      and(
        eq(schema.pageVersions.page, page),
        eq(schema.pageVersions.locale, locale),
        eq(schema.pageVersions.version, version),
      ),
    );
  return row ? readDocument(pageDefinition(page), row.content, `version ${version}`) : undefined;
}

export { storedVersion };

/** What the editor opens with: the draft if there is one, else the live words, and who changed what when. */
export async function pageForEditing<K extends PageKey>(db: Database, page: K, locale: Locale) {
  const definition = pageDefinition(page);
  const [row] = await db.select().from(pc).where(keyOf(page, locale));
  const published = (readDocument(definition, row?.published, "published") ?? definition.seed) as PageContentOf<K>;
  const draft = readDocument(definition, row?.draft, "draft") as PageContentOf<K> | undefined;
  return {
    definition,
    published,
    draft,
    content: draft ?? published,
    revision: row?.draftRevision ?? 0,
    publishedVersion: row?.publishedVersion ?? 0,
    publishedAt: row?.publishedAt ?? null,
    publishedBy: row?.publishedAt ? await nameOf(db, row.publishedBy) : null,
    draftUpdatedAt: draft ? (row?.draftUpdatedAt ?? null) : null,
    draftUpdatedBy: draft ? await nameOf(db, row?.draftUpdatedBy ?? null) : null,
  };
}

/** The list at /admin/pages: every page, whether it has unpublished changes, and its last change. */
export async function listPages(db: Database, locale: Locale) {
  const editor = alias(users, "editor");
  const editorProfile = alias(profiles, "editor_profile");
  const rows = await db
    .select({
      page: pc.page,
      hasDraft: sql<boolean>`${pc.draft} is not null`,
      publishedVersion: pc.publishedVersion,
      changedAt: sql<Date | null>`greatest(${pc.publishedAt}, ${pc.draftUpdatedAt})`.mapWith((v) =>
        v ? new Date(v) : null,
      ),
      changedBy: sql<string | null>`coalesce(nullif(${editorProfile.fullName}, ''), ${editor.email})`,
    })
    .from(pc)
    .leftJoin(
      editor,
      sql`${editor.id} = case when ${pc.draftUpdatedAt} is not null and (${pc.publishedAt} is null or ${pc.draftUpdatedAt} >= ${pc.publishedAt}) then ${pc.draftUpdatedBy} else ${pc.publishedBy} end`,
    )
    .leftJoin(editorProfile, eq(editorProfile.id, editor.id))
    .where(eq(pc.locale, locale));
  return PAGES.map((definition) => {
    const row = rows.find((r) => r.page === definition.key);
    return {
      key: definition.key,
      label: definition.label,
      path: definition.path,
      hasDraft: row?.hasDraft ?? false,
      publishedVersion: row?.publishedVersion ?? 0,
      changedAt: row?.changedAt ?? null,
      changedBy: row?.changedAt ? (row.changedBy ?? "en tidligere kollega") : null,
    };
  });
}
