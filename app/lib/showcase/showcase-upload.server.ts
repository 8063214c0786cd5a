import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileTypeFromBuffer } from "file-type";
import { MAX_UPLOAD_BYTES } from "../media/uploads.server";
import type { BodyRules } from "../platform/request-body.server";
import { multipartBoundary, MultipartError, multipartEvents } from "../platform/multipart.server";
import { FILE_MESSAGES } from "./showcase-forms";

/**
 * The showcase form's body (/admin/work/new, /admin/work/:id): multipart/form-data with
 * the text fields first and up to three files, read as it streams in. A video is checked
 * by its first bytes (MP4, or WebM for the optional second source) and counted while it
 * arrives: past VIDEO_MAX_MB the read stops, the partial file is deleted and nothing more
 * is kept. Videos are spooled to a file under DATA_DIR (never held in memory) and put into
 * the media store once the whole form is known to be good; the poster (at most 5 MB, like
 * every image upload) is kept in memory for sharp.
 */
export type SpooledFile = { path: string; size: number };

export type FileField = "video" | "videoWebm" | "poster";

export type ReceivedForm = {
  /** The text fields, as the form sent them (for Conform). */
  fields: FormData;
  video?: SpooledFile;
  videoWebm?: SpooledFile;
  poster?: Uint8Array;
  /** Why a file was refused: the read stopped there and no file was kept. */
  refused?: { field: FileField; message: string; status: 400 | 413 };
  /** Deletes the spooled videos (call it in `finally`; safe to call again). */
  discard(): Promise<void>;
};

export type UploadLimits = { videoMaxBytes: number; spoolDir: string };

const FIELD_MAX_BYTES = 64 * 1024;
const FIELDS_MAX_BYTES = 256 * 1024;
/** Enough of a file's start for file-type to tell MP4 and WebM apart from anything else. */
const SNIFF_BYTES = 4100;
const VIDEO_TYPES = { video: "video/mp4", videoWebm: "video/webm" } as const;

/** Room for three files and the form's text fields, for the server's body limit. */
export function showcaseBodyRules(videoMaxBytes: number): BodyRules {
  // 55 s, as for image uploads: the server gives a request 60 s in all (server.js; docs/operations.md).
  return { maxBytes: 2 * videoMaxBytes + MAX_UPLOAD_BYTES + FIELDS_MAX_BYTES + 64 * 1024, deadlineMs: 55_000 };
}

export function uploadSpoolDir(dataDir: string) {
  return path.join(dataDir, "upload-spool");
}

/** A spooled video untouched this long belongs to no upload still running (one has 55 s). */
export const SPOOL_MAX_AGE_MS = 24 * 60 * 60_000;

/**
 * Removes stray spool files: `.part` files last written more than a day ago, left by a
 * process that died mid-upload (a finished or refused upload deletes its own). Run at
 * start-up and with the hourly retention job. Returns how many were removed.
 */
