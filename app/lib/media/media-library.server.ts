import { desc, eq, like } from "drizzle-orm";
import { z } from "zod";
import { type Actor, auditAction } from "../auth/security-events.server";
import { type Database, schema } from "../platform/db.server";
import { log } from "../platform/log.server";
import { uploadUrl } from "./media";
import type { MediaStore } from "./storage/media-store.server";

/**
 * The staff media library (/admin/media): what was uploaded, and deleting it, which
 * deletes its stored copies too.
 */

/** The newest uploads, with a thumbnail to show and the address to put in a post. */
export async function listMedia(db: Database, mediaBaseUrl: string | undefined, limit = 200) {
  const m = schema.media;
  const rows = await db
    .select({
      id: m.id,
      mimeType: m.mimeType,
      sizeBytes: m.sizeBytes,
      width: m.width,
      height: m.height,
      variants: m.variants,
      createdAt: m.createdAt,
    })
    .from(m)
    .orderBy(desc(m.createdAt))
    .limit(limit);
  return rows.map((row) => {
    // Variant keys are "<width>.<format>"; jsonb keeps its keys in its own order, not by width.
    const sizes = Object.entries(row.variants)
      .map(([key, url]) => ({ width: Number.parseInt(key, 10), webp: key.endsWith(".webp"), url }))
      .sort((a, b) => a.width - b.width);
    const thumb = sizes.find((size) => size.webp)?.url ?? sizes[0]?.url ?? "";
    // The widest copy in the uploaded format; a WebP upload has only WebP copies.
    const originals = sizes.filter((size) => !size.webp);
    const largest = (originals.length > 0 ? originals : sizes).at(-1)?.url ?? "";
    // The thumbnail is shown from wherever media are served; the address stays the
    // /uploads/… path that posts keep.
    return { ...row, thumb: uploadUrl(mediaBaseUrl, thumb), largest };
  });
}

export type DeleteMediaResult =
  | { status: "deleted" }
  | { status: "missing" }
  | { status: "in-use"; posts: string[] };

/**
 * Deletes an upload: its row and every stored copy. Refused while a post shows it (the
 * post would lose its image). The copies are deleted before the row's deletion commits:
 * if the store fails, the row stays and deleting again finishes the job, rather than a
 * row-less object nobody can find again.
 */
export async function deleteMedia(db: Database, store: MediaStore, id: string, actor: Actor): Promise<DeleteMediaResult> {
  if (!z.uuid().safeParse(id).success) return { status: "missing" };
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(schema.media).where(eq(schema.media.id, id)).for("update");
    if (!row) return { status: "missing" } as const;
    const users = await tx
      .select({ title: schema.blogPosts.title })
      .from(schema.blogPosts)
      .where(like(schema.blogPosts.featuredImage, `/uploads/${row.storageKey}-%`));
    if (users.length > 0) return { status: "in-use", posts: users.map((post) => post.title) } as const;
    await tx.delete(schema.media).where(eq(schema.media.id, id));
    const keys = storedKeys(row.variants);
    await store.delete(keys);
    log.info("media deleted", { id, keys: keys.length, store: store.driver });
    await auditAction(tx, actor, "media_deleted", { mediaId: id, keys: keys.length });
    return { status: "deleted" } as const;
  });
}

/** The store's keys of an upload's copies: its variants' /uploads/<key> addresses. */
export function storedKeys(variants: Record<string, string>) {
  return Object.values(variants)
    .filter((url) => url.startsWith("/uploads/"))
    .map((url) => url.slice("/uploads/".length));
}
