import { randomUUID } from "node:crypto";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { auditAction } from "../auth/security-events.server";
import { type Database, schema } from "../platform/db.server";
import { ApiError } from "../platform/http.server";
import { DomainError, RateLimitedError, TooLargeError, ValidationError } from "../platform/domain-errors";
import { encodeImage, type ImageFormat, inspectImage, withImageSlot } from "./image-processing.server";
import { log } from "../platform/log.server";
import { consumeRateLimit, rateLimits } from "../platform/rate-limit.server";
import { BodyLimitError, type BodyRules, BodyTooLargeError, readBody } from "../platform/request-body.server";
import { uploadAltSchema } from "./media-forms";
import { createLocalStore } from "./storage/local-store.server";
import { contentTypeOf, type MediaStore } from "./storage/media-store.server";

/**
 * Staff image uploads (POST /api/upload-image): at most 60 per staff member in 10
 * minutes, the body is read with a byte limit, the type is decided from the file's
 * magic bytes only, and what is stored is never the uploaded file itself but
 * web-sized copies re-encoded by sharp (which drops EXIF, GPS and every other
 * metadata), under a server-generated UUID, within the cost limits of
 * image-processing.server.ts. The uploader's file name and declared type are never
 * used for anything.
 *
 * The copies go to the media store (storage/media-store.server.ts: DATA_DIR/uploads or
 * a bucket) and are served at /uploads/<name> (serve-media.server.ts), or from
 * MEDIA_BASE_URL. Posts keep the /uploads/… path, whichever store holds the file.
 */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Room for the multipart boundaries and part headers around a file of the maximum size. */
const MULTIPART_ALLOWANCE = 64 * 1024;
/**
 * The upload route's body rules (server/body-limit.ts applies them at the edge too):
 * 55 s is 5 MB at about 0.8 Mbit/s, and stays under the server's requestTimeout.
 */
export const UPLOAD_BODY_RULES: BodyRules = { maxBytes: MAX_UPLOAD_BYTES + MULTIPART_ALLOWANCE, deadlineMs: 55_000 };
export const UPLOAD_WIDTHS = [480, 960, 1600] as const;
export const UPLOAD_SUCCESS = "Image uploaded successfully!";

/** What is accepted (by detected MIME type) and the extension its stored copies get. */
const ALLOWED = {
  "image/jpeg": "jpg",
  "image/png": "png",
  // An animated PNG is a valid PNG; libvips reads its first frame, so it is stored as a PNG.
  "image/apng": "png",
  "image/gif": "gif",
  "image/webp": "webp",
} as const;
type AllowedMime = keyof typeof ALLOWED;

export function uploadsDir(dataDir: string) {
  return path.join(dataDir, "uploads");
}

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(2);
/** The spec's text for a file over 5 MB (also what server/body-limit.ts answers). */
export const uploadTooLargeMessage = (bytes: number) => `File too large: ${megabytes(bytes)}MB. Maximum size is 5MB.`;
const tooLarge = (bytes: number) => new TooLargeError(uploadTooLargeMessage(bytes));
const tooLargeBody = (bytes: number) => new ApiError(413, uploadTooLargeMessage(bytes));
// Reading the request (a timeout) and our own failures are the API's to answer, not domain rules.
const failed = (message: string, status = 500) => new ApiError(status, `Failed to upload image: ${message}`);

/** 60 uploads per 10 minutes per staff member: plenty for a post, not for a flood. */
export async function enforceUploadRateLimit(db: Database, userId: string) {
  const result = await consumeRateLimit(db, rateLimits.upload, userId);
  if (!result.allowed) {
    throw new RateLimitedError(
      "Failed to upload image: too many uploads. Please wait a few minutes and try again.",
      result.retryAfterSeconds,
    );
  }
}

/**
 * Reads the multipart body of an upload request and returns the bytes of its `image`
 * file and, when the optional `alt` field was sent (the blog editor sends it), its alt
 * text checked with uploadAltSchema: a blank or too long one is refused (400) before
 * anything is stored. Without the field `altText` is undefined, as before. The size limit is enforced while the body streams in: a declared
 * Content-Length over the limit is refused before anything is read, and otherwise
 * reading stops as soon as the count passes the limit (plus the multipart overhead),
 * so a huge body is never buffered.
 */
export async function readImageUpload(request: Request): Promise<{ bytes: Uint8Array; altText: string | undefined }> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw failed('send the image as multipart/form-data in the field "image".', 400);
  }
  let body: Buffer;
  try {
    // A declared length over the limit is refused without reading anything; what is
    // left on the wire is the caller's to drop (discardRestOfBody) so the client can
    // still read the answer.
    body = await readBody(request, UPLOAD_BODY_RULES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw tooLargeBody(error.bytes);
    if (error instanceof BodyLimitError) throw failed("the upload took too long. Please try again.", error.status);
    throw error;
  }

  let form: FormData;
  try {
    // The body is complete and bounded now, so the platform's parser can have it.
    form = await new Request("http://upload.invalid/", {
      method: "POST",
      headers: { "content-type": contentType },
      body: new Uint8Array(body),
    }).formData();
  } catch (error) {
    log.warn("upload body not readable as multipart", { error: errorMessage(error) });
    throw failed("the multipart body could not be read.", 400);
  }
  const file = form.get("image");
  if (!file || typeof file === "string") throw failed('no file in the field "image".', 400);
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge(file.size);
  const alt = form.get("alt");
  let altText: string | undefined;
  if (alt !== null) {
    const parsed = uploadAltSchema.safeParse(typeof alt === "string" ? alt : "");
    if (!parsed.success) throw failed(parsed.error.issues[0]?.message ?? "the alt text is not valid.", 400);
    altText = parsed.data;
  }
  return { bytes: new Uint8Array(await file.arrayBuffer()), altText };
}

