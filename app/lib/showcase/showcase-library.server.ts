import fs from "node:fs/promises";
import path from "node:path";
import { desc } from "drizzle-orm";
import { type Database, schema } from "../platform/db.server";
import type { MediaStore } from "../media/storage/media-store.server";
import { showcaseFileUrl } from "./showcase-media";

/**
 * The showcase's videos and posters as the media library (/admin/media) lists them,
 * read-only (decision 030): they belong to their portfolio item, are replaced and
 * described in its form (/admin/work/:id) and go when it is deleted, never from the
 * library. A file uploaded with the item is in the media store (/uploads/showcase/…);
 * the seeded ones ship with the site (public/media). Size and time come from the store,
 * or the shipped file, when it has them.
 */
const p = schema.portfolioItems;

export type ShowcaseFileKind = "video" | "poster";

export type ShowcaseLibraryFile = {
  /** The stored path: "/uploads/showcase/…" or a key of the site's media ("video/…"). */
  path: string;
  url: string;
  kind: ShowcaseFileKind;
  type: "video/mp4" | "video/webm" | "image/webp" | "image/jpeg";
  sizeBytes: number | null;
  uploadedAt: Date | null;
  itemId: string;
  itemTitle: string;
  /** The poster's thumbnail (for a video too), and its alt text, set in the item's form. */
  thumb: string;
  posterAlt: string;
};

const UPLOADS = "/uploads/";

async function sizeAndTime(store: MediaStore, filePath: string): Promise<{ size: number; at: Date | null } | null> {
  try {
    if (filePath.startsWith(UPLOADS)) {
      const head = await store.head(filePath.slice(UPLOADS.length));
      return head ? { size: head.size, at: head.lastModified } : null;
    }
    // A file shipped with the site: its size is known, its upload time is not.
    for (const dir of ["build/client/media", "public/media"]) {
      const stat = await fs.stat(path.join(process.cwd(), dir, filePath.replace(/^\/+/, ""))).catch(() => null);
      if (stat?.isFile()) return { size: stat.size, at: null };
    }
    return null;
  } catch {
    return null; // an unreachable store: shown as unknown, not an error page
  }
}

/** Every portfolio item's video(s) and poster(s), the newest item first. */
export async function listShowcaseFiles(db: Database, store: MediaStore, mediaBaseUrl: string | undefined) {
  const items = await db
    .select({
      id: p.id,
      title: p.title,
      videoMp4: p.videoMp4,
      videoWebm: p.videoWebm,
      poster: p.poster,
      posterJpeg: p.posterJpeg,
      posterAlt: p.posterAlt,
    })
    .from(p)
    .orderBy(desc(p.createdAt));
  const files: Array<Omit<ShowcaseLibraryFile, "sizeBytes" | "uploadedAt">> = [];
  for (const item of items) {
    const thumb = showcaseFileUrl(mediaBaseUrl, item.poster);
    const entries = [
      [item.videoMp4, "video", "video/mp4"],
      [item.videoWebm, "video", "video/webm"],
      [item.poster, "poster", "image/webp"],
      [item.posterJpeg, "poster", "image/jpeg"],
    ] as const;
    for (const [filePath, kind, type] of entries) {
      if (!filePath) continue;
      files.push({
        path: filePath,
        url: showcaseFileUrl(mediaBaseUrl, filePath),
        kind,
        type,
        itemId: item.id,
        itemTitle: item.title,
        thumb,
        posterAlt: item.posterAlt,
      });
    }
  }
  return Promise.all(
    files.map(async (file): Promise<ShowcaseLibraryFile> => {
      const known = await sizeAndTime(store, file.path);
      return { ...file, sizeBytes: known?.size ?? null, uploadedAt: known?.at ?? null };
    }),
  );
}
