import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { unzipSync } from "fflate";
import {
  addApplicationNote,
  changeApplicationStatus,
  eraseApplication,
  readApplicationCv,
  sendApplicationReply,
} from "~/lib/applications/application-admin.server";
import { exportApplication } from "~/lib/applications/application-export.server";
import { applicationRetention, submitApplication } from "~/lib/applications/applications.server";
import { createPrivateStore } from "~/lib/media/storage/private-store.server";
import type { MediaStore } from "~/lib/media/storage/media-store.server";
import { schema } from "~/lib/platform/db.server";
import { runRetentionRound } from "~/lib/platform/retention.server";
import { plainPdf } from "../support/pdf-fixtures";
import { type S3TestServer, startS3Server } from "../support/s3-server";
import { engineName, setUpTestDatabase } from "../support/test-database";

// Job applications on both storage drivers (decision 057): stored with their CV in the
// private store (never under uploads/), the two e-mails once each, the CV read only
// through the staff function (audited), erased at the end of retention and on request
// leaving nothing behind.
const SITE = "https://www.fjordform.test";
const handle = setUpTestDatabase();
let s3: S3TestServer;
let folder: string;
beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "applications-"));
  s3 = await startS3Server();
});
afterAll(async () => {
  try {
    await s3?.close();
  } finally {
    if (folder) fs.rmSync(folder, { recursive: true, force: true });
  }
});

const actor = { userId: null as unknown as string, name: "Kari Stab", ip: "127.0.0.1", userAgent: "test" };

async function listing(applyLink = "mailto:jobs@fjordform.test?subject=Animator") {
  const [job] = await handle.db
    .insert(schema.jobListings)
    .values({
      slug: `animator-${Math.random().toString(36).slice(2, 8)}`,
      title: "Animator",
      location: "Oslo",
      type: "Part-time",
      description: "d",
      applyLink,
    })
    .returning();
  return job!;
}

function form(values: Record<string, string> = {}) {
  const data = new FormData();
  const all = {
    name: "Ola Nordmann",
    email: "ola@example.no",
    phone: "+47 912 34 567",
    link: "https://ola.example.no",
    letter: "Hei!\nJeg vil gjerne jobbe hos dere.",
    consent: "on",
    ...values,
  };
  for (const [k, v] of Object.entries(all)) data.append(k, v);
  return data;
}

function spooled() {
  const file = path.join(folder, `cv-${Math.random().toString(36).slice(2)}.part`);
  fs.writeFileSync(file, plainPdf);
  return { path: file, size: plainPdf.length, name: "Ola CV.pdf" };
}

const drivers: Array<[string, () => MediaStore, () => Promise<string[]>]> = [
  [
    "local folder",
    () => createPrivateStore({ driver: "local", dir: path.join(folder, "data", "uploads") }),
    async () => {
      const files: string[] = [];
      for (const top of ["uploads", "private"]) {
        const dir = path.join(folder, "data", top);
        if (fs.existsSync(dir))
          files.push(
            ...fs
              .readdirSync(dir, { recursive: true, withFileTypes: true })
              .filter((e) => e.isFile())
              .map((e) => path.relative(path.join(folder, "data"), path.join(e.parentPath, e.name))),
          );
      }
      return files.sort();
    },
  ],
  ["S3 bucket", () => createPrivateStore({ driver: "s3", dir: "", s3: s3.settings } as never), () => s3.keys("")],
];

