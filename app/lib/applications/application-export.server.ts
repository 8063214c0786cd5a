import { and, asc, eq, sql } from "drizzle-orm";
import { auditAction, type StaffActor } from "../auth/security-events.server";
import type { MediaStore } from "../media/storage/media-store.server";
import { type Database, schema } from "../platform/db.server";
import { NotFoundError } from "../platform/domain-errors";
import { zipStream, type ZipEntry } from "../platform/zip.server";
import { APPLICATION_GONE, openApplication } from "./application-admin.server";

/**
 * A candidate's access request answered in one file (decision 064): a zip with
 * `data.json` (everything we hold about the application: its fields, notes, the answers
 * sent, the e-mails, the pipeline's history) and the CV as the PDF it was. Audited as
 * `application_exported` with the application's id.
 */
const e = schema.securityEvents;

/** The pipeline's history: each move (from, to, when), as the audit trail recorded it. */
async function pipelineHistory(db: Database, id: string) {
  const moves = await db
    .select({ details: e.details, at: e.createdAt })
    .from(e)
    .where(and(eq(e.action, "application_status_changed"), sql`${e.details}->>'applicationId' = ${id}`))
    .orderBy(asc(e.createdAt), asc(e.id));
  return moves.map((move) => ({ from: move.details.from, to: move.details.to, at: move.at }));
}

/** The CV's name inside the zip: the candidate's own, made safe as a file name, always `.pdf`. */
export function cvEntryName(cvName: string) {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const safe = cvName.replace(/[\\/:*?"<>|\x00-\x1f\x7f]/g, "_").trim() || "cv";
  return /\.pdf$/i.test(safe) ? safe : `${safe}.pdf`;
}

export async function exportApplication(db: Database, store: MediaStore, actor: StaffActor, id: string) {
  const application = await openApplication(db, id);
  if (!application) throw new NotFoundError(APPLICATION_GONE);
  const [pipeline, file] = await Promise.all([pipelineHistory(db, id), store.read(application.cvKey)]);
  const { cvKey: _key, ...held } = application;
  const cvFile = file ? cvEntryName(application.cvName) : null;
  const json = JSON.stringify({ exportedAt: new Date().toISOString(), application: held, pipeline, cvFile }, null, 2);
  const entries: ZipEntry[] = [{ name: "data.json", bytes: new TextEncoder().encode(json) }];
  if (file && cvFile) entries.push({ name: cvFile, stream: file.body });
  await auditAction(db, actor, "application_exported", { applicationId: id });
  return { name: application.name, body: zipStream(entries) };
}
