import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { sendApplicationReply } from "~/lib/applications/application-admin.server";
import { fillReply } from "~/lib/applications/reply-templates";
import { getReplyTemplate, listReplyTemplates, saveReplyTemplate } from "~/lib/applications/reply-templates.server";
import { createMailWorker, type MailWorker, smtpTransport } from "~/lib/mail/mail.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { runSeeds } from "~/lib/platform/seed.server";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";

// "Svarmaler" (decision 064): the answer templates are data, seeded with the texts that
// were code, edited by staff once for every reply after, and what a reply made from an
// edited template says is what reaches the candidate's mail server.
const SITE = "https://www.fjordform.test";
let handle: DatabaseHandle;
let peer: SmtpPeer;
let worker: MailWorker;

beforeAll(async () => {
  handle = await createTestDatabase();
  peer = await startSmtpPeer();
  worker = createMailWorker({
    db: handle.db,
    transport: smtpTransport(peer.url),
    from: "Fjord & Form <hello@fjordform.no>",
    baseBackoffMs: 20,
  });
});
afterAll(async () => {
  await worker?.stop();
  await peer?.close();
  await handle?.close();
});
afterEach(async () => {
  peer.messages.length = 0;
  await truncateAll(handle);
});

/** What "Svar" put in the form before the templates were stored, for "Ola  Nordmann", "Animator", "Fjord & Form". */
const TEXTS_THAT_WERE_CODE = {
  "thanks-nb": {
    subject: "Takk for søknaden – Animator",
    body: "Hei Ola,\n\nTakk for søknaden din på stillingen Animator. Vi har lest den og går nå gjennom alle søknadene. Du hører fra oss så snart vi vet mer.\n\nVennlig hilsen\nFjord & Form",
  },
  "thanks-en": {
    subject: "Thank you for your application – Animator",
    body: "Hi Ola,\n\nThank you for applying for Animator. We have read your application and are now going through all of them. You will hear from us as soon as we know more.\n\nKind regards\nFjord & Form",
  },
  "interview-nb": {
    subject: "Invitasjon til intervju – Animator",
    body: "Hei Ola,\n\nTakk for søknaden på Animator. Vi vil gjerne bli bedre kjent med deg og inviterer deg til et intervju. Passer det [dag og klokkeslett] hos oss i [adresse], eller på video?\n\nSvar gjerne på denne e-posten.\n\nVennlig hilsen\nFjord & Form",
  },
  "interview-en": {
    subject: "Invitation to an interview – Animator",
    body: "Hi Ola,\n\nThank you for applying for Animator. We would like to get to know you better and invite you to an interview. Would [day and time] at [address], or by video, suit you?\n\nJust reply to this e-mail.\n\nKind regards\nFjord & Form",
  },
  "rejection-nb": {
    subject: "Svar på søknaden din – Animator",
    body: "Hei Ola,\n\nTakk for interessen for Animator og for tiden du brukte på søknaden. Vi har valgt å gå videre med andre kandidater denne gangen.\n\nSøknaden din og CV-en slettes hos oss innen fristen vi oppga da du søkte.\n\nLykke til videre!\n\nVennlig hilsen\nFjord & Form",
  },
  "rejection-en": {
    subject: "Your application – Animator",
    body: "Hi Ola,\n\nThank you for your interest in Animator and for the time you spent on your application. We have decided to go ahead with other candidates this time.\n\nYour application and CV will be deleted by the date we gave when you applied.\n\nBest of luck!\n\nKind regards\nFjord & Form",
  },
};

const fill = { name: "Ola  Nordmann", job: "Animator", studio: "Fjord & Form" };

async function staffMember(name: string) {
  const [user] = await handle.db
    .insert(schema.users)
    .values({ email: `${name.toLowerCase()}@fjordform.test`, passwordHash: "x" })
    .returning({ id: schema.users.id });
  return { userId: user!.id, name, ip: "192.0.2.1", userAgent: "vitest" };
}

