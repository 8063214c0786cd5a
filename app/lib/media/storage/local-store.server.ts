import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import { createWriteStream, type WriteStream } from "node:fs";
import { once } from "node:events";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { assertValidKey, type MediaStore, type StoredObject } from "./media-contract.server";

/**
 * The local folder driver: one file a key under `dir` (DATA_DIR/uploads), as the site has
 * always stored uploads. One instance only: another instance cannot see these files.
 */
export function createLocalStore(dir: string): MediaStore {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(dir, ...key.split("/"));
  };

  return {
    driver: "local",
    description: `folder ${dir}`,

    async put(key, body, options) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written under a hidden name beside the target and renamed into place once complete
      // and flushed: a reader (or a crash) never meets half a file under the real name.
      // Hidden names are not valid keys, so they are never served nor listed.
      const temp = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
      let out: WriteStream | undefined;
      try {
        if (body instanceof Readable) await pipeline(body, (out = createWriteStream(temp, { flags: "wx" })));
        else await fs.writeFile(temp, body, { flag: "wx" });
        const handle = await fs.open(temp, "r");
        try {
          const { size } = await handle.stat();
          if (options.size !== undefined && size !== options.size) {
            throw new Error(`media ${key}: ${size} bytes written, ${options.size} expected`);
          }
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temp, file);
      } catch (error) {
        // A full or read-only disk: what was written of the temporary file goes too. A body
        // that failed at once may fail before the file is even opened: wait for the stream to
        // close (it opens, then closes), or the file would appear after it was removed.
        if (out && !out.closed) await once(out, "close").catch(() => {});
        await fs.rm(temp, { force: true }).catch(() => {});
        throw error;
      }
    },

    async head(key) {
      const stats = await fs.stat(fileOf(key)).catch(missingAsUndefined);
      return stats?.isFile() ? describe(stats) : undefined;
    },

    async read(key, range) {
      // One open file for the size and the bytes, so they cannot disagree.
      const handle = await fs.open(fileOf(key), "r").catch(missingAsUndefined);
      if (!handle) return undefined;
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) throw Object.assign(new Error("not a file"), { code: "ENOENT" });
        const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
        return { object: describe(stats), body: Readable.toWeb(stream) as ReadableStream<Uint8Array> };
      } catch (error) {
        await handle.close();
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async delete(keys) {
      await Promise.all(keys.map((key) => fs.rm(fileOf(key), { force: true })));
    },

    async *list() {
      yield* walk(dir, "");
    },
  };
}

async function* walk(folder: string, prefix: string): AsyncGenerator<{ key: string; size: number }> {
  const entries = await fs.readdir(folder, { withFileTypes: true }).catch(missingAsUndefined);
  for (const entry of entries ?? []) {
    if (entry.name.startsWith(".")) continue; // temporary files of writes in progress
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(full, `${prefix}${entry.name}/`);
    else if (entry.isFile()) yield { key: `${prefix}${entry.name}`, size: (await fs.stat(full)).size };
  }
}

/** Size and modification time make the validator, as in most web servers: no hashing per request. */
function describe(stats: { size: number; mtime: Date; mtimeMs: number }): StoredObject {
  return {
    size: stats.size,
    lastModified: stats.mtime,
    etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
  };
}

function isMissing(error: unknown) {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

function missingAsUndefined(error: unknown): undefined {
  if (isMissing(error)) return undefined;
  throw error;
}
