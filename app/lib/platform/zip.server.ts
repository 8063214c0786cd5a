import { Zip, ZipDeflate, ZipPassThrough } from "fflate";

/** One file of a zip: bytes at hand, or a stream read as the zip is sent. */
export type ZipEntry =
  | { name: string; bytes: Uint8Array }
  | { name: string; stream: ReadableStream<Uint8Array>; compress?: false };

/**
 * A zip written as it is read (fflate's streaming `Zip`): each entry's bytes go out as
 * they come, and a stream entry is read only as fast as the response is taken, so a
 * 10 MB CV is never all in memory. Byte entries are deflated; a stream entry is stored
 * as it is (a PDF is compressed already, and storing costs no CPU).
 */
export function zipStream(entries: ZipEntry[]): ReadableStream<Uint8Array> {
  let resume: (() => void) | undefined;
  let cancelled = false;
  const open: ReadableStream<Uint8Array>[] = [];
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const zip = new Zip((error, chunk, final) => {
          if (cancelled) return;
          if (error) return controller.error(error);
          controller.enqueue(chunk);
          if (final) controller.close();
        });
        // Waits while the reader has enough queued (backpressure), until `pull` asks for more.
        const room = async () => {
          while (!cancelled && (controller.desiredSize ?? 1) <= 0) await new Promise<void>((r) => (resume = r));
        };
        const write = async () => {
          for (const entry of entries) {
            if (cancelled) return;
            if ("bytes" in entry) {
              const file = new ZipDeflate(entry.name, { level: 6 });
              zip.add(file);
              file.push(entry.bytes, true);
            } else {
              const file = new ZipPassThrough(entry.name);
              zip.add(file);
              open.push(entry.stream);
              for await (const chunk of entry.stream) {
                if (cancelled) return;
                file.push(chunk);
                await room();
              }
              file.push(new Uint8Array(0), true);
            }
            await room();
          }
          zip.end();
        };
        write().catch((error: unknown) => {
          if (!cancelled) controller.error(error);
        });
      },
      pull() {
        resume?.();
        resume = undefined;
      },
      async cancel() {
        cancelled = true;
        resume?.();
        await Promise.all(open.map((stream) => stream.cancel().catch(() => {})));
      },
    },
    { highWaterMark: 4 },
  );
}
