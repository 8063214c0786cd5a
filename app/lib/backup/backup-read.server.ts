import { createHash, type Hash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import type { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { BackupRefusedError, decryptStream, deriveKey, FRAME, parseFileHead, readFrames } from "./backup-format.server";
import type { Manifest } from "./backup-write.server";

export type BackupEvent =
  | { kind: "header"; header: { format: number; createdAt: string; schema: Manifest["schema"]; encrypted: boolean } }
  | { kind: "table"; name: string }
  | { kind: "rows"; table: string; json: string; count: number }
  | { kind: "tableEnd"; name: string; rows: number }
  | { kind: "fileStart"; key: string; size: number }
  | { kind: "fileData"; bytes: Buffer }
  | { kind: "fileEnd"; key: string; size: number }
  | { kind: "secretsKey"; key: Buffer }
  | { kind: "manifest"; manifest: Manifest };

/** The file's encryption, read from its header without the passphrase. */
export async function backupHead(file: string) {
  const handle = await fs.open(file, "r");
  try {
    const start = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(start, 0, start.length, 0);
    return parseFileHead(start.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/**
 * Reads a backup and checks it as it goes: every table's and file's SHA-256 and count
 * against its end frame, the whole payload against the manifest, and that the manifest
 * came, last. Anything else throws BackupRefusedError with what is wrong; a caller that
 * writes while reading must undo what it wrote (restore checks the whole file first).
 */
export async function* readBackup(file: string, passphrase?: string): AsyncGenerator<BackupEvent> {
  const { head, payloadOffset } = await backupHead(file);
  if (head.encryption && !passphrase) {
    throw new BackupRefusedError("The backup is encrypted: give its passphrase (BACKUP_PASSPHRASE).");
  }
  let stream: Readable = createReadStream(file, { start: payloadOffset, highWaterMark: 256 * 1024 });
  if (head.encryption) stream = stream.pipe(decryptStream(deriveKey(passphrase!, head.encryption), head.encryption));
  const source = stream;
  const gunzip = source.pipe(createGunzip());
  // Errors of the stages before gunzip do not travel down a pipe: pass them on.
  source.on("error", (error) => gunzip.destroy(error));

  const payload = createHash("sha256");
  let table: { name: string; hash: Hash; rows: number } | undefined;
  let media: { key: string; hash: Hash; size: number } | undefined;
  let manifest: Manifest | undefined;
  let sawHeader = false;
  try {
    for await (const { type, payload: body } of readFrames(gunzip)) {
      if (manifest) throw damaged("there is data after its manifest");
      const raw = Buffer.alloc(5);
      raw[0] = type;
      raw.writeUInt32BE(body.length, 1);
      if (type !== FRAME.manifest) payload.update(raw).update(body);
      if (!sawHeader && type !== FRAME.header) throw damaged("it does not start with its header");
      switch (type) {
        case FRAME.header: {
          sawHeader = true;
          yield { kind: "header", header: JSON.parse(body.toString()) };
          break;
        }
        case FRAME.tableStart: {
          const { name } = JSON.parse(body.toString()) as { name: string };
          table = { name, hash: createHash("sha256"), rows: 0 };
          yield { kind: "table", name };
          break;
        }
        case FRAME.rows: {
          if (!table) throw damaged("rows outside a table");
          table.hash.update(body);
          const json = body.toString();
          const count = (JSON.parse(json) as unknown[]).length;
          table.rows += count;
          yield { kind: "rows", table: table.name, json, count };
          break;
        }
        case FRAME.tableEnd: {
          const end = JSON.parse(body.toString()) as { name: string; rows: number; sha256: string };
          if (!table || end.name !== table.name || end.rows !== table.rows || end.sha256 !== table.hash.digest("hex")) {
            throw damaged(`the rows of table ${end.name} do not match their checksum`);
          }
          yield { kind: "tableEnd", name: table.name, rows: table.rows };
          table = undefined;
          break;
        }
        case FRAME.fileStart: {
          const start = JSON.parse(body.toString()) as { key: string; size: number };
          media = { key: start.key, hash: createHash("sha256"), size: 0 };
          yield { kind: "fileStart", key: start.key, size: start.size };
          break;
        }
        case FRAME.fileData: {
          if (!media) throw damaged("file data outside a file");
          media.hash.update(body);
          media.size += body.length;
          yield { kind: "fileData", bytes: body };
          break;
        }
        case FRAME.fileEnd: {
          const end = JSON.parse(body.toString()) as { key: string; size: number; sha256: string };
          if (!media || end.key !== media.key || end.size !== media.size || end.sha256 !== media.hash.digest("hex")) {
            throw damaged(`the media file ${end.key} does not match its checksum`);
          }
          yield { kind: "fileEnd", key: media.key, size: media.size };
          media = undefined;
          break;
        }
        case FRAME.secretsKey: {
          yield { kind: "secretsKey", key: Buffer.from(body) };
          break;
        }
        case FRAME.manifest: {
          manifest = JSON.parse(body.toString()) as Manifest;
          if (manifest.payloadSha256 !== payload.digest("hex"))
            throw damaged("its contents do not match the manifest's checksum");
          yield { kind: "manifest", manifest };
          break;
        }
        default:
          throw damaged(`it holds an unknown part (${type})`);
      }
    }
  } catch (error) {
    throw explain(error);
  } finally {
    gunzip.destroy();
    source.destroy();
  }
  if (!manifest)
    throw new BackupRefusedError("The backup file is incomplete: it was cut short (its manifest is missing).");
}

/** Reads the whole file once and returns its manifest, or throws what is wrong with it. */
export async function verifyBackup(file: string, passphrase?: string) {
  let manifest: Manifest | undefined;
  const counted = { tables: {} as Record<string, number>, files: 0, bytes: 0, secretsKey: false };
  for await (const event of readBackup(file, passphrase)) {
    if (event.kind === "tableEnd") counted.tables[event.name] = event.rows;
    if (event.kind === "fileEnd") {
      counted.files++;
      counted.bytes += event.size;
    }
    if (event.kind === "secretsKey") counted.secretsKey = true;
    if (event.kind === "manifest") manifest = event.manifest;
  }
  for (const [name, { rows }] of Object.entries(manifest!.tables)) {
    if (counted.tables[name] !== rows)
      throw damaged(`table ${name} has ${counted.tables[name] ?? 0} rows, the manifest says ${rows}`);
  }
  if (counted.files !== manifest!.media.files) throw damaged("it holds fewer media files than its manifest lists");
  return manifest!;
}

const damaged = (what: string) => new BackupRefusedError(`The backup file is damaged: ${what}.`);

function explain(error: unknown) {
  if (error instanceof BackupRefusedError) return error;
  const code = (error as { code?: string }).code;
  if (code === "Z_BUF_ERROR" || /unexpected end of file/i.test(String((error as Error).message))) {
    return new BackupRefusedError("The backup file is incomplete: it was cut short.");
  }
  if (code === "Z_DATA_ERROR" || error instanceof SyntaxError) {
    return new BackupRefusedError(`The backup file is damaged: ${(error as Error).message}.`);
  }
  return error;
}
