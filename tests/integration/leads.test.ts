import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { gdprCategories } from "~/content/gdpr";
import { createUser } from "~/lib/auth/users.server";
import { csvCell } from "~/lib/platform/csv";
import { schema } from "~/lib/platform/db.server";
import { submitContact } from "~/lib/visitor-forms/contact.server";
import { type GdprPayload, submitGdprResults } from "~/lib/visitor-forms/gdpr.server";
import { LEADS_PER_PAGE, type LeadFilter } from "~/lib/visitor-forms/lead-forms";
import type { StaffActor } from "~/lib/auth/security-events.server";
import {
  addLeadNote,
  changeLeadStatus,
  eraseLead,
  EXPORT_COLUMNS,
  exportLeadsCsv,
  listLeads,
  openLead,
  unreadLeadCount,
} from "~/lib/visitor-forms/leads.server";
import { engineName, setUpTestDatabase } from "../support/test-database";
import { NotFoundError } from "~/lib/platform/domain-errors";

const SITE = "https://www.fjordform.test";
const handle = setUpTestDatabase();
let actor: StaffActor;

async function signedInActor(): Promise<StaffActor> {
  const user = await createUser(handle.db, {
    email: "kari@fjordform.test",
    fullName: "Kari Nordmann",
    password: "a long enough pass",
  });
  return { userId: user.id, name: "Kari Nordmann", ip: "192.0.2.7", userAgent: "vitest" };
}

function gdprPayload(email: string, noIds: string[]): GdprPayload {
  return {
    email,
    subscribeNewsletter: false,
    categories: gdprCategories.map((category) => ({
      id: category.id,
      title: category.title,
      items: category.questions.map((q) => ({
        id: q.id,
        text: q.text,
        answer: noIds.includes(q.id) ? ("no" as const) : ("yes" as const),
      })),
    })),
  };
}

const all: LeadFilter = { page: 1 };

async function events(action: string) {
  return handle.db.select().from(schema.securityEvents).where(eq(schema.securityEvents.action, action));
}

/** A contact request, a GDPR submission and another contact request, in that order. */
async function threeLeads() {
  await submitContact(
    handle.db,
    { company: "Fjellgården AS", project: "Ny nettbutikk for ærlige øl", email: "ola@fjell.no" },
    SITE,
  );
  await submitGdprResults(handle.db, gdprPayload("dpo@klinikk.no", ["audit-inventory", "notice-published"]), {
    ip: "192.0.2.1",
    siteUrl: SITE,
  });
  await submitContact(
    handle.db,
    { company: '=HYPERLINK("http://evil.example")', project: "100% sikkert_nok", email: "mal@evil.example" },
    SITE,
  );
  const { rows } = await listLeads(handle.db, all);
  return { second: rows[0]!, gdpr: rows[1]!, first: rows[2]! };
}

