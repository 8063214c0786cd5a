import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { StaffActor } from "~/lib/auth/security-events.server";
import { createUser } from "~/lib/auth/users.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { SUBSCRIBERS_PER_PAGE, type SubscriberFilter } from "~/lib/visitor-forms/subscriber-forms";
import {
  erasureMarker,
  eraseSubscriber,
  exportSubscribersCsv,
  importSubscribers,
  isErasedAddress,
  listSubscribers,
  openSubscriber,
  SUBSCRIBER_EXPORT_COLUMNS,
  unsubscribeOnBehalf,
} from "~/lib/visitor-forms/subscribers-admin.server";
import { confirmSubscription, subscribe } from "~/lib/visitor-forms/newsletter.server";
import { hashToken } from "~/lib/platform/tokens.server";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";
import { NotFoundError } from "~/lib/platform/domain-errors";

const SITE = "https://www.fjordform.test";
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
afterEach(async () => {
  await truncateAll(handle);
});

async function staff(): Promise<StaffActor> {
  const user = await createUser(handle.db, {
    email: "kari@fjordform.test",
    fullName: "Kari Nordmann",
    password: "a long enough pass",
  });
  return { userId: user.id, name: "Kari Nordmann", ip: "192.0.2.7", userAgent: "vitest" };
}

const all: SubscriberFilter = { page: 1 };
const s = schema.newsletterSubscribers;

async function events(action: string) {
  return handle.db.select().from(schema.securityEvents).where(eq(schema.securityEvents.action, action));
}

/** A pending sign-up from the footer, and its confirmation token (set to one we know). */
async function signUp(email: string, source = "footer") {
  await subscribe(handle.db, { email, ip: "203.0.113.9", source }, SITE);
  const token = `t${Math.random().toString(36).slice(2).padEnd(42, "x")}`.slice(0, 43);
  await handle.db
    .update(s)
    .set({ confirmTokenHash: hashToken(token) })
    .where(eq(s.email, email));
  return token;
}

/** Three subscribers, one a second apart: pending (footer), active (GDPR checklist), unsubscribed. */
async function threeSubscribers() {
  await signUp("ola@fjell.no");
  await confirmSubscription(handle.db, await signUp("dpo@klinikk.no", "gdpr-checklist"), SITE);
  await signUp("borte@example.no");
  await handle.db
    .update(s)
    .set({ status: "unsubscribed", unsubscribedAt: new Date() })
    .where(eq(s.email, "borte@example.no"));
  const base = Date.parse("2026-11-20T09:00:00Z");
  for (const [i, email] of ["ola@fjell.no", "dpo@klinikk.no", "borte@example.no"].entries()) {
    await handle.db
      .update(s)
      .set({ createdAt: new Date(base + i * 1000) })
      .where(eq(s.email, email));
  }
}

const emails = async (filter: Partial<SubscriberFilter>) =>
  (await listSubscribers(handle.db, { ...all, ...filter })).rows.map((row) => row.email);

