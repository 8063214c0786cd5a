import path from "node:path";
import { getConfig, type MediaStorageSettings } from "../../platform/config.server";
import { createLocalStore } from "./local-store.server";
import type { MediaStore } from "./media-contract.server";
import { createS3Store } from "./s3-store.server";

/**
 * Files only signed-in staff may read (job applicants' CVs, decision 057), in the same
 * driver as the media but never where media are served from: DATA_DIR/private beside
 * DATA_DIR/uploads (nothing serves that folder), or the bucket's "private/" prefix
 * beside "uploads/" (MEDIA_BASE_URL points at the bucket's uploads, never at this).
 * Objects here are read only through a staff route that streams them.
 */
export const PRIVATE_S3_PREFIX = "private/";
export const PRIVATE_CACHE_CONTROL = "private, no-store";

export function createPrivateStore(settings: MediaStorageSettings): MediaStore {
  if (settings.driver === "s3") {
    return createS3Store(settings.s3, { prefix: PRIVATE_S3_PREFIX, cacheControl: PRIVATE_CACHE_CONTROL });
  }
  return createLocalStore(path.join(path.dirname(settings.dir), "private"));
}

let processStore: MediaStore | undefined;

/** This process's private store, as configured. */
export function getPrivateStore(): MediaStore {
  processStore ??= createPrivateStore(getConfig().mediaStorage);
  return processStore;
}
