import type { Readable } from "node:stream";
import type { MediaStorageSettings } from "../../platform/config.server";

/**
 * Where uploaded media live, behind one interface so the rest of the app does not care:
 * the local folder DATA_DIR/uploads (the default: nothing to set up, one instance) or an
 * S3-compatible bucket (several instances share it). docs/decisions/022-media-storage.md.
 *
 * A key is a name inside the store, as in the address /uploads/<key>: "<uuid>-480.webp".
 * Stored objects never change (every name is new), which is what lets them be cached
 * for good and copied between stores by name and size alone.
 */
export interface MediaStore {
  readonly driver: MediaStorageSettings["driver"];
  /** For the log: the folder, or the endpoint and bucket. Never a secret. */
  readonly description: string;
  /**
   * Stores `body` under `key`, replacing nothing half-way: a reader sees the whole
   * object or none (a temporary file renamed into place; an S3 PUT is atomic).
   * `size` is required for a stream (S3 needs the length before the first byte).
   */
  put(key: string, body: Uint8Array | Readable, options: { contentType: string; size?: number }): Promise<void>;
  /** The object's size and validators, or undefined when there is none. */
  head(key: string): Promise<StoredObject | undefined>;
  /** The object's bytes (only `range` of them if given, both ends inclusive), or undefined. */
  read(key: string, range?: ByteRange): Promise<{ object: StoredObject; body: ReadableStream<Uint8Array> } | undefined>;
  /** Deletes the objects; a key with no object is not an error (deleting again is safe). */
  delete(keys: string[]): Promise<void>;
  /** Every object, in no particular order. */
  list(): AsyncIterable<{ key: string; size: number }>;
}

export type StoredObject = {
  /** The whole object's size, also when a range of it was read. */
  size: number;
  lastModified: Date;
  /** A strong validator in quotes, as it goes into the ETag header. */
  etag: string;
};

export type ByteRange = { start: number; end: number };

/**
 * What a key may look like: path segments of letters, digits, "_", "-" and ".", none
 * starting with a dot (so no "..", and the local driver's ".tmp-" files are never
 * addressable). Checked by both drivers, whatever the caller already checked.
 */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*$/;
export const MAX_KEY_LENGTH = 200;

export function isValidKey(key: string) {
  return key.length <= MAX_KEY_LENGTH && KEY.test(key);
}

export function assertValidKey(key: string) {
  if (!isValidKey(key)) throw new Error(`Not a media key: ${JSON.stringify(key.slice(0, MAX_KEY_LENGTH))}`);
}

/**
 * The types media are stored and served as, by extension. Anything else in the store is
 * never served: the type comes from this list, not from the object or the uploader.
 */
const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  mp4: "video/mp4",
  webm: "video/webm",
};

export function contentTypeOf(key: string): string | undefined {
  const ext = /\.([a-z0-9]+)$/.exec(key)?.[1];
  return ext ? CONTENT_TYPES[ext] : undefined;
}

/** Stored media never change, so any cache may keep them for good. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