export async function sweepUploadSpool(spoolDir: string, now = Date.now(), maxAgeMs = SPOOL_MAX_AGE_MS) {
  let names: string[];
  try {
    names = await fs.readdir(spoolDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names.filter((entry) => entry.endsWith(".part"))) {
    const file = path.join(spoolDir, name);
    const stat = await fs.lstat(file).catch(() => null);
    if (!stat?.isFile() || now - stat.mtimeMs <= maxAgeMs) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}

class Refusal extends Error {
  constructor(
    readonly field: FileField,
    message: string,
    readonly status: 400 | 413,
  ) {
    super(message);
  }
}

/** A file being received: a video written to the spool folder, or the poster in memory. */
type Sink = { write(chunk: Uint8Array): Promise<void>; finish(): Promise<void>; abort?(): Promise<void> };

function videoSink(field: "video" | "videoWebm", limits: UploadLimits, received: ReceivedForm): Sink {
  const head: Uint8Array[] = [];
  let size = 0;
  let file: fs.FileHandle | undefined;
  const target = path.join(limits.spoolDir, `${randomUUID()}.part`);
  const spooled: SpooledFile = { path: target, size: 0 };

  const open = async () => {
    const bytes = Buffer.concat(head);
    head.length = 0;
    if (bytes.length === 0) return; // no file chosen: the browser sends an empty part
    const type = await fileTypeFromBuffer(bytes);
    if (type?.mime !== VIDEO_TYPES[field]) {
      throw new Refusal(field, field === "video" ? FILE_MESSAGES.videoNotMp4 : FILE_MESSAGES.webmNotWebm, 400);
    }
    await fs.mkdir(limits.spoolDir, { recursive: true });
    file = await fs.open(target, "wx");
    received[field] = spooled; // from now on, discard() deletes it whatever happens
    await file.write(bytes);
  };

  return {
    async write(chunk) {
      size += chunk.byteLength;
      if (size > limits.videoMaxBytes) {
        throw new Refusal(field, FILE_MESSAGES.videoTooLarge(limits.videoMaxBytes / (1024 * 1024)), 413);
      }
      if (file) return void (await file.write(chunk));
      head.push(chunk);
      if (size >= SNIFF_BYTES) await open();
    },
    async finish() {
      if (!file) await open();
      spooled.size = size;
      await file?.sync();
      await file?.close();
      file = undefined;
    },
    async abort() {
      await file?.close().catch(() => {});
      file = undefined;
    },
  };
}

function posterSink(received: ReceivedForm): Sink {
  const chunks: Uint8Array[] = [];
  let size = 0;
  return {
    async write(chunk) {
      size += chunk.byteLength;
      if (size > MAX_UPLOAD_BYTES) throw new Refusal("poster", FILE_MESSAGES.posterTooLarge, 413);
      chunks.push(Buffer.from(chunk));
    },
    async finish() {
      if (size > 0) received.poster = Buffer.concat(chunks);
    },
  };
}

function textSink(name: string, fields: FormData, total: { bytes: number }): Sink {
  const chunks: Uint8Array[] = [];
  let size = 0;
  return {
    async write(chunk) {
      size += chunk.byteLength;
      total.bytes += chunk.byteLength;
      if (size > FIELD_MAX_BYTES || total.bytes > FIELDS_MAX_BYTES) throw new MultipartError("a text field too long");
      chunks.push(Buffer.from(chunk));
    },
    async finish() {
      fields.append(name, Buffer.concat(chunks).toString("utf8"));
    },
  };
}

/**
 * Reads the form. A refused file is reported in `refused` (the text fields read before it
 * are kept, so the form can be shown again with them); a body that is not a readable form
 * throws MultipartError; the server's own limits throw its BodyLimitError.
 */
export async function receiveShowcaseForm(request: Request, limits: UploadLimits): Promise<ReceivedForm> {
  const received: ReceivedForm = {
    fields: new FormData(),
    async discard() {
      const files = [received.video, received.videoWebm].filter((file) => file !== undefined);
      await Promise.all(files.map((file) => fs.rm(file.path, { force: true })));
    },
  };
  const boundary = multipartBoundary(request.headers.get("content-type"));
  if (!boundary || !request.body) throw new MultipartError("not a multipart/form-data body");
  const total = { bytes: 0 };
  let sink: Sink | undefined;
  try {
    for await (const event of multipartEvents(request.body, boundary)) {
      if (event.type === "part") {
        const { name, filename } = event;
        if (filename === undefined) sink = textSink(name, received.fields, total);
        else if (name === "video" || name === "videoWebm") sink = videoSink(name, limits, received);
        else if (name === "poster") sink = posterSink(received);
        else throw new MultipartError(`an unexpected file field "${name.slice(0, 40)}"`);
      } else if (event.type === "data") await sink!.write(event.chunk);
      else await sink!.finish();
    }
  } catch (error) {
    await sink?.abort?.();
    await received.discard();
    delete received.video;
    delete received.videoWebm;
    delete received.poster;
    if (error instanceof Refusal) {
      received.refused = { field: error.field, message: error.message, status: error.status };
      return received;
    }
    throw error; // MultipartError, the server's BodyLimitError, a full disk
  }
  return received;
}