async function application(email: string) {
  const [row] = await handle.db
    .insert(schema.jobApplications)
    .values({
      jobTitle: "Animator",
      jobSlug: "animator",
      name: "Kari Søker",
      email,
      letter: "Hei!",
      cvKey: "applications/none.pdf",
      cvName: "cv.pdf",
      cvSize: 10,
      retentionUntil: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: schema.jobApplications.id });
  return row!.id;
}

describe(`answer templates (${engineName()})`, () => {
  it("are seeded once as version 1 with the texts that were code, word for word once filled in", async () => {
    await runSeeds(handle.db);
    await runSeeds(handle.db);
    const rows = await handle.db.select().from(schema.applicationReplyTemplates);
    expect(rows).toHaveLength(6);
    expect(rows.every((row) => row.version === 1 && row.updatedBy === null)).toBe(true);
    const filled = Object.fromEntries(
      (await listReplyTemplates(handle.db)).map((t) => [`${t.template}-${t.language}`, fillReply(t, fill)]),
    );
    expect(filled).toEqual(TEXTS_THAT_WERE_CODE);
  });

  it("read as the seed when no row is stored, so a reply can always be written", async () => {
    const seed = await getReplyTemplate(handle.db, "rejection", "en");
    expect(seed.version).toBe(0);
    expect(fillReply(seed, fill)).toEqual(TEXTS_THAT_WERE_CODE["rejection-en"]);
  });

  it("an edited template is what the reply says when it reaches the candidate's mail server; the save is audited", async () => {
    await runSeeds(handle.db);
    const kari = await staffMember("Kari");
    const saved = await saveReplyTemplate(handle.db, kari, {
      template: "interview",
      language: "nb",
      subject: "Intervju hos {studio} – {job}",
      body: "Hei {firstName}!\n\nKan du komme torsdag kl. 10 for å snakke om {job}?\n\nHilsen {studio}",
      expectedVersion: 1,
    });
    expect(saved).toEqual({ kind: "saved", version: 2 });

    const email = "kari.soker@example.no";
    const id = await application(email);
    const stored = await getReplyTemplate(handle.db, "interview", "nb");
    expect(stored).toMatchObject({ version: 2, updatedByName: "Kari" });
    const reply = fillReply(stored, { name: "Kari Søker", job: "Animator", studio: "Fjord & Form" });
    await sendApplicationReply(handle.db, kari, id, { template: "interview", language: "nb", ...reply }, SITE);
    await worker.drain();

    const [mail] = peer.to(email);
    expect(mail?.subject).toBe("Intervju hos Fjord & Form – Animator");
    expect(mail?.text).toContain("Hei Kari!");
    expect(mail?.text).toContain("Kan du komme torsdag kl. 10 for å snakke om Animator?");
    expect(mail?.text).not.toContain("{");

    const events = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "application_template_saved"));
    expect(events.map((e) => [e.userId, e.details])).toEqual([
      [kari.userId, { template: "interview", language: "nb", version: 2 }],
    ]);
  });

  it("a save made on an older version is refused and overwrites nothing; the same text again records nothing", async () => {
    await runSeeds(handle.db);
    const kari = await staffMember("Kari");
    const ola = await staffMember("Ola");
    const text = { template: "thanks" as const, language: "en" as const, subject: "Thanks – {job}", body: "Thanks, {firstName}." };
    expect(await saveReplyTemplate(handle.db, kari, { ...text, expectedVersion: 1 })).toMatchObject({ kind: "saved" });
    const late = await saveReplyTemplate(handle.db, ola, { ...text, body: "Ola's words", expectedVersion: 1 });
    expect(late).toMatchObject({ kind: "stale", current: { version: 2, updatedByName: "Kari" } });
    expect(await saveReplyTemplate(handle.db, kari, { ...text, expectedVersion: 2 })).toEqual({ kind: "unchanged" });

    const t = schema.applicationReplyTemplates;
    const [row] = await handle.db
      .select()
      .from(t)
      .where(and(eq(t.template, "thanks"), eq(t.language, "en")));
    expect(row).toMatchObject({ body: "Thanks, {firstName}.", version: 2 });
    const events = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "application_template_saved"));
    expect(events).toHaveLength(1);
  });
});
