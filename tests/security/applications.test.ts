import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Database, schema } from "~/lib/platform/db.server";
import { CV_MAX_BYTES } from "~/lib/applications/application-forms";
import { javascriptPdf, launchPdf, plainPdf, pngNamedPdf } from "../support/pdf-fixtures";
import { call, productionServerForThisFile } from "./helpers";
import { cookieWith, signedInStaff } from "./staff-fixtures";

// Issue 29, job applications (decision 057), against the built server: a CV is judged
// by its content (a renamed PNG, a PDF with JavaScript or a launch action are refused),
// 10 MB + 1 byte is refused while it streams, leaving nothing on disk; the name a
// browser sends never becomes a path; the CV's address without a session leads
// nowhere; and the CSV export defuses formula cells.
const server = productionServerForThisFile();
const JOB = "/careers/open-application";
let db: Database;
let cookie = "";

beforeAll(async () => {
  db = await server.db();
  cookie = await cookieWith((await signedInStaff(db, "kari@fjordform.test")).token);
});

/** Every file under DATA_DIR/private and the upload spool: what a refused CV must not leave. */
function keptFiles() {
  return ["private", "upload-spool"].flatMap((folder) => {
    const dir = path.join(server.dataDir, folder);
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => e.name)
      : [];
  });
}

function apply(cv: Uint8Array, fileName = "cv.pdf", fields: Record<string, string> = {}) {
  const form = new FormData();
  const values = {
    name: "Ola Nordmann",
    email: "ola@example.no",
    letter: '=HYPERLINK("http://evil.example")',
    consent: "on",
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  form.append("cv", new Blob([new Uint8Array(cv)], { type: "application/pdf" }), fileName);
  return call(server.url, JOB, { origin: server.url, body: form });
}

const cvError = (html: string) => /data-error-for="cv">([^<]*)</.exec(html)?.[1] ?? "";
const applications = () => db.select().from(schema.jobApplications);

describe("a CV is judged by its content, not its name or type", () => {
  it.each([
    ["a PNG renamed .pdf", pngNamedPdf, "This file is not a PDF"],
    ["a PDF with JavaScript", javascriptPdf, "contains scripts"],
    ["a PDF with a launch action", launchPdf, "contains scripts"],
  ])("refuses %s with a clear message, keeping nothing", async (_what, bytes, message) => {
    const before = (await applications()).length;
    const answer = await apply(bytes);
    expect(answer.status).toBe(400);
    expect(cvError(answer.body)).toContain(message);
    // What was typed comes back; the file does not stay anywhere.
    expect(answer.body).toContain('value="Ola Nordmann"');
    expect((await applications()).length).toBe(before);
    expect(keptFiles()).toEqual([]);
  });

  it("refuses 10 MB + 1 byte while it streams (413), with nothing left on disk", async () => {
    const tooBig = Buffer.concat([plainPdf, Buffer.alloc(CV_MAX_BYTES + 1 - plainPdf.length)]);
    const answer = await apply(tooBig);
    expect(answer.status).toBe(413);
    expect(cvError(answer.body)).toBe("The CV is larger than 10 MB. Please send a smaller PDF");
    expect(keptFiles()).toEqual([]);
  });

  it("never uses the file name as a path: the CV is stored under the application's own id", async () => {
    const answer = await apply(plainPdf, "../../../secrets.key", { email: "path@example.no" });
    expect(answer.status).toBe(200);
    const [row] = await db
      .select()
      .from(schema.jobApplications)
      .where(eq(schema.jobApplications.email, "path@example.no"));
    expect(row!.cvKey).toBe(`applications/${row!.id}.pdf`);
    expect(row!.cvName).toBe("secrets.key");
    expect(fs.existsSync(path.join(server.dataDir, "private", "applications", `${row!.id}.pdf`))).toBe(true);
    expect(fs.existsSync(path.join(server.dataDir, "..", "secrets.key"))).toBe(false);
  });
});

describe("the CV is for signed-in staff only", () => {
  it("its address answers nothing without a session, and is never under /uploads", async () => {
    const answer = await apply(plainPdf, "cv.pdf", { email: "guess@example.no" });
    expect(answer.status).toBe(200);
    const [row] = await db
      .select()
      .from(schema.jobApplications)
      .where(eq(schema.jobApplications.email, "guess@example.no"));
    const guessed = await call(server.url, `/admin/applications/${row!.id}/cv`);
    expect(guessed.status).toBe(302);
    expect(guessed.body).not.toContain("%PDF");
    for (const pathGuess of [`/uploads/${row!.cvKey}`, `/uploads/${row!.id}.pdf`, `/private/${row!.cvKey}`]) {
      const tried = await call(server.url, pathGuess);
      expect(tried.status, pathGuess).toBe(404);
      expect(tried.body).not.toContain("%PDF");
    }

    const opened = await call(server.url, `/admin/applications/${row!.id}/cv?download=1`, { cookie });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("content-type")).toBe("application/pdf");
    expect(opened.headers.get("content-disposition")).toMatch(/^attachment; filename="cv\.pdf"/);
    expect(opened.headers.get("cache-control")).toBe("private, no-store");
    expect(opened.body.startsWith("%PDF-")).toBe(true);
    const audited = await db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "application_cv_downloaded"));
    expect(audited.map((e) => e.details)).toContainEqual({ applicationId: row!.id });
  });
});

describe("the CSV export", () => {
  it("shows formula cells as text", async () => {
    await apply(plainPdf, "cv.pdf", { name: "@SUM(A1:A2)", email: "csv@example.no" });
    const answer = await call(server.url, "/admin/applications/export.csv", { cookie });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(answer.body).toContain(`"'@SUM(A1:A2)"`);
    expect(answer.body).not.toMatch(/(^|;)"[=@+-]/m);
  });
});