describe(`the leads inbox on ${engineName()}`, () => {
  it("lists contact requests and GDPR submissions together, newest first, unread, with company or e-mail", async () => {
    await threeLeads();
    const list = await listLeads(handle.db, all);
    expect(list.total).toBe(3);
    expect(list.rows.map((row) => [row.kind, row.company, row.email, row.status, row.readAt])).toEqual([
      ["contact", '=HYPERLINK("http://evil.example")', "mal@evil.example", "new", null],
      ["gdpr", null, "dpo@klinikk.no", "new", null],
      ["contact", "Fjellgården AS", "ola@fjell.no", "new", null],
    ]);
    expect(list.rows[1]!.scorePercent).toBe(91); // 21 of 23
    expect(await unreadLeadCount(handle.db)).toBe(3);
  });

  it("filters by type and status, and searches company, e-mail and text literally", async () => {
    const { first, gdpr } = await threeLeads();
    const kinds = async (filter: Partial<LeadFilter>) =>
      (await listLeads(handle.db, { ...all, ...filter })).rows.map((row) => row.email);
    expect(await kinds({ type: "gdpr" })).toEqual(["dpo@klinikk.no"]);
    expect(await kinds({ type: "contact" })).toEqual(["mal@evil.example", "ola@fjell.no"]);
    actor = await signedInActor();
    await changeLeadStatus(handle.db, first.id, "contacted", actor);
    expect(await kinds({ status: "contacted" })).toEqual(["ola@fjell.no"]);
    expect(await kinds({ status: "new", type: "gdpr" })).toEqual([gdpr.email]);
    expect(await kinds({ q: "fjellgården" })).toEqual(["ola@fjell.no"]); // company, any case
    expect(await kinds({ q: "KLINIKK" })).toEqual(["dpo@klinikk.no"]); // a GDPR submission's e-mail
    expect(await kinds({ q: "ærlige" })).toEqual(["ola@fjell.no"]); // the message text
    expect(await kinds({ q: "100%" })).toEqual(["mal@evil.example"]);
    expect(await kinds({ q: "%" })).toEqual(["mal@evil.example"]); // % is a character, not a wildcard
    expect(await kinds({ q: "_" })).toEqual(["mal@evil.example"]);
    expect(await kinds({ q: "nobody" })).toEqual([]);
  });

  it("pages the list, and a page past the end shows the last one", async () => {
    for (let i = 0; i < LEADS_PER_PAGE + 2; i++) {
      await submitContact(handle.db, { company: `Firma ${i}`, project: "Nettside", email: `p${i}@firma.no` }, SITE);
    }
    const first = await listLeads(handle.db, all);
    expect([first.total, first.pageCount, first.rows.length]).toEqual([LEADS_PER_PAGE + 2, 2, LEADS_PER_PAGE]);
    expect(first.rows[0]!.company).toBe(`Firma ${LEADS_PER_PAGE + 1}`);
    const last = await listLeads(handle.db, { page: 9 });
    expect(last.page).toBe(2);
    expect(last.rows.map((row) => row.company)).toEqual(["Firma 1", "Firma 0"]);
  });

  it("opens a lead with everything sent and the e-mails about it, and marks it read", async () => {
    const { first, gdpr } = await threeLeads();
    const contact = await openLead(handle.db, first.id);
    expect(contact?.contact).toEqual({
      company: "Fjellgården AS",
      email: "ola@fjell.no",
      project: "Ny nettbutikk for ærlige øl",
    });
    expect(contact?.mails.map((mail) => [mail.kind, mail.status]).sort()).toEqual([
      ["contact-notification", "pending"],
      ["contact-receipt", "pending"],
    ]);
    expect(await unreadLeadCount(handle.db)).toBe(2);

    const report = await openLead(handle.db, gdpr.id);
    expect(report?.gdpr?.scorePercent).toBe(91);
    expect(report?.gdpr?.areas.map((area) => area.id)).toEqual(gdprCategories.map((category) => category.id));
    const audit = report!.gdpr!.areas[0]!;
    expect([audit.yes, audit.total, audit.scorePercent]).toEqual([1, 2, 50]);
    expect(audit.answers[0]).toMatchObject({ id: "audit-inventory", answer: "no" });
    expect(report!.gdpr!.areas.flatMap((area) => area.answers)).toHaveLength(23);
    // The studio's notification and the visitor's report, both linked to the lead.
    expect(report?.mails.map((mail) => [mail.kind, mail.toAddress])).toEqual([
      ["gdpr-notification", "hello@fjordform.no"],
      ["gdpr-report", "dpo@klinikk.no"],
    ]);
    expect(await unreadLeadCount(handle.db)).toBe(1);

    // Opening again keeps the first reading time.
    const [before] = await handle.db.select().from(schema.leads).where(eq(schema.leads.id, gdpr.id));
    await openLead(handle.db, gdpr.id);
    const [after] = await handle.db.select().from(schema.leads).where(eq(schema.leads.id, gdpr.id));
    expect(after!.readAt).toEqual(before!.readAt);

    expect(await openLead(handle.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await openLead(handle.db, "not-a-uuid")).toBeNull();
  });

  it("moves a lead through the pipeline, logging each change but not a repeat", async () => {
    const { first } = await threeLeads();
    actor = await signedInActor();
    expect(await changeLeadStatus(handle.db, first.id, "offer_sent", actor)).toMatchObject({
      from: "new",
      to: "offer_sent",
      changed: true,
    });
    expect(await changeLeadStatus(handle.db, first.id, "won", actor)).toMatchObject({ changed: true });
    expect(await changeLeadStatus(handle.db, first.id, "won", actor)).toMatchObject({ changed: false });
    await expect(changeLeadStatus(handle.db, "00000000-0000-4000-8000-000000000000", "won", actor)).rejects.toThrow(NotFoundError);
    const logged = await events("lead_status_changed");
    expect(logged.map((event) => event.details)).toEqual([
      { leadId: first.id, from: "new", to: "offer_sent" },
      { leadId: first.id, from: "offer_sent", to: "won" },
    ]);
    expect(logged[0]).toMatchObject({ userId: actor.userId, ipAddress: "192.0.2.7" });
  });

  it("keeps internal notes with author and time, oldest first", async () => {
    const { first } = await threeLeads();
    actor = await signedInActor();
    await addLeadNote(handle.db, first.id, "Ringte, de vil ha tilbud.", actor);
    await addLeadNote(handle.db, first.id, "Tilbud sendt på e-post.", actor);
    await expect(addLeadNote(handle.db, "00000000-0000-4000-8000-000000000000", "x", actor)).rejects.toThrow(NotFoundError);
    const lead = await openLead(handle.db, first.id);
    expect(lead?.notes.map((note) => [note.authorName, note.body])).toEqual([
      ["Kari Nordmann", "Ringte, de vil ha tilbud."],
      ["Kari Nordmann", "Tilbud sendt på e-post."],
    ]);
    expect(lead!.notes[0]!.createdAt).toBeInstanceOf(Date);
    expect((await events("lead_note_added")).map((event) => event.details.leadId)).toEqual([first.id, first.id]);
  });

  it("erases a lead with its submission, notes and every e-mail about it, and nothing else", async () => {
    const { first, gdpr, second } = await threeLeads();
    actor = await signedInActor();
    await addLeadNote(handle.db, first.id, "Slett meg", actor);
    expect(await eraseLead(handle.db, first.id, actor)).toEqual({ kind: "contact", mailsRemoved: 2 });
    expect(await openLead(handle.db, first.id)).toBeNull();
    const db = handle.db;
    expect(
      await db.select().from(schema.contactRequests).where(eq(schema.contactRequests.email, "ola@fjell.no")),
    ).toEqual([]);
    expect(await db.select().from(schema.leadNotes)).toEqual([]);
    const outbox = await db.select().from(schema.mailOutbox);
    expect(outbox.some((mail) => mail.toAddress === "ola@fjell.no" || mail.textBody.includes("ærlige"))).toBe(false);
    expect(outbox.map((mail) => mail.leadId).sort()).toEqual([gdpr.id, gdpr.id, second.id, second.id].sort());

    // The report to the visitor and the studio's notification, which names the address too.
    expect(await eraseLead(handle.db, gdpr.id, actor)).toEqual({ kind: "gdpr", mailsRemoved: 2 });
    expect(await db.select().from(schema.gdprSubmissions)).toEqual([]);
    expect(JSON.stringify(await db.select().from(schema.mailOutbox))).not.toContain("klinikk");
    await expect(eraseLead(handle.db, gdpr.id, actor)).rejects.toThrow(NotFoundError);
    const logged = await events("lead_erased");
    expect(logged.map((event) => event.details)).toEqual([
      { leadId: first.id, kind: "contact", mailsRemoved: 2 },
      { leadId: gdpr.id, kind: "gdpr", mailsRemoved: 2 },
    ]);
    expect(JSON.stringify(logged)).not.toContain("fjell.no");
  });

  it("exports the filtered list as CSV for Excel: BOM, æøå, formulas neutralised; the export is logged", async () => {
    await threeLeads();
    actor = await signedInActor();
    const csv = await exportLeadsCsv(handle.db, { type: "contact" }, actor);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(EXPORT_COLUMNS.map((name) => `"${name}"`).join(";"));
    expect(lines).toHaveLength(3); // the header and the two contact requests, no GDPR submission
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[2]).toContain('"Fjellgården AS";"ola@fjell.no";"Ny nettbutikk for ærlige øl"');
    expect(lines[2]).toMatch(/^"\d{4}-\d\d-\d\d \d\d:\d\d";"Kontaktskjema";"Ny";"ja";/);
    expect((await events("leads_exported")).map((event) => event.details)).toEqual([
      { count: 2, type: "contact", status: null, search: false },
    ]);
  });
});

describe("CSV cells", () => {
  it("quotes every cell, doubles quotes, and neutralises = + - @ tab and CR at the start", () => {
    expect(csvCell("plain")).toBe('"plain"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvCell("a=b")).toBe('"a=b"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(42)).toBe('"42"');
  });
});
