import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { auditAction, type StaffActor } from "../auth/security-events.server";
import { type Database, schema } from "../platform/db.server";
import { log } from "../platform/log.server";
import { slugify } from "../platform/slug";
import { recordAddressChange, releaseAddress } from "../redirects/redirects.server";
import type { MediaStore } from "../media/storage/media-store.server";
import { encodePoster, PosterRefused } from "./poster.server";
import { seoFromForm } from "../seo/seo-fields";
import { seoColumns } from "../seo/seo.server";
import { FILE_MESSAGES, ITEMS_PER_PAGE, type PortfolioItemInput } from "./showcase-forms";
import { resolveGallery } from "./case-gallery.server";
import type { ReceivedForm } from "./showcase-upload.server";
import { isUuid } from "../platform/ids";

/**
 * The back office's showcase (/admin/work): create, edit, order, publish and delete
 * portfolio items and their files. Every change is written to security_events with the
 * item's id. Files go to the media store under showcase/<uuid>…; a failed save removes
 * what it stored, and a replaced or deleted item's files are removed after the commit.
 */
const p = schema.portfolioItems;
export type PortfolioItem = typeof p.$inferSelect;
type Files = Pick<ReceivedForm, "video" | "videoWebm" | "poster">;
export type SaveResult =
  | { ok: true; item: PortfolioItem }
  | { ok: false; fieldErrors: Record<string, string[]> };

const UPLOADS = "/uploads/";

/** One page of every item, in the showcase's order; a page past the end shows the last one. */
export async function listPortfolioItems(db: Database, requestedPage: number) {
  const [total] = await db.select({ n: count() }).from(p);
  const totalCount = total?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalCount / ITEMS_PER_PAGE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const rows = await db
    .select()
    .from(p)
    .orderBy(asc(p.sortOrder), asc(p.createdAt), asc(p.id))
    .limit(ITEMS_PER_PAGE)
    .offset((page - 1) * ITEMS_PER_PAGE);
  return { rows, total: totalCount, page, pageCount, firstPosition: (page - 1) * ITEMS_PER_PAGE };
}

export async function getPortfolioItem(db: Database, id: string) {
  if (!isUuid(id)) return undefined;
  const [item] = await db.select().from(p).where(eq(p.id, id));
  return item;
}

const keysOf = (paths: Array<string | null | undefined>) =>
  paths.filter((path): path is string => Boolean(path?.startsWith(UPLOADS))).map((path) => path.slice(UPLOADS.length));

async function removeFromStore(store: MediaStore, keys: string[]) {
  if (keys.length === 0) return;
  await store.delete(keys).catch((error: unknown) => {
    log.error("showcase files left in the media store", { error, keys });
  });
}

/** Puts the new files into the store; returns their paths and the keys to remove on failure. */
async function storeFiles(store: MediaStore, files: Files, stored: string[]) {
  const base = `showcase/${randomUUID()}`;
  const paths: Partial<Pick<PortfolioItem, "videoMp4" | "videoWebm" | "poster" | "posterJpeg">> = {};
  if (files.poster) {
    const poster = await encodePoster(files.poster);
    for (const [format, bytes] of [["webp", poster.webp], ["jpg", poster.jpeg]] as const) {
      const key = `${base}-poster.${format}`;
      stored.push(key);
      await store.put(key, bytes, { contentType: format === "webp" ? "image/webp" : "image/jpeg" });
    }
    paths.poster = `${UPLOADS}${base}-poster.webp`;
    paths.posterJpeg = `${UPLOADS}${base}-poster.jpg`;
  }
  for (const [file, ext, column] of [
    [files.video, "mp4", "videoMp4"],
    [files.videoWebm, "webm", "videoWebm"],
  ] as const) {
    if (!file) continue;
    const key = `${base}.${ext}`;
    stored.push(key);
    await store.put(key, createReadStream(file.path), { contentType: `video/${ext}`, size: file.size });
    paths[column] = `${UPLOADS}${key}`;
  }
  return paths;
}

async function slugTaken(db: Database, slug: string, exceptId?: string) {
  const [clash] = await db
    .select({ id: p.id })
    .from(p)
    .where(exceptId ? and(eq(p.slug, slug), ne(p.id, exceptId)) : eq(p.slug, slug));
  return Boolean(clash);
}

const slugError = (slug: string) => ({ slug: [`Adressen /work/${slug} er allerede i bruk. Velg en annen.`] });

