import type { S3Client } from "@aws-sdk/client-s3";
import type { S3Settings } from "../../platform/config.server";
import { assertValidKey, IMMUTABLE, type MediaStore, type StoredObject } from "./media-contract.server";

/**
 * The S3-compatible driver (AWS S3, Cloudflare R2, MinIO, Backblaze B2, ...), through the
 * official client. Objects live under "uploads/" in the bucket, so the bucket's layout
 * is the site's: <bucket>/uploads/<key> is /uploads/<key> here, and MEDIA_BASE_URL can
 * point at the bucket (or a CDN in front of it) as it is.
 */
export const S3_PREFIX = "uploads/";
/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

// The SDK is some megabytes of code: a process on the local folder never loads it.
const loadSdk = () => import("@aws-sdk/client-s3");

/**
 * `prefix` and `cacheControl` are for the private store (private-store.server.ts): the
 * same bucket, another prefix that MEDIA_BASE_URL never points into, and no caching.
 */
export function createS3Store(
  settings: S3Settings,
  { prefix = S3_PREFIX, cacheControl = IMMUTABLE }: { prefix?: string; cacheControl?: string } = {},
): MediaStore {
  const { bucket } = settings;
  let client: Promise<S3Client> | undefined;
  const s3 = () => (client ??= loadSdk().then((sdk) => new sdk.S3Client(clientOptions(settings))));
  const objectKey = (key: string) => {
    assertValidKey(key);
    return prefix + key;
  };

  return {
    driver: "s3",
    description: `bucket ${bucket} at ${settings.endpoint ?? `AWS S3 ${settings.region}`}`,

    async put(key, body, options) {
      const { PutObjectCommand } = await loadSdk();
      await (
        await s3()
      ).send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: objectKey(key),
          Body: body,
          ContentLength: options.size ?? (body instanceof Uint8Array ? body.byteLength : undefined),
          ContentType: options.contentType,
          // What a public bucket or a CDN in front of it sends (MEDIA_BASE_URL): the same as the app.
          CacheControl: cacheControl,
        }),
      );
    },

    async head(key) {
      const { HeadObjectCommand } = await loadSdk();
      try {
        const answer = await (await s3()).send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return describe(answer, answer.ContentLength);
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async read(key, range) {
      const { GetObjectCommand } = await loadSdk();
      try {
        const answer = await (
          await s3()
        ).send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        if (!answer.Body) throw new Error(`media ${key}: the store sent no body`);
        // A ranged answer's length is the range's; the whole size is after the slash.
        const size = range ? Number(/\/(\d+)$/.exec(answer.ContentRange ?? "")?.[1]) : answer.ContentLength;
        return { object: describe(answer, size), body: answer.Body.transformToWebStream() };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },

    async delete(keys) {
      const { DeleteObjectsCommand } = await loadSdk();
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const batch = keys.slice(i, i + DELETE_BATCH).map((key) => ({ Key: objectKey(key) }));
        const answer = await (
          await s3()
        ).send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }));
        // One call, many results: a key the store refused is reported here, not thrown.
        const refused = answer.Errors ?? [];
        if (refused.length > 0) {
          throw new Error(`media: the store did not delete ${refused.map((e) => `${e.Key} (${e.Code})`).join(", ")}`);
        }
      }
    },

    async *list() {
      const { ListObjectsV2Command } = await loadSdk();
      let token: string | undefined;
      do {
        const page = await (
          await s3()
        ).send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        for (const item of page.Contents ?? []) {
          if (item.Key) yield { key: item.Key.slice(prefix.length), size: item.Size ?? 0 };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

function clientOptions(settings: S3Settings) {
  return {
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Since early 2025 the SDK adds CRC checksums (and aws-chunked bodies) to every
    // upload by default, which several S3-compatible stores refuse; send them only
    // where the API requires one (DeleteObjects), as those stores' own guides advise.
    requestChecksumCalculation: "WHEN_REQUIRED" as const,
    responseChecksumValidation: "WHEN_REQUIRED" as const,
    maxAttempts: 3,
    // A store that does not answer fails the request in seconds, not at the OS's
    // TCP timeout; requestTimeout is the longest silence on an open connection.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  };
}

function describe(answer: { LastModified?: Date; ETag?: string }, size: number | undefined): StoredObject {
  if (size === undefined || !Number.isFinite(size)) throw new Error("media: the store did not say the object's size");
  const etag = answer.ETag ?? `"${size.toString(16)}-${(answer.LastModified?.getTime() ?? 0).toString(16)}"`;
  return {
    size,
    lastModified: answer.LastModified ?? new Date(0),
    etag: etag.startsWith('"') ? etag : `"${etag}"`,
  };
}

function isNotFound(error: unknown) {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}
