import { solveChallenge } from "altcha-lib/v1";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Database, schema } from "~/lib/platform/db.server";
import { ANTI_SPAM_MESSAGES } from "~/lib/visitor-forms/anti-spam";
import { GDPR_CONSENT_NEEDED, GDPR_EMAIL_STEP, GDPR_QUESTIONS, gdprPayloadOf } from "~/lib/visitor-forms/gdpr-steps";
import { call, productionServerForThisFile } from "./helpers";

// Decision 062 against the built server, with the default 3-second time trap: a form
// posted at machine speed is refused, a proof that claims JavaScript ran must be real and
// is accepted once, the honeypot still answers bots with a quiet success.
const server = productionServerForThisFile();
let db: Database;
beforeAll(async () => {
  db = await server.db();
});

const own = () => ({ origin: server.url });
const contacts = (company: string) =>
  db.select().from(schema.contactRequests).where(eq(schema.contactRequests.company, company));

async function proof() {
  const c = JSON.parse((await call(server.url, "/api/form-challenge")).body);
  const solution = await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  const { algorithm, challenge, salt, signature } = c;
  return Buffer.from(JSON.stringify({ algorithm, challenge, number: solution!.number, salt, signature })).toString(
    "base64",
  );
}

describe("the time trap", () => {
  it("refuses the contact form posted within 3 s of the page, keeping what was typed", async () => {
    const page = await call(server.url, "/contact");
    const stamp = /name="stamp" value="([^"]+)"/.exec(page.body)?.[1];
    expect(stamp).toBeTruthy();
    const company = `Rask AS ${Date.now()}`;
    const answer = await call(server.url, "/contact", {
      ...own(),
      form: { step: "2", company, project: "A bot's project", email: "bot@example.no", stamp: stamp! },
    });
    expect(answer.body).toContain(ANTI_SPAM_MESSAGES.tooFast.replaceAll("'", "&#x27;"));
    expect(answer.body).toContain(company);
    expect(await contacts(company)).toEqual([]);
  });

  it("refuses a forged stamp", async () => {
    const company = `Forfalsket AS ${Date.now()}`;
    const answer = await call(server.url, "/api/contact", {
      ...own(),
      json: { company, project: "x", email: "bot@example.no", stamp: "lz0000.AAAAAAAAAAAAAAAAAAAAAA" },
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error).toBe(ANTI_SPAM_MESSAGES.badProof);
  });
});

describe("the proof of work", () => {
  it("refuses a missing, forged or expired-looking proof when the request says JavaScript ran", async () => {
    const good = JSON.parse(Buffer.from(await proof(), "base64").toString("utf8"));
    const forged = Buffer.from(JSON.stringify({ ...good, signature: "f".repeat(64) })).toString("base64");
    const otherSalt = Buffer.from(JSON.stringify({ ...good, salt: "00?expires=9999999999&" })).toString("base64");
    for (const altcha of ["", forged, otherSalt]) {
      const answer = await call(server.url, "/api/contact", {
        ...own(),
        json: { company: "Uten bevis AS", project: "x", email: "bot@example.no", altcha },
      });
      expect(answer.status, altcha.slice(0, 20)).toBe(400);
      expect(JSON.parse(answer.body).error).toBe(ANTI_SPAM_MESSAGES.badProof);
    }
    expect(await contacts("Uten bevis AS")).toEqual([]);
  });

  it("accepts a solution once: replayed, it is refused", async () => {
    const altcha = await proof();
    const company = `Gjentatt AS ${Date.now()}`;
    const body = { company, project: "x", email: "kari@example.no", altcha };
    expect((await call(server.url, "/api/contact", { ...own(), json: body })).status).toBe(201);
    const again = await call(server.url, "/api/contact", { ...own(), json: body });
    expect(again.status).toBe(400);
    expect(JSON.parse(again.body).error).toBe(ANTI_SPAM_MESSAGES.badProof);
    const [request] = await contacts(company);
    const [lead] = await db.select().from(schema.leads).where(eq(schema.leads.contactRequestId, request!.id));
    expect(lead!.verified).toBe(true);
  });

  it("keeps the spec's bare JSON, unverified, and the honeypot still stores nothing", async () => {
    const company = `Bar JSON AS ${Date.now()}`;
    expect(
      (await call(server.url, "/api/contact", { ...own(), json: { company, project: "x", email: "a@example.no" } }))
        .status,
    ).toBe(201);
    const [request] = await contacts(company);
    const [lead] = await db.select().from(schema.leads).where(eq(schema.leads.contactRequestId, request!.id));
    expect(lead!.verified).toBe(false);

    const bot = `Honningkrukke AS ${Date.now()}`;
    const quiet = await call(server.url, "/api/contact", {
      ...own(),
      json: { company: bot, project: "x", email: "bot@example.no", website: "https://spam.example" },
    });
    expect(quiet.status).toBe(200);
    expect(await contacts(bot)).toEqual([]);
  });
});