function isUniqueViolation(error: unknown) {
  return (error as { code?: string; cause?: { code?: string } }).code === "23505" ||
    (error as { cause?: { code?: string } }).cause?.code === "23505";
}

function columnsOf(input: PortfolioItemInput, slug: string) {
  const { published, slug: _slug, seo_title, seo_description, share_image, noindex, ...rest } = input;
  // The form always has the search fields: an empty box is the default again (decision 056).
  const seo = seoColumns(seoFromForm({ seo_title, seo_description, share_image, noindex }));
  return { ...rest, ...seo, slug, status: published ? ("published" as const) : ("draft" as const) };
}

/**
 * Saves a new item (`id` undefined) or changes one. A new item needs a video and a poster;
 * an edit keeps the files it is not sent. Undefined when the item to change does not exist.
 */
export async function savePortfolioItem(
  db: Database,
  store: MediaStore,
  request: { id?: string; input: PortfolioItemInput; files: Files; actor: StaffActor },
): Promise<SaveResult | undefined> {
  const { id, input, files, actor } = request;
  const existing = id === undefined ? undefined : await getPortfolioItem(db, id);
  if (id !== undefined && !existing) return undefined;
  const fieldErrors: Extract<SaveResult, { ok: false }>["fieldErrors"] = {};
  if (!existing && !files.video) fieldErrors.video = [FILE_MESSAGES.videoRequired];
  if (!existing && !files.poster) fieldErrors.poster = [FILE_MESSAGES.posterRequired];
  const slug = input.slug || slugify(input.title);
  if (!slug) fieldErrors.slug = ["Skriv en adresse med minst én bokstav eller ett tall."];
  else if (await slugTaken(db, slug, existing?.id)) Object.assign(fieldErrors, slugError(slug));
  const gallery = await resolveGallery(db, input.gallery, existing);
  Object.assign(fieldErrors, gallery.errors);
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  const stored: string[] = [];
  let item: PortfolioItem;
  try {
    const paths = await storeFiles(store, files, stored);
    // A new MP4 without a new WebM: the old WebM would show another film.
    if (files.video && !files.videoWebm) paths.videoWebm = null;
    const values = { ...columnsOf(input, slug), gallery: gallery.gallery, ...paths };
    // A changed address leaves a 301 behind, and a new one ends a redirect from it (lib/redirects).
    item = await db.transaction(async (tx) => {
      if (existing) {
        const [changed] = (await tx
          .update(p)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(p.id, existing.id))
          .returning()) as [PortfolioItem];
        const change = { from: `/work/${existing.slug}`, to: `/work/${changed.slug}`, wasPublic: existing.status === "published" };
        await recordAddressChange(tx, change, actor);
        return changed;
      }
      const next = sql<number>`(select coalesce(max(${p.sortOrder}), -1) + 1 from ${p})`;
      const [created] = (await tx
        .insert(p)
        .values({ ...values, videoMp4: paths.videoMp4!, poster: paths.poster!, posterJpeg: paths.posterJpeg!, sortOrder: next })
        .returning()) as [PortfolioItem];
      await releaseAddress(tx, `/work/${created.slug}`, actor);
      return created;
    });
  } catch (error) {
    await removeFromStore(store, stored);
    if (error instanceof PosterRefused) return { ok: false, fieldErrors: { poster: [error.message] } };
    if (isUniqueViolation(error)) return { ok: false, fieldErrors: slugError(slug) };
    throw error;
  }
  if (existing) {
    const replaced = (["videoMp4", "videoWebm", "poster", "posterJpeg"] as const)
      .filter((column) => existing[column] !== item[column])
      .map((column) => existing[column]);
    await removeFromStore(store, keysOf(replaced));
  }
  await auditAction(db, actor, existing ? "portfolio_item_updated" : "portfolio_item_created", {
    itemId: item.id,
    slug: item.slug,
    status: item.status,
    newFiles: Object.entries(files).filter(([, file]) => file).map(([field]) => field),
  });
  return { ok: true, item };
}

/** Publishes or hides an item. Undefined when there is no such item; no change is not logged. */
export async function setPortfolioPublished(db: Database, id: string, published: boolean, actor: StaffActor) {
  if (!isUuid(id)) return undefined;
  const status = published ? ("published" as const) : ("draft" as const);
  const [item] = await db
    .update(p)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(p.id, id), ne(p.status, status)))
    .returning();
  if (item) await auditAction(db, actor, published ? "portfolio_item_published" : "portfolio_item_unpublished", { itemId: id, slug: item.slug });
  return item ?? (await getPortfolioItem(db, id));
}

