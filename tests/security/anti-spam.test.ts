import { solveChallenge } from "altcha-lib/v1";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Database, schema } from "~/lib/platform/db.server";
import { ANTI_SPAM_MESSAGES } from "~/lib/visitor-forms/anti-spam";
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