describe(`the staff subscriber list on ${engineName()}`, () => {
  it("lists every subscriber newest first with status, source and dates; filters by status; searches the address literally", async () => {
    await threeSubscribers();
    const list = await listSubscribers(handle.db, all);
    expect(list.total).toBe(3);
    expect(list.rows.map((row) => [row.email, row.status, row.source])).toEqual([
      ["borte@example.no", "unsubscribed", "footer"],
      ["dpo@klinikk.no", "active", "gdpr-checklist"],
      ["ola@fjell.no", "pending", "footer"],
    ]);
    expect(list.rows[0]!.unsubscribedAt).toBeInstanceOf(Date);
    expect(list.rows[1]!.confirmedAt).toBeInstanceOf(Date);
    expect(list.rows[2]!.confirmedAt).toBeNull();

    expect(await emails({ status: "active" })).toEqual(["dpo@klinikk.no"]);
    expect(await emails({ status: "pending" })).toEqual(["ola@fjell.no"]);
    expect(await emails({ q: "KLINIKK" })).toEqual(["dpo@klinikk.no"]);
    expect(await emails({ q: ".no", status: "unsubscribed" })).toEqual(["borte@example.no"]);
    expect(await emails({ q: "%" })).toEqual([]); // a character, not a wildcard
    expect(await emails({ q: "_" })).toEqual([]);
  });

  it("pages the list, and a page past the end shows the last one", async () => {
    const at = Date.parse("2026-11-01T00:00:00Z");
    await handle.db.insert(s).values(
      Array.from({ length: SUBSCRIBERS_PER_PAGE + 2 }, (_, i) => ({
        email: `p${i}@firma.no`,
        consentText: "yes",
        createdAt: new Date(at + i * 1000),
      })),
    );
    const first = await listSubscribers(handle.db, all);
    expect([first.total, first.pageCount, first.rows.length]).toEqual([
      SUBSCRIBERS_PER_PAGE + 2,
      2,
      SUBSCRIBERS_PER_PAGE,
    ]);
    expect(first.rows[0]!.email).toBe(`p${SUBSCRIBERS_PER_PAGE + 1}@firma.no`);
    const last = await listSubscribers(handle.db, { page: 7 });
    expect(last.page).toBe(2);
    expect(last.rows.map((row) => row.email)).toEqual(["p1@firma.no", "p0@firma.no"]);
  });

  it("shows the stored consent record: the text shown, when and from which address, and the e-mails sent", async () => {
    await threeSubscribers();
    const [row] = await handle.db.select().from(s).where(eq(s.email, "dpo@klinikk.no"));
    const opened = await openSubscriber(handle.db, row!.id);
    expect(opened).toMatchObject({
      email: "dpo@klinikk.no",
      status: "active",
      source: "gdpr-checklist",
      consentIp: "203.0.113.9",
    });
    expect(opened!.consentText).toContain("unsubscribe at any time");
    expect(opened!.consentAt).toBeInstanceOf(Date);
    expect(opened!.mails.map((mail) => mail.kind).sort()).toEqual(["newsletter-confirm", "newsletter-welcome"]);
    expect(await openSubscriber(handle.db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await openSubscriber(handle.db, "nope")).toBeNull();
  });

  it("exports the filtered list as CSV for Excel: BOM, æøå, consent, formulas neutralised; the export is logged", async () => {
    await threeSubscribers();
    await handle.db.insert(s).values({
      email: "=cmd|' /c calc'!a1@evil.example",
      status: "active",
      consentText: "Ja takk, send meg nyhetsbrevet om blåbær og ærlig øl",
      consentIp: "198.51.100.4",
      createdAt: new Date("2026-11-21T08:00:00Z"),
    });
    const actor = await staff();
    const csv = await exportSubscribersCsv(handle.db, { status: "active" }, actor);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(SUBSCRIBER_EXPORT_COLUMNS.map((name) => `"${name}"`).join(";"));
    expect(lines[0]).toContain('"Påmeldt (Oslo)"');
    expect(lines).toHaveLength(3); // the header and the two active subscribers
    expect(lines[1]).toMatch(/^"'=cmd\|' \/c calc'!a1@evil\.example";"Aktiv";"Bunnteksten";"2026-11-21 09:00";/);
    expect(lines[1]).toContain('"198.51.100.4";"Ja takk, send meg nyhetsbrevet om blåbær og ærlig øl"');
    expect(lines[2]).toMatch(
      /^"dpo@klinikk\.no";"Aktiv";"GDPR-sjekklisten";"2026-11-20 10:00";"\d{4}-\d\d-\d\d \d\d:\d\d";"";/,
    );
    expect((await events("subscribers_exported")).map((event) => event.details)).toEqual([
      { count: 2, status: "active", search: false },
    ]);
  });

  it("unsubscribes on the person's behalf, drops their waiting newsletter e-mails, and logs it once", async () => {
    await threeSubscribers();
    await signUp("venter@example.no"); // a confirmation e-mail waiting in the outbox
    const [row] = await handle.db.select().from(s).where(eq(s.email, "venter@example.no"));
    const actor = await staff();
    expect(await unsubscribeOnBehalf(handle.db, row!.id, actor)).toEqual({
      changed: true,
      from: "pending",
      mailsDropped: 1,
    });
    const [after] = await handle.db.select().from(s).where(eq(s.id, row!.id));
    expect(after).toMatchObject({ status: "unsubscribed", confirmTokenHash: null });
    expect(after!.unsubscribedAt).toBeInstanceOf(Date);
    expect(after!.consentText, "the consent record stays, as proof").toContain("unsubscribe at any time");
    const outbox = await handle.db.select().from(schema.mailOutbox);
    expect(outbox.some((mail) => mail.toAddress === "venter@example.no")).toBe(false);
    expect(outbox.filter((mail) => mail.toAddress === "ola@fjell.no")).toHaveLength(1); // others untouched

    expect(await unsubscribeOnBehalf(handle.db, row!.id, actor)).toMatchObject({ changed: false });
    await expect(unsubscribeOnBehalf(handle.db, "00000000-0000-4000-8000-000000000000", actor)).rejects.toThrow(NotFoundError);
    const logged = await events("subscriber_unsubscribed");
    expect(logged.map((event) => event.details)).toEqual([{ subscriberId: row!.id, from: "pending", mailsDropped: 1 }]);
    expect(logged[0]).toMatchObject({ userId: actor.userId, ipAddress: "192.0.2.7" });
  });

  it("erasure leaves only a keyed-hash marker; an import skips the address, a public sign-up needs double opt-in again", async () => {
    await threeSubscribers();
    const actor = await staff();
    const [row] = await handle.db.select().from(s).where(eq(s.email, "dpo@klinikk.no"));
    expect(await eraseSubscriber(handle.db, row!.id, actor)).toEqual({ status: "active", mailsRemoved: 2 });
    await expect(eraseSubscriber(handle.db, row!.id, actor)).rejects.toThrow(NotFoundError);

    // Nothing with the address is left anywhere: only the marker, which is not the address.
    expect(await handle.db.select().from(s).where(eq(s.email, "dpo@klinikk.no"))).toEqual([]);
    const outbox = await handle.db.select().from(schema.mailOutbox);
    expect(JSON.stringify(outbox)).not.toContain("klinikk");
    const markers = await handle.db.select().from(schema.newsletterErasures);
    expect(markers.map((marker) => marker.addressHash)).toEqual([erasureMarker("dpo@klinikk.no")]);
    expect(markers[0]!.addressHash).toMatch(/^v1:[0-9a-f]{64}$/);
    const logged = await events("subscriber_erased");
    expect(logged.map((event) => event.details)).toEqual([
      { subscriberId: row!.id, status: "active", mailsRemoved: 2 },
    ]);
    expect(JSON.stringify(await handle.db.select().from(schema.securityEvents))).not.toContain("klinikk");
    expect(await isErasedAddress(handle.db, " DPO@Klinikk.no ")).toBe(true);

    // A re-import does not add them again, whatever the case of the address.
    const consent = { consentText: "Signed up in the old tool", consentAt: new Date("2025-01-01T00:00:00Z") };
    const imported = await importSubscribers(
      handle.db,
      [
        { email: "DPO@klinikk.no", ...consent },
        { email: "ny@firma.no", ...consent },
        { email: "ola@fjell.no", ...consent },
      ],
      actor,
    );
    expect(imported).toEqual({ added: 1, alreadyHere: 1, erased: 1 });
    expect(await emails({ q: "klinikk" })).toEqual([]);
    const [fresh] = await handle.db.select().from(s).where(eq(s.email, "ny@firma.no"));
    expect(fresh).toMatchObject({ status: "active", source: "import", consentText: "Signed up in the old tool" });
    expect((await events("subscribers_imported")).map((event) => event.details)).toEqual([
      { added: 1, alreadyHere: 1, erased: 1 },
    ]);

    // The person signs up again themselves: pending until they confirm by e-mail, like anyone.
    const token = await signUp("dpo@klinikk.no");
    const [again] = await handle.db.select().from(s).where(eq(s.email, "dpo@klinikk.no"));
    expect(again?.status).toBe("pending");
    expect(
      (await handle.db.select().from(schema.mailOutbox))
        .filter((mail) => mail.toAddress === "dpo@klinikk.no")
        .map((m) => m.kind),
    ).toEqual(["newsletter-confirm"]);
    expect(await isErasedAddress(handle.db, "dpo@klinikk.no"), "still marked until they confirm").toBe(true);
    expect(await confirmSubscription(handle.db, token, SITE)).toBe("confirmed");
    expect(await isErasedAddress(handle.db, "dpo@klinikk.no"), "fresh consent removes the marker").toBe(false);
  });
});
