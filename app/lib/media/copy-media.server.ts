import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { contentTypeOf, type MediaStore } from "./storage/media-store.server";

export type CopyReport = {
  /** Objects written to the target. */
  copied: number;
  copiedBytes: number;
  /** Already in the target with the same size: left alone. */
  skipped: number;
  /** Could not be copied: the key and why. */
  failed: Array<{ key: string; error: string }>;
};

/**
 * Copies every object of `from` that `to` does not have yet, e.g. the local uploads
 * folder into a bucket before an instance is switched over (npm run media:copy-to-s3).
 * Idempotent: run it again and it copies only what is missing or was cut short. Names
 * are never reused for other content (a fresh UUID each upload), so the same name and
 * size is the same file and is not read at all; a different size is copied again.
 * Streams each object; at most `concurrency` at a time.
 */
export async function copyMedia(from: MediaStore, to: MediaStore, options: { concurrency?: number } = {}) {
  const report: CopyReport = { copied: 0, copiedBytes: 0, skipped: 0, failed: [] };
  const present = new Map<string, number>();
  for await (const { key, size } of to.list()) present.set(key, size);

  const source = from.list()[Symbol.asyncIterator]();
  const worker = async () => {
    // Workers take turns on one listing: each entry goes to exactly one of them.
    for (let next = await source.next(); !next.done; next = await source.next()) {
      const { key, size } = next.value;
      if (present.get(key) === size) {
        report.skipped++;
        continue;
      }
      try {
        const found = await from.read(key);
        if (!found) throw new Error("gone from the source while copying");
        const body = Readable.fromWeb(found.body as NodeReadableStream<Uint8Array>);
        const contentType = contentTypeOf(key) ?? "application/octet-stream";
        await to.put(key, body, { contentType, size: found.object.size });
        report.copied++;
        report.copiedBytes += found.object.size;
      } catch (error) {
        report.failed.push({ key, error: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return report;
}
