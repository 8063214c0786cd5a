import type { Metadata } from "sharp";

// sharp (libvips, ~23 MB resident) is loaded on the first upload, not by every server
// process at start: most processes never see one.
const loadSharp = () => import("sharp").then((module) => module.default);
import { BusyError, type DomainError, TooLargeError, ValidationError } from "../platform/domain-errors";
import { log } from "../platform/log.server";

/**
 * What decoding and re-encoding one upload may cost. A few kilobytes can declare a
 * 10,000 × 10,000 canvas or a hundred frames, and libvips then spends seconds and tens
 * of megabytes on them, so: a pixel budget counting every frame, checked from the
 * header before anything is decoded; only the first frame of an animation is ever
 * decoded (stored images are stills); a time limit on every sharp pipeline; and at
 * most two uploads processed at once in this process (each pipeline already uses
 * every core libvips is given, so more in parallel only makes each one slower).
 */

/** All frames together. 40 MP is a 7,700 × 5,200 photo: more than any real upload here. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Per sharp pipeline; a 6 MP photo takes well under a second on one core. */
export const PROCESSING_TIMEOUT_SECONDS = 15;
const CONCURRENT_IMAGES = 2;
/** Uploads waiting for a slot; past this the server is busy (503), not a queue without end. */
const MAX_WAITING = 8;

export type ImageFormat = "jpg" | "png" | "gif" | "webp";
const SHARP_FORMAT: Record<ImageFormat, string> = { jpg: "jpeg", png: "png", gif: "gif", webp: "webp" };
const FORMAT_NAME: Record<ImageFormat, string> = { jpg: "JPEG", png: "PNG", gif: "GIF", webp: "WebP" };

const failed = (message: string) => `Failed to upload image: ${message}`;
export const notAnImage = (ext: ImageFormat) => new ValidationError(failed(`the content is not a valid ${FORMAT_NAME[ext]} image.`));
export const TOO_MANY_PIXELS = `the image is too large to process (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels, counting every frame).`;
const tooManyPixels = () => new TooLargeError(failed(TOO_MANY_PIXELS));
const tooSlow = () => new TooLargeError(failed("the image took too long to process."));
const busy = () => new BusyError(failed("the server is busy processing other images. Please try again in a moment."));

/** At most `slots` tasks at once; the rest wait in order, up to `maxWaiting` of them. */
export class Semaphore {
  #active = 0;
  readonly #queue: Array<() => void> = [];

  constructor(
    readonly slots: number,
    readonly maxWaiting: number,
  ) {}

  get running() {
    return this.#active;
  }

  get waiting() {
    return this.#queue.length;
  }

  /** Runs `task` in a slot; throws `full()` when the slots and the queue are taken. */
  async run<T>(task: () => Promise<T>, full: () => Error = () => new Error("Semaphore queue is full")): Promise<T> {
    if (this.#active < this.slots) this.#active++;
    else if (this.#queue.length >= this.maxWaiting) throw full();
    else await new Promise<void>((resolve) => this.#queue.push(resolve));
    try {
      return await task();
    } finally {
      // The slot goes straight to the next in line, or is freed.
      const next = this.#queue.shift();
      if (next) next();
      else this.#active--;
    }
  }
}

/** This process's image slots (exported for tests, which hold them to prove the wait). */
export const imageSlots = new Semaphore(CONCURRENT_IMAGES, MAX_WAITING);

/** Runs the processing of one upload in one of the slots, or answers 503 when all are taken. */
export function withImageSlot<T>(task: () => Promise<T>) {
  return imageSlots.run(task, busy);
}

/**
 * The upright size of the image's first frame, after checking the bytes really are
 * `ext` (sharp sniffs the format again) and within the pixel budget. Reads the header
 * only: nothing is decoded yet.
 */
export async function inspectImage(bytes: Uint8Array, ext: ImageFormat) {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (error) {
    throw describeFailure(error, ext);
  }
  if (meta.format !== SHARP_FORMAT[ext]) throw notAnImage(ext);
  const { width, height } = meta.autoOrient;
  if (!width || !height) throw notAnImage(ext);
  if (width * height * (meta.pages ?? 1) > MAX_INPUT_PIXELS) throw tooManyPixels();
  return { width, height };
}

/** A web copy of the first frame: `width` wide (never upscaled), metadata dropped. */
export async function encodeImage(
  bytes: Uint8Array,
  options: { source: ImageFormat; width: number; format: ImageFormat },
) {
  const sharp = await loadSharp();
  // autoOrient applies the EXIF orientation to the pixels before the metadata is dropped
  // (sharp keeps none unless asked), so a portrait photo stays upright.
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
    .autoOrient()
    .resize({ width: options.width, withoutEnlargement: true });
  try {
    switch (options.format) {
      case "jpg":
        return await image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
      case "png":
        return await image.png({ compressionLevel: 9 }).toBuffer();
      case "gif":
        return await image.gif().toBuffer();
      case "webp":
        return await image.webp({ quality: 80 }).toBuffer();
    }
  } catch (error) {
    throw describeFailure(error, options.source);
  }
}

/**
 * sharp's own messages name libvips internals ("VipsJpeg: premature end of JPEG
 * image"): they go to the log, and the uploader gets one of the texts above.
 */
function describeFailure(error: unknown, ext: ImageFormat): DomainError {
  const message = error instanceof Error ? error.message : String(error);
  log.warn("image refused", { reason: message.split("\n")[0]?.slice(0, 200), format: ext });
  if (/pixel limit/i.test(message)) return tooManyPixels();
  if (/timeout/i.test(message)) return tooSlow();
  return notAnImage(ext);
}
