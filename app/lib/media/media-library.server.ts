import { type AnyColumn, desc, eq, inArray, like, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Actor, auditAction } from "../auth/security-events.server";
import { type Database, schema } from "../platform/db.server";
import { log } from "../platform/log.server";
import { uploadUrl } from "./media";
import { type MediaUse, storageKeyOf } from "./media-forms";
import type { MediaStore } from "./storage/media-store.server";
import { NotFoundError } from "../platform/domain-errors";

const MEDIA_GONE = "Bildet finnes ikke (lenger).";

/**
 * The staff media library (/admin/media): what was uploaded, by whom, its alt text and
 * where it is used; changing the alt text, and deleting an upload that nothing uses,
 * which deletes its stored copies too. Every change is audited (decision 024).
 */
const { media: m, blogPosts: posts, newsletterIssues: issues, portfolioItems: portfolio, users, profiles } = schema;

const listFields = {
  id: m.id,
  storageKey: m.storageKey,
  mimeType: m.mimeType,
  sizeBytes: m.sizeBytes,
  width: m.width,
  height: m.height,
  variants: m.variants,
  altText: m.altText,
  createdAt: m.createdAt,
  uploaderEmail: users.email,
  uploaderName: profiles.fullName,
};

type Row = Awaited<ReturnType<typeof selectMedia>>[number];

function shape(row: Row, mediaBaseUrl: string | undefined, uses: MediaUse[]) {
  // Variant keys are "<width>.<format>"; jsonb keeps its keys in its own order, not by width.
  const sizes = Object.entries(row.variants)
    .map(([key, url]) => ({ width: Number.parseInt(key, 10), webp: key.endsWith(".webp"), url }))
    .sort((a, b) => a.width - b.width);
  const thumb = sizes.find((size) => size.webp)?.url ?? sizes[0]?.url ?? "";
  // The widest copy in the uploaded format; a WebP upload has only WebP copies.
  const originals = sizes.filter((size) => !size.webp);
  const largest = (originals.length > 0 ? originals : sizes).at(-1)?.url ?? "";
  const { uploaderEmail, uploaderName, storageKey: _key, ...rest } = row;
  return {
    ...rest,
    // The thumbnail is shown from wherever media are served; the address stays the
    // /uploads/… path that posts keep.
    thumb: uploadUrl(mediaBaseUrl, thumb),
    largest,
    uploadedBy: uploaderName || uploaderEmail || null,
    uses,
  };
}

export type MediaItem = ReturnType<typeof shape>;

function selectMedia(db: Database) {
  return db
    .select(listFields)
    .from(m)
    .leftJoin(users, eq(users.id, m.uploadedBy))
    .leftJoin(profiles, eq(profiles.id, m.uploadedBy));
}

/** The newest uploads, with a thumbnail, who uploaded them, their alt text and where they are used. */
export async function listMedia(db: Database, mediaBaseUrl: string | undefined, limit = 200) {
  const rows = await selectMedia(db).orderBy(desc(m.createdAt)).limit(limit);
  const uses = await mediaUses(db, rows.map((row) => row.storageKey));
  return rows.map((row) => shape(row, mediaBaseUrl, uses.get(row.storageKey) ?? []));
}

export async function getMediaItem(db: Database, id: string, mediaBaseUrl: string | undefined) {
  if (!z.uuid().safeParse(id).success) return undefined;
  const [row] = await selectMedia(db).where(eq(m.id, id));
  if (!row) return undefined;
  const uses = await mediaUses(db, [row.storageKey]);
  return shape(row, mediaBaseUrl, uses.get(row.storageKey) ?? []);
}

/**
 * Where uploads are used, by storage key: blog posts and newsletter issues that have one
 * of their copies (/uploads/<key>-<width>.<ext>) as featured image or in their text, and
 * case studies that show one in their gallery (decision 063). Portfolio posters are not
 * library uploads (they are stored under showcase/ with the item) and so never use one.
 */
