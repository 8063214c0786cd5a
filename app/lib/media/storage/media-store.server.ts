import { getConfig, type MediaStorageSettings } from "../../platform/config.server";
import { createLocalStore } from "./local-store.server";
import type { MediaStore } from "./media-contract.server";
import { createS3Store } from "./s3-store.server";

// The contract both drivers implement lives in media-contract.server.ts, so neither
// driver imports this module (which imports them both): no import cycle.
export {
  assertValidKey,
  type ByteRange,
  contentTypeOf,
  IMMUTABLE,
  isValidKey,
  MAX_KEY_LENGTH,
  type MediaStore,
  type StoredObject,
} from "./media-contract.server";

export function createMediaStore(settings: MediaStorageSettings): MediaStore {
  return settings.driver === "s3" ? createS3Store(settings.s3) : createLocalStore(settings.dir);
}

let processStore: MediaStore | undefined;

/** This process's store, as configured (the S3 client is made, and loaded, on first use). */
export function getMediaStore(): MediaStore {
  processStore ??= createMediaStore(getConfig().mediaStorage);
  return processStore;
}