/**
 * After a refusal (401, 413, ...) answered before the body was read to its end: reads
 * and drops the rest of it, keeping nothing, within a budget of bytes and time.
 * Otherwise the client is still sending when the answer comes, and either the
 * connection is reset under it (it never sees the 413) or, kept alive, it fails the
 * client's next request. Returns false when the budget ran out or the body cannot be
 * read; the caller then closes the connection (Connection: close).
 */
export async function discardRestOfBody(
  request: Request,
  budget: { bytes: number; ms: number } = { bytes: 32 * 1024 * 1024, ms: 5_000 },
): Promise<boolean> {
  if (!request.body) return true;
  let reader: ReadableStreamDefaultReader<Uint8Array>;
  try {
    reader = request.body.getReader();
  } catch {
    return false; // locked or already cancelled
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<"time up">((resolve) => (timer = setTimeout(() => resolve("time up"), budget.ms)));
  try {
    for (let dropped = 0; ;) {
      const next = await Promise.race([reader.read(), timeUp]);
      if (next === "time up") return false;
      if (next.done) return true;
      dropped += next.value.byteLength;
      if (dropped > budget.bytes) return false;
    }
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    reader.cancel().catch(() => {});
  }
}

export interface StoredImage {
  /** The largest copy in the original format, e.g. /uploads/<uuid>-1600.jpg */
  url: string;
  media: typeof schema.media.$inferSelect;
}

/**
 * Checks the bytes are a JPEG, PNG, GIF or WebP (by magic bytes), writes the web
 * sizes to the media store (`store`, or the folder `${dataDir}/uploads/`) and records
 * them in `media`. Nothing is recorded unless every copy was stored; no copy stays in
 * the store unless the row was recorded.
 *
 * Copies: widths 480, 960 and 1600 that are narrower than the original, plus the
 * original width when it is under 1600 (never upscaled), each in WebP and in the
 * original format: JPEG (quality 80, mozjpeg), PNG (zlib level 9), GIF, WebP (quality
 * 80). Of an animated GIF or WebP only the first frame is kept: decoding every frame
 * is what made a 60 KB file cost seconds. A variant's key names its real width:
 * "480.webp", "800.jpg".
 */
export async function storeImage(
  db: Database,
  input: { bytes: Uint8Array; uploadedBy: string | null; altText?: string } & ({ store: MediaStore } | { dataDir: string }),
): Promise<StoredImage> {
  const { bytes } = input;
  const store = "store" in input ? input.store : createLocalStore(uploadsDir(input.dataDir));
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw tooLarge(bytes.byteLength);
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime ?? "unknown";
  if (!(mime in ALLOWED)) {
    throw new ValidationError(`Invalid file type: ${mime}. Only JPEG, PNG, GIF, and WebP images are allowed.`);
  }
  const ext = ALLOWED[mime as AllowedMime];
  return withImageSlot(async () => {
    const { width, height } = await inspectImage(bytes, ext);
    const storageKey = randomUUID();
    const widths = [...new Set(UPLOAD_WIDTHS.map((w) => Math.min(w, width)))];
    const variants: Record<string, string> = {};
    // Listed before each put: a put that failed on our side may still have landed.
    const stored: string[] = [];
    try {
      for (const targetWidth of widths) {
        for (const format of new Set<ImageFormat>(["webp", ext])) {
          const name = `${storageKey}-${targetWidth}.${format}`;
          // One copy in memory at a time: encoded, stored, let go.
          const data = await encodeImage(bytes, { source: ext, width: targetWidth, format });
          stored.push(name);
          await store.put(name, data, { contentType: contentTypeOf(name)! });
          variants[`${targetWidth}.${format}`] = `/uploads/${name}`;
        }
      }
      const [media] = await db
        .insert(schema.media)
        .values({ storageKey, mimeType: mime, sizeBytes: bytes.byteLength, width, height, variants, uploadedBy: input.uploadedBy, altText: input.altText ?? "" })
        .returning();
      const url = variants[`${widths.at(-1)}.${ext}`];
      if (!media || !url) throw new Error("the upload was not recorded");
      await auditAction(db, { userId: input.uploadedBy }, "media_uploaded", { mediaId: media.id, width, height, bytes: bytes.byteLength });
      return { url, media };
    } catch (error) {
      await store.delete(stored).catch((cleanup: unknown) => {
        log.error("copies of a failed upload left in the media store", { error: cleanup, keys: stored });
      });
      if (error instanceof ApiError || error instanceof DomainError) throw error;
      // Store or database: the details (never the values) are for the log, not the uploader.
      log.error("image upload failed", { error, storageKey, store: store.description });
      throw failed("something went wrong on our side. Please try again.");
    }
  });
}

function errorMessage(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/[.\s]+$/, "").slice(0, 200);
}