export async function mediaUses(db: Database, storageKeys: string[]) {
  const found = new Map<string, MediaUse[]>();
  if (storageKeys.length === 0) return found;
  const mentions = (column: AnyColumn | SQL) => or(...storageKeys.map((key) => like(column, `%/uploads/${key}-%`)));
  const [postRows, issueRows, caseRows] = await Promise.all([
    db
      .select({ id: posts.id, title: posts.title, image: posts.featuredImage, text: posts.content })
      .from(posts)
      .where(or(mentions(posts.featuredImage), mentions(posts.content))),
    db
      .select({ id: issues.id, title: issues.subject, image: issues.featuredImage, text: issues.body })
      .from(issues)
      .where(or(mentions(issues.featuredImage), mentions(issues.body))),
    db
      .select({ id: portfolio.id, title: portfolio.title, gallery: portfolio.gallery })
      .from(portfolio)
      .where(mentions(sql`${portfolio.gallery}::text`)),
  ]);
  const add = (key: string, use: MediaUse) => found.set(key, [...(found.get(key) ?? []), use]);
  for (const [kind, rows] of [["post", postRows], ["issue", issueRows]] as const) {
    for (const row of rows) {
      for (const key of storageKeys) {
        if (storageKeyOf(row.image) === key) add(key, { kind, id: row.id, title: row.title, place: "featured" });
        else if (row.text.includes(`/uploads/${key}-`)) add(key, { kind, id: row.id, title: row.title, place: "body" });
      }
    }
  }
  for (const row of caseRows) {
    for (const key of storageKeys) {
      if (row.gallery.some((image) => storageKeyOf(image.src) === key)) {
        add(key, { kind: "case", id: row.id, title: row.title, place: "gallery" });
      }
    }
  }
  return found;
}

/**
 * The library's alt text of each given image address (only uploads have one): for the
 * pages and e-mails that show them. Addresses without one are left out.
 */
export async function libraryAltTexts(db: Database, urls: string[]) {
  const keys = [...new Set(urls.map(storageKeyOf).filter((key): key is string => key !== null))];
  const texts = new Map<string, string>();
  if (keys.length === 0) return texts;
  const rows = await db.select({ key: m.storageKey, alt: m.altText }).from(m).where(inArray(m.storageKey, keys));
  const byKey = new Map(rows.map((row) => [row.key, row.alt]));
  for (const url of urls) {
    const alt = byKey.get(storageKeyOf(url) ?? "");
    if (alt) texts.set(url, alt);
  }
  return texts;
}

/** The library's alt text of one image address, or "". */
export async function libraryAltText(db: Database, url: string) {
  return (await libraryAltTexts(db, [url])).get(url) ?? "";
}

/** Sets an upload's alt text (already checked against altTextSchema); NotFoundError when the upload is gone. */
export async function setMediaAltText(db: Database, id: string, altText: string, actor: Actor) {
  if (!z.uuid().safeParse(id).success) throw new NotFoundError(MEDIA_GONE);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(m).set({ altText }).where(eq(m.id, id)).returning({ id: m.id });
    if (!row) throw new NotFoundError(MEDIA_GONE);
    await auditAction(tx, actor, "media_alt_changed", { mediaId: id, length: altText.length });
    return row;
  });
}

/**
 * Sets the alt text of the upload at this address (a post's featured image, from the blog
 * editor), audited like the library's own form, only when it differs. False when the
 * address is no upload in the library (a shipped /media/ file has nowhere to keep one).
 */
export async function setUploadAltText(db: Database, url: string, altText: string, actor: Actor) {
  const key = storageKeyOf(url);
  if (!key) return false;
  const [row] = await db.select({ id: m.id, altText: m.altText }).from(m).where(eq(m.storageKey, key));
  if (!row) return false;
  if (row.altText !== altText) await setMediaAltText(db, row.id, altText, actor);
  return true;
}

/** How a deletion went (decision 048): done, or refused because something shows the image. */
export type DeleteMediaResult = { kind: "deleted" } | { kind: "in-use"; uses: MediaUse[] };

/**
 * Deletes an upload: its row and every stored copy. Refused while a post or newsletter
 * issue shows it (it would lose its image). The copies are deleted before the row's
 * deletion commits: if the store fails, the row stays and deleting again finishes the
 * job, rather than a row-less object nobody can find again. Throws NotFoundError when
 * there is no such upload (any more).
 */
export async function deleteMedia(db: Database, store: MediaStore, id: string, actor: Actor): Promise<DeleteMediaResult> {
  if (!z.uuid().safeParse(id).success) throw new NotFoundError(MEDIA_GONE);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(m).where(eq(m.id, id)).for("update");
    if (!row) throw new NotFoundError(MEDIA_GONE);
    const uses = (await mediaUses(tx, [row.storageKey])).get(row.storageKey) ?? [];
    if (uses.length > 0) return { kind: "in-use", uses } as const;
    await tx.delete(m).where(eq(m.id, id));
    const keys = storedKeys(row.variants);
    await store.delete(keys);
    log.info("media deleted", { id, keys: keys.length, store: store.driver });
    await auditAction(tx, actor, "media_deleted", { mediaId: id, keys: keys.length });
    return { kind: "deleted" } as const;
  });
}

/** The store's keys of an upload's copies: its variants' /uploads/<key> addresses. */
export function storedKeys(variants: Record<string, string>) {
  return Object.values(variants)
    .filter((url) => url.startsWith("/uploads/"))
    .map((url) => url.slice("/uploads/".length));
}
