import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { BodyRules } from "../platform/request-body.server";
import { multipartBoundary, MultipartError, multipartEvents } from "../platform/multipart.server";
import { APPLICATION_MESSAGES, CV_MAX_BYTES } from "./application-forms";
import { checkPdf } from "./pdf-check.server";

/**
 * The application form's body: multipart/form-data with the text fields and one file,
 * the CV, read as it streams in (decision 057). The CV is counted while it arrives: at
 * CV_MAX_BYTES + 1 the read stops, the partial file is deleted and the person is told
 * why. It is spooled to a `.part` file under DATA_DIR/upload-spool (swept hourly like
 * the showcase's, should a process die mid-upload), then checked by its content
 * (pdf-check.server.ts). Its name is kept only as text to show; it never names a file.
 */
export type ReceivedCv = { path: string; size: number; name: string };

export type ReceivedApplication = {
  fields: FormData;
  cv?: ReceivedCv;
  /** Why the CV was refused: nothing of it was kept. */
  refused?: { message: string; status: 400 | 413 };
  /** Deletes the spooled CV (call it in `finally`; safe to call again). */
  discard(): Promise<void>;
};

const FIELD_MAX_BYTES = 32 * 1024;
const FIELDS_MAX_BYTES = 64 * 1024;

/** A CV and the text fields, for the server's body limit; 55 s as every upload (server.js gives 60). */
export const APPLICATION_BODY_RULES: BodyRules = {
  maxBytes: CV_MAX_BYTES + FIELDS_MAX_BYTES + 64 * 1024,
  deadlineMs: 55_000,
};

class Refusal extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413,
  ) {
    super(message);
  }
}

/**
 * The name the candidate's computer gave the file, as text to show staff: the last path
 * segment only ("C:\\fakepath\\cv.pdf" and "../../etc/passwd" alike), without control
 * characters, at most 120 characters. Never used to name anything in a store or folder.
 */
export function displayName(filename: string | undefined) {
  const base = (filename ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\p{Cc}\p{Cf}"]/gu, "")
    .trim()
    .slice(0, 120);
  return clean || "cv.pdf";
}

/** Reads the form; a refused CV is reported in `refused` with the text fields kept. */
export async function receiveApplicationForm(request: Request, spoolDir: string): Promise<ReceivedApplication> {
  let spooled: string | undefined;
  const received: ReceivedApplication = {
    fields: new FormData(),
    async discard() {
      if (spooled) await fs.rm(spooled, { force: true });
    },
  };
  const boundary = multipartBoundary(request.headers.get("content-type"));
  if (!boundary || !request.body) throw new MultipartError("not a multipart/form-data body");
  let total = 0;
  let current: { name: string; text?: Buffer[]; size: number; file?: fs.FileHandle; filename?: string } | undefined;
  try {
    for await (const event of multipartEvents(request.body, boundary)) {
      if (event.type === "part") {
        if (event.filename === undefined) current = { name: event.name, text: [], size: 0 };
        else if (event.name === "cv" && !received.cv && !spooled) {
          await fs.mkdir(spoolDir, { recursive: true });
          spooled = path.join(spoolDir, `${randomUUID()}.part`);
          current = { name: "cv", size: 0, file: await fs.open(spooled, "wx"), filename: event.filename };
        } else throw new MultipartError(`an unexpected file field "${event.name.slice(0, 40)}"`);
      } else if (event.type === "data") {
        const part = current!;
        part.size += event.chunk.byteLength;
        if (part.file) {
          // Refused at the first byte past the limit, before it is written.
          if (part.size > CV_MAX_BYTES) throw new Refusal(APPLICATION_MESSAGES.cvTooLarge, 413);
          await part.file.write(event.chunk);
        } else {
          total += event.chunk.byteLength;
          if (part.size > FIELD_MAX_BYTES || total > FIELDS_MAX_BYTES)
            throw new MultipartError("a text field too long");
          part.text!.push(Buffer.from(event.chunk));
        }
      } else {
        const part = current!;
        if (part.file) {
          await part.file.sync();
          await part.file.close();
          // No file chosen: the browser sends an empty part with an empty name.
          if (part.size > 0) received.cv = { path: spooled!, size: part.size, name: displayName(part.filename) };
          else {
            await fs.rm(spooled!, { force: true });
            spooled = undefined;
          }
        } else received.fields.append(part.name, Buffer.concat(part.text!).toString("utf8"));
        current = undefined;
      }
    }
  } catch (error) {
    await current?.file?.close().catch(() => {});
    await received.discard();
    delete received.cv;
    if (error instanceof Refusal) {
      received.refused = { message: error.message, status: error.status };
      return received;
    }
    throw error; // MultipartError, the server's BodyLimitError, a full disk
  }
  if (received.cv) {
    const refusal = await checkCv(received.cv.path);
    if (refusal) {
      await received.discard();
      delete received.cv;
      received.refused = { message: refusal, status: 400 };
    }
  }
  return received;
}

/** The person's message when the spooled CV is not one we accept, or undefined. */
async function checkCv(file: string) {
  const verdict = checkPdf(await fs.readFile(file));
  if (verdict.ok) return undefined;
  if (verdict.reason === "not-pdf") return APPLICATION_MESSAGES.cvNotPdf;
  if (verdict.reason === "active") return APPLICATION_MESSAGES.cvActive;
  return APPLICATION_MESSAGES.cvUnreadable;
}
