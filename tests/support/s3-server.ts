import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3Settings } from "~/lib/platform/config.server";

/**
 * A real S3-protocol server for tests, as smtp-peer.ts is the SMTP peer: s3rver on
 * 127.0.0.1, on a port the OS picks, keeping its objects in a fresh temporary folder
 * that close() removes. Any number can run at once (one per test file, or one shared
 * by several app instances). The checks read the bucket with the AWS SDK directly,
 * not through the app's store, so they see what a second instance would see.
 */
export type S3TestServer = {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** The app's S3_URL for this server. */
  url: string;
  /** The same as settings, for creating a store in-process. */
  settings: S3Settings;
  /** The bucket's public address (s3rver serves anonymous GETs), for MEDIA_BASE_URL. */
  publicUrl: string;
  /** The bucket's keys under `prefix`, sorted. */
  keys(prefix?: string): Promise<string[]>;
  /** One object's bytes. */
  bytes(key: string): Promise<Buffer>;
  /** Empties the bucket (between tests). */
  clear(): Promise<void>;
  close(): Promise<void>;
};

/** The server could not start here; a test that needs it may skip, saying this. */
export class S3ServerUnavailable extends Error {
  override name = "S3ServerUnavailable";
}

// s3rver's fixed credentials: it checks every request's signature against them.
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";
const REGION = "us-east-1";

export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? "media-test";
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  let port: number;
  try {
    ({ port } = await server.run());
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw new S3ServerUnavailable(`s3rver could not start on 127.0.0.1: ${String(error)}`);
  }
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    endpoint,
    bucket,
    region: REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  };
  const client = new S3Client({
    endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: settings.credentials,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const keys = async (prefix = "") => {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      found.push(...(page.Contents ?? []).map((item) => item.Key!));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return found.sort();
  };
  return {
    endpoint,
    bucket,
    url: `s3+http://${ACCESS_KEY_ID}:${SECRET_ACCESS_KEY}@127.0.0.1:${port}/${bucket}?region=${REGION}&forcePathStyle=true`,
    settings,
    publicUrl: `${endpoint}/${bucket}`,
    keys,
    async bytes(key) {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    },
    async clear() {
      const all = await keys();
      if (all.length === 0) return;
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: all.map((Key) => ({ Key })) } }));
    },
    async close() {
      try {
        client.destroy();
        await server.close();
      } finally {
        fs.rmSync(directory, { recursive: true, force: true });
      }
    },
  };
}