/** The advisory-lock key every change to the showcase's order takes (hashed like the other keys). */
const ORDER_LOCK = sql`hashtextextended('showcase-order', 0)`;

/**
 * The showcase's order, read after taking the order's lock, for a transaction that
 * changes it. Not `select … order by … for update`: PostgreSQL sorts before it waits for
 * the row locks, so a change that waited behind another would get the order from before
 * that one and write it back (a double click's second "Flytt opp" undid nothing and moved
 * nothing; a drag and drop undid a move). Taken first, the lock makes the second change
 * read the order the first one committed.
 */
async function lockedOrder(tx: Database) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_LOCK})`);
  return tx
    .select({ id: p.id, slug: p.slug, sortOrder: p.sortOrder })
    .from(p)
    .orderBy(asc(p.sortOrder), asc(p.createdAt), asc(p.id));
}

/**
 * Moves an item one place up or down in the showcase. The order is renumbered 0, 1, 2, …
 * on the way, so ties never stick. Undefined when there is no such item; false at an end.
 */
export async function movePortfolioItem(db: Database, id: string, direction: "up" | "down", actor: StaffActor) {
  if (!isUuid(id)) return undefined;
  const moved = await db.transaction(async (tx) => {
    const rows = await lockedOrder(tx);
    const from = rows.findIndex((row) => row.id === id);
    if (from < 0) return undefined;
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= rows.length) return { slug: rows[from]!.slug, from, to: from };
    [rows[from], rows[to]] = [rows[to]!, rows[from]!];
    for (const [position, row] of rows.entries()) {
      if (row.sortOrder !== position) await tx.update(p).set({ sortOrder: position }).where(eq(p.id, row.id));
    }
    return { slug: rows[to]!.slug, from, to };
  });
  if (!moved) return undefined;
  if (moved.from === moved.to) return false;
  await auditAction(db, actor, "portfolio_item_moved", { itemId: id, slug: moved.slug, from: moved.from + 1, to: moved.to + 1 });
  return true;
}

export type SetOrderResult = { kind: "saved"; changed: boolean } | { kind: "stale" };

/**
 * Sets the showcase's order in one transaction (drag and drop on /admin/work). `ids` is
 * the new order of all items or of some of them (one page of the list): those items
 * take the places they held between them, in the given order, and every other item
 * keeps its place. "stale" when an id is unknown or repeated (the list changed under
 * the staff member, who should load it again); nothing is changed then.
 */
export async function setPortfolioOrder(db: Database, ids: string[], actor: StaffActor): Promise<SetOrderResult> {
  if (ids.length === 0 || new Set(ids).size !== ids.length || !ids.every((id) => isUuid(id))) return { kind: "stale" };
  const result = await db.transaction(async (tx) => {
    const rows = await lockedOrder(tx);
    const wanted = new Set(ids);
    const slots = rows.flatMap((row, index) => (wanted.has(row.id) ? [index] : []));
    if (slots.length !== ids.length) return undefined;
    const byId = new Map(rows.map((row) => [row.id, row]));
    const next = [...rows];
    for (const [n, slot] of slots.entries()) next[slot] = byId.get(ids[n]!)!;
    const changed = next.some((row, index) => row.id !== rows[index]!.id);
    for (const [position, row] of next.entries()) {
      if (row.sortOrder !== position) await tx.update(p).set({ sortOrder: position }).where(eq(p.id, row.id));
    }
    if (changed) await auditAction(tx, actor, "portfolio_order_set", { order: next.map((row) => row.slug) });
    return { changed };
  });
  return result ? { kind: "saved", changed: result.changed } : { kind: "stale" };
}

/**
 * Deletes an item and its files: the row is locked and deleted, the files are removed,
 * then the deletion commits; if the store fails the row stays and deleting again finishes.
 */
export async function deletePortfolioItem(db: Database, store: MediaStore, id: string, actor: StaffActor) {
  if (!isUuid(id)) return undefined;
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(p).where(eq(p.id, id)).for("update");
    if (!row) return undefined;
    await tx.delete(p).where(eq(p.id, id));
    await store.delete(keysOf([row.videoMp4, row.videoWebm, row.poster, row.posterJpeg]));
    return row;
  });
  if (deleted) await auditAction(db, actor, "portfolio_item_deleted", { itemId: id, slug: deleted.slug, title: deleted.title });
  return deleted;
}
