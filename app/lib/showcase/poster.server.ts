import { fileTypeFromBuffer } from "file-type";
import { encodeImage, type ImageFormat, inspectImage, withImageSlot } from "../media/image-processing.server";
import { DomainError } from "../platform/domain-errors";
import { FILE_MESSAGES } from "./showcase-forms";

/** A poster the server will not take, with the message for the form. */
export class PosterRefused extends Error {
  override name = "PosterRefused";
}

/** Posters are shown at most 640 px wide (1280 for sharp screens). */
export const POSTER_WIDTH = 1280;

const FORMATS: Record<string, ImageFormat> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/apng": "png",
  "image/gif": "gif",
  "image/webp": "webp",
};

/**
 * The poster as WebP and JPEG, re-encoded like every uploaded image (image-processing.server.ts:
 * type from the bytes, a pixel budget, no metadata kept, at most two at once).
 */
export async function encodePoster(bytes: Uint8Array) {
  const source = FORMATS[(await fileTypeFromBuffer(bytes))?.mime ?? ""];
  if (!source) throw new PosterRefused(FILE_MESSAGES.posterNotImage);
  try {
    return await withImageSlot(async () => {
      const { width } = await inspectImage(bytes, source);
      const target = Math.min(width, POSTER_WIDTH);
      const webp = await encodeImage(bytes, { source, width: target, format: "webp" });
      const jpeg = await encodeImage(bytes, { source, width: target, format: "jpg" });
      return { webp, jpeg };
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    if (error.kind === "busy") throw new PosterRefused("Serveren behandler andre bilder nå. Prøv igjen om litt.");
    if (error.kind === "too-large") throw new PosterRefused("Plakatbildet er for stort til å behandles (høyst 40 megapiksler).");
    throw new PosterRefused(FILE_MESSAGES.posterNotImage);
  }
}