describe.each(drivers)(`applications with the %s (${engineName()})`, (_name, makeStore, storedFiles) => {
  let store: MediaStore;
  beforeEach(async () => {
    fs.rmSync(path.join(folder, "data"), { recursive: true, force: true });
    await s3.clear();
    store = makeStore();
  });

  it("stores the application and its CV privately, and sends the receipt and the notification once each", async () => {
    const job = await listing();
    // verified: the form's proof of work was checked before (anti-spam.server.ts, decision 062).
    const outcome = await submitApplication(handle.db, job, form(), spooled(), { siteUrl: SITE, store, verified: true });
    expect(outcome.kind).toBe("received");
    const id = (outcome as { id: string }).id;

    const [row] = await handle.db.select().from(schema.jobApplications).where(eq(schema.jobApplications.id, id));
    expect(row).toMatchObject({
      name: "Ola Nordmann",
      email: "ola@example.no",
      jobTitle: "Animator",
      status: "new",
      cvName: "Ola CV.pdf",
      verified: true,
    });
    // Six months on, not by the file's name: the key is ours, under the private prefix.
    expect(row!.cvKey).toBe(`applications/${id}.pdf`);
    expect(await storedFiles()).toEqual([`private/applications/${id}.pdf`]);
    const months = (row!.retentionUntil.getTime() - row!.createdAt.getTime()) / (24 * 3600e3);
    expect(months).toBeGreaterThan(180);
    expect(months).toBeLessThan(185);

    const mails = await handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.applicationId, id));
    expect(mails.map((m) => m.kind).sort()).toEqual(["application-notification", "application-receipt"]);
    const receipt = mails.find((m) => m.kind === "application-receipt")!;
    expect(receipt.toAddress).toBe("ola@example.no");
    expect(receipt.textBody).toContain("Animator");
    expect(receipt.textBody).toMatch(/until \d{1,2} \w+ \d{4}/);
    const notification = mails.find((m) => m.kind === "application-notification")!;
    // The mailto: address of the listing is told, with a link to the application and no CV.
    expect(notification.toAddress).toBe("jobs@fjordform.test");
    expect(notification.textBody).toContain(`${SITE}/admin/applications/${id}`);
    expect(notification.textBody + (notification.htmlBody ?? "")).not.toContain("%PDF");
    expect(notification.headers).toEqual({});

    const cv = await readApplicationCv(handle.db, store, actor, id);
    expect(Buffer.from(await new Response(cv!.body).arrayBuffer()).equals(plainPdf)).toBe(true);
    const events = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "application_cv_downloaded"));
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toEqual({ applicationId: id });
  });

  it("refuses an application without a CV or with bad fields, keeping nothing", async () => {
    const job = await listing();
    const outcome = await submitApplication(handle.db, job, form({ email: "not an address", consent: "" }), undefined, {
      siteUrl: SITE,
      store,
    });
    expect(outcome).toMatchObject({
      kind: "invalid",
      fieldErrors: { email: expect.any(Array), consent: expect.any(Array), cv: expect.any(Array) },
    });
    expect(await handle.db.select().from(schema.jobApplications)).toHaveLength(0);
    expect(await handle.db.select().from(schema.mailOutbox)).toHaveLength(0);
    expect(await storedFiles()).toEqual([]);
  });

  it("the retention round erases applications past their time with their files, notes, replies and e-mails", async () => {
    const job = await listing();
    const old = await submitApplication(handle.db, job, form(), spooled(), { siteUrl: SITE, store });
    const kept = await submitApplication(handle.db, job, form({ email: "kari@example.no" }), spooled(), {
      siteUrl: SITE,
      store,
    });
    const oldId = (old as { id: string }).id;
    await addApplicationNote(handle.db, actor, oldId, "Sterk portefølje");
    await handle.db
      .update(schema.jobApplications)
      .set({ retentionUntil: new Date(Date.now() - 60_000) })
      .where(eq(schema.jobApplications.id, oldId));

    expect(await runRetentionRound(handle.db, new Date(), [applicationRetention(store)])).toBe("ran");
    const left = await handle.db.select({ id: schema.jobApplications.id }).from(schema.jobApplications);
    expect(left).toEqual([{ id: (kept as { id: string }).id }]);
    expect(await handle.db.select().from(schema.applicationNotes)).toHaveLength(0);
    expect(
      await handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.applicationId, oldId)),
    ).toHaveLength(0);
    expect(await storedFiles()).toEqual([`private/applications/${(kept as { id: string }).id}.pdf`]);
  });

  it("erasure on request leaves nothing: row, notes, replies, e-mails and file; the export holds it all first", async () => {
    const job = await listing();
    const { id } = (await submitApplication(handle.db, job, form(), spooled(), { siteUrl: SITE, store })) as {
      id: string;
    };
    await addApplicationNote(handle.db, actor, id, "Ring henne");
    await sendApplicationReply(
      handle.db,
      actor,
      id,
      { template: "rejection", language: "nb", subject: "Svar", body: "Takk, men nei." },
      SITE,
    );

    await changeApplicationStatus(handle.db, actor, id, "interview");
    await changeApplicationStatus(handle.db, actor, id, "rejected");

    // One zip: data.json and the CV as its own PDF, as a candidate's unzip tool opens it.
    const { body } = await exportApplication(handle.db, store, actor, id);
    const files = unzipSync(new Uint8Array(await new Response(body).arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["Ola CV.pdf", "data.json"]);
    expect(Buffer.from(files["Ola CV.pdf"]!).equals(plainPdf)).toBe(true);
    const exported = JSON.parse(new TextDecoder().decode(files["data.json"]));
    expect(exported.application).toMatchObject({
      name: "Ola Nordmann",
      letter: "Hei!\nJeg vil gjerne jobbe hos dere.",
      status: "rejected",
    });
    expect(exported.application.notes).toHaveLength(1);
    expect(exported.application.replies).toMatchObject([{ subject: "Svar", body: "Takk, men nei." }]);
    expect(exported.application.cvKey).toBeUndefined();
    expect(exported.pipeline.map((move: { from: string; to: string }) => [move.from, move.to])).toEqual([
      ["new", "interview"],
      ["interview", "rejected"],
    ]);
    expect(exported.cvFile).toBe("Ola CV.pdf");
    const audited = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "application_exported"));
    expect(audited.map((e) => e.details)).toEqual([{ applicationId: id }]);

    await eraseApplication(handle.db, store, actor, id);
    expect(await handle.db.select().from(schema.jobApplications)).toHaveLength(0);
    expect(await handle.db.select().from(schema.applicationNotes)).toHaveLength(0);
    expect(await handle.db.select().from(schema.applicationReplies)).toHaveLength(0);
    expect(await handle.db.select().from(schema.mailOutbox)).toHaveLength(0);
    expect(await storedFiles()).toEqual([]);
    const erased = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "application_erased"));
    expect(erased.map((e) => e.details)).toEqual([{ applicationId: id }]);
  });
});
