import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { type Database, schema } from "./db.server";
import { ApiError } from "./http.server";
import { log } from "./log.server";

/**
 * Staff image uploads (POST /api/upload-image): the body is read with a byte limit,
 * the type is decided from the file's magic bytes only, and what is stored is never
 * the uploaded file itself but web-sized copies re-encoded by sharp (which drops EXIF,
 * GPS and every other metadata), under a server-generated UUID. The uploader's file
 * name and declared type are never used for anything.
 *
 * Files live in `${DATA_DIR}/uploads/` and are served by server/app.ts at /uploads/*.
 */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Room for the multipart boundaries and part headers around a file of the maximum size. */
const MULTIPART_ALLOWANCE = 64 * 1024;
/** Decompression bombs: a small file can claim a huge canvas. 100 MP covers real cameras. */
const MAX_INPUT_PIXELS = 100_000_000;
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
type StoredExt = (typeof ALLOWED)[AllowedMime];
const SHARP_FORMAT: Record<StoredExt, string> = { jpg: "jpeg", png: "png", gif: "gif", webp: "webp" };

export function uploadsDir(dataDir: string) {
  return path.join(dataDir, "uploads");
}

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(2);
const tooLarge = (bytes: number) => new ApiError(413, `File too large: ${megabytes(bytes)}MB. Maximum size is 5MB.`);
const failed = (message: string, status = 500) => new ApiError(status, `Failed to upload image: ${message}`);

/**
 * Reads the multipart body of an upload request and returns the bytes of its `image`
 * file. The size limit is enforced while the body streams in: a declared
 * Content-Length over the limit is refused before anything is read, and otherwise
 * reading stops as soon as the count passes the limit (plus the multipart overhead),
 * so a huge body is never buffered.
 */
export async function readImageUpload(request: Request): Promise<Uint8Array> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) {
    throw failed('send the image as multipart/form-data in the field "image".', 400);
  }
  const maxBody = MAX_UPLOAD_BYTES + MULTIPART_ALLOWANCE;
  const lengthHeader = request.headers.get("content-length");
  const declared = lengthHeader !== null && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
  // Refused without buffering anything; what is left on the wire is the caller's to
  // drop (discardRestOfBody) so the client can still read the answer.
  if (declared !== undefined && declared > maxBody) throw tooLarge(declared);

  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBody) {
      reader.releaseLock();
      throw tooLarge(declared ?? received);
    }
    chunks.push(value);
  }
  reader?.releaseLock();

  let form: FormData;
  try {
    // The body is complete and bounded now, so the platform's parser can have it.
    form = await new Request("http://upload.invalid/", {
      method: "POST",
      headers: { "content-type": contentType },
      body: Buffer.concat(chunks),
    }).formData();
  } catch (error) {
    throw failed(`the multipart body could not be read (${errorMessage(error)}).`, 400);
  }
  const file = form.get("image");
  if (!file || typeof file === "string") throw failed('no file in the field "image".', 400);
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge(file.size);
  return new Uint8Array(await file.arrayBuffer());
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
 * sizes to `${dataDir}/uploads/` and records them in `media`. Nothing is recorded
 * unless every file was written; nothing stays on disk unless the row was recorded.
 *
 * Copies: widths 480, 960 and 1600 that are narrower than the original, plus the
 * original width when it is under 1600 (never upscaled), each in WebP and in the
 * original format: JPEG (quality 80, mozjpeg), PNG (zlib level 9), GIF (re-encoded by
 * sharp with every frame, so animations stay animated; the WebP copies are animated
 * too), WebP (quality 80). A variant's key names its real width: "480.webp", "800.jpg".
 */
export async function storeImage(
  db: Database,
  input: { bytes: Uint8Array; uploadedBy: string | null; dataDir: string },
): Promise<StoredImage> {
  const { bytes } = input;
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw tooLarge(bytes.byteLength);
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime ?? "unknown";
  if (!(mime in ALLOWED)) {
    throw new ApiError(400, `Invalid file type: ${mime}. Only JPEG, PNG, GIF, and WebP images are allowed.`);
  }
  const ext = ALLOWED[mime as AllowedMime];
  const animated = ext === "gif" || ext === "webp";

  let width: number;
  let height: number;
  try {
    const meta = await sharp(bytes, { animated, limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    // sharp sniffs the format again: bytes that only start like an image go no further.
    if (meta.format !== SHARP_FORMAT[ext]) throw new Error(`the content is not a valid ${ext.toUpperCase()} image`);
    width = meta.autoOrient.width;
    height = meta.pageHeight ?? meta.autoOrient.height;
  } catch (error) {
    throw failed(`${errorMessage(error)}.`);
  }

  const storageKey = randomUUID();
  const dir = uploadsDir(input.dataDir);
  const widths = [...new Set(UPLOAD_WIDTHS.map((w) => Math.min(w, width)))];
  const variants: Record<string, string> = {};
  const written: string[] = [];
  try {
    await fs.mkdir(dir, { recursive: true });
    for (const targetWidth of widths) {
      for (const format of new Set<StoredExt>(["webp", ext])) {
        const name = `${storageKey}-${targetWidth}.${format}`;
        const data = await encode(bytes, { animated, width: targetWidth, format });
        // "wx": a name is never reused, so an existing file would be a bug, not something to replace.
        await fs.writeFile(path.join(dir, name), data, { flag: "wx" });
        written.push(name);
        variants[`${targetWidth}.${format}`] = `/uploads/${name}`;
      }
    }
    const [media] = await db
      .insert(schema.media)
      .values({
        storageKey,
        mimeType: mime,
        sizeBytes: bytes.byteLength,
        width,
        height,
        variants,
        uploadedBy: input.uploadedBy,
      })
      .returning();
    const url = variants[`${widths.at(-1)}.${ext}`];
    if (!media || !url) throw new Error("the upload was not recorded");
    return { url, media };
  } catch (error) {
    await Promise.all(written.map((name) => fs.rm(path.join(dir, name), { force: true })));
    if (error instanceof ApiError) throw error;
    log.warn("image upload failed", { error, storageKey });
    throw failed(`${errorMessage(error)}.`);
  }
}

function encode(bytes: Uint8Array, options: { animated: boolean; width: number; format: StoredExt }) {
  // autoOrient applies the EXIF orientation to the pixels before the metadata is dropped
  // (sharp keeps none unless asked), so a portrait photo stays upright.
  const image = sharp(bytes, { animated: options.animated, limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .resize({ width: options.width, withoutEnlargement: true });
  switch (options.format) {
    case "jpg":
      return image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    case "png":
      return image.png({ compressionLevel: 9 }).toBuffer();
    case "gif":
      return image.gif().toBuffer();
    case "webp":
      return image.webp({ quality: 80 }).toBuffer();
  }
}

function errorMessage(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/[.\s]+$/, "");
}