// The GDPR checklist, both ways in: the page's JSON to /api/gdpr-results, and the plain
// posts of the page without JavaScript (gdpr-form.server.ts).
describe("the GDPR checklist", () => {
  const allYes: Record<string, "yes"> = Object.fromEntries(GDPR_QUESTIONS.map((q) => [q.id, "yes"]));
  const gdprLeads = async (email: string) =>
    db
      .select({ verified: schema.leads.verified })
      .from(schema.gdprSubmissions)
      .innerJoin(schema.leads, eq(schema.leads.gdprSubmissionId, schema.gdprSubmissions.id))
      .where(eq(schema.gdprSubmissions.email, email));
  const send = (email: string, extra: Record<string, string>) =>
    call(server.url, "/api/gdpr-results", { ...own(), json: { ...gdprPayloadOf(allYes, email, false), ...extra } });
  const stampOf = async (path: string) => /name="stamp" value="([^"]+)"/.exec((await call(server.url, path)).body)?.[1];

  it("refuses the checklist sent within 3 s of the page, by script or by plain post, storing nothing", async () => {
    const stamp = await stampOf("/gdpr-checklist");
    expect(stamp).toBeTruthy();
    const email = `rask-${Date.now()}@example.no`;
    const answer = await send(email, { stamp: stamp! });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).error).toBe(ANTI_SPAM_MESSAGES.tooFast);

    // Without JavaScript: the e-mail step's post, every answer riding along; the address stays in the form.
    const plain = await call(server.url, "/gdpr-checklist", {
      ...own(),
      form: { ...allYes, step: String(GDPR_EMAIL_STEP), email, consent: "on", stamp: stamp!, go: "send" },
    });
    expect(plain.body).toContain(ANTI_SPAM_MESSAGES.tooFast.replaceAll("'", "&#x27;"));
    expect(plain.body).toContain(`value="${email}"`);
    expect(await gdprLeads(email)).toEqual([]);
  });

  it("refuses a forged stamp, and a missing or forged proof when the request says JavaScript ran", async () => {
    const email = `falsk-${Date.now()}@example.no`;
    const good = JSON.parse(Buffer.from(await proof(), "base64").toString("utf8"));
    const forged = Buffer.from(JSON.stringify({ ...good, signature: "f".repeat(64) })).toString("base64");
    const refused: Record<string, string>[] = [{ stamp: "lz0000.AAAAAAAAAAAAAAAAAAAAAA" }, { altcha: "" }, { altcha: forged }];
    for (const extra of refused) {
      const answer = await send(email, extra);
      expect(answer.status, JSON.stringify(extra).slice(0, 40)).toBe(400);
      expect(JSON.parse(answer.body).error).toBe(ANTI_SPAM_MESSAGES.badProof);
    }
    expect(await gdprLeads(email)).toEqual([]);
  });

  it("accepts a solution once: the lead is verified, and the same proof replayed is refused", async () => {
    const altcha = await proof();
    const email = `gjentatt-${Date.now()}@example.no`;
    expect((await send(email, { altcha })).status).toBe(201);
    const again = await send(`${email}.x`, { altcha });
    expect(again.status).toBe(400);
    expect(JSON.parse(again.body).error).toBe(ANTI_SPAM_MESSAGES.badProof);
    expect(await gdprLeads(email)).toEqual([{ verified: true }]);
    expect(await gdprLeads(`${email}.x`)).toEqual([]);
  });

  it("without JavaScript the checklist is sent by plain posts and kept unverified", async () => {
    const email = `uten-skript-${Date.now()}@example.no`;
    // The last question's Yes moves on to the e-mail step, the answers so far coming back as hidden fields.
    const last = GDPR_EMAIL_STEP - 1;
    const { [GDPR_QUESTIONS[last]!.id]: _lastAnswer, ...earlier } = allYes;
    const next = await call(server.url, "/gdpr-checklist", { ...own(), form: { ...earlier, step: String(last), answer: "yes" } });
    expect(next.body).toContain("Where should we send your analysis?");
    // Without consent the server says so (the script's disabled button cannot).
    const unticked = await call(server.url, "/gdpr-checklist", {
      ...own(),
      form: { ...allYes, step: String(GDPR_EMAIL_STEP), email, go: "send" },
    });
    expect(unticked.body).toContain(GDPR_CONSENT_NEEDED);
    expect(await gdprLeads(email)).toEqual([]);
    // No stamp (as a page kept from before the trap would send): accepted, and the lead is unverified.
    const sent = await call(server.url, "/gdpr-checklist", {
      ...own(),
      form: { ...allYes, step: String(GDPR_EMAIL_STEP), email, consent: "on", go: "send" },
    });
    expect(sent.body).toContain("Your analysis is on its way.");
    expect(await gdprLeads(email)).toEqual([{ verified: false }]);
  });
});
