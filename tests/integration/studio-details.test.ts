import { eq } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { Actor } from "~/lib/auth/security-events.server";
import { createUser } from "~/lib/auth/users.server";
import { schema } from "~/lib/platform/db.server";
import { listenForNotifications } from "~/lib/platform/notifications.server";
import { STUDIO_SEED, type StudioDetails } from "~/lib/studio/studio-details";
import {
  forgetStudioDetails,
  getStudioDetails,
  loadStudioRecord,
  saveStudioDetails,
} from "~/lib/studio/studio-details.server";
import { STUDIO_MESSAGES, studioFormSchema } from "~/lib/studio/studio-forms";
import { submitContact } from "~/lib/visitor-forms/contact.server";
import { engineName, setUpTestDatabase } from "../support/test-database";

// The studio's details as data (decision 045): the seed until someone saves, a save
// read back at once, the rules of the shared form schema, a colleague's newer save
// never overwritten, and the cache of every process cleared by the table's trigger.
const handle = setUpTestDatabase();
const SITE = "https://www.fjordform.test";

afterEach(() => forgetStudioDetails()); // each test's database is emptied: so is the cache

async function staff(email: string): Promise<Actor> {
  const user = await createUser(handle.db, { email, fullName: "Kari Nordmann", password: "a long enough password" });
  return { userId: user.id, ip: "192.0.2.45", userAgent: "vitest" };
}

const moved = (street: string): StudioDetails => ({ ...STUDIO_SEED, street, postalCode: "0150", city: "Oslo" });

/** Polls `read` until `done` holds, up to a generous ceiling (the machine is busy). */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ceilingMs = 15_000) {
  const until = Date.now() + ceilingMs;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe(`the studio's details (${engineName()})`, () => {
  it("are the seed (today's texts) when nothing was saved", async () => {
    expect(await getStudioDetails(handle.db)).toEqual(STUDIO_SEED);
    expect(STUDIO_SEED).toMatchObject({ legalName: "Fjord & Form AS", organisationNumber: "923 456 783", street: "Torggata 5" });
    expect((await loadStudioRecord(handle.db)).version).toBe(0);
  });

  it("a save is read back at once, audited with the fields that changed, and the next e-mail has it", async () => {
    const kari = await staff("kari@fjordform.test");
    await getStudioDetails(handle.db); // the seed, now cached
    const result = await saveStudioDetails(handle.db, kari, { details: moved("Storgata 12"), expectedVersion: 0 });
    expect(result).toEqual({ kind: "saved", version: 1, changed: ["street", "postalCode"] });
    expect((await getStudioDetails(handle.db)).street).toBe("Storgata 12");
    const record = await loadStudioRecord(handle.db);
    expect(record).toMatchObject({ version: 1, updatedBy: "Kari Nordmann" });

    const events = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "studio_details_updated"));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ userId: kari.userId, details: { version: 1, fields: ["street", "postalCode"] } });

    await submitContact(handle.db, { company: "Acme AS", project: "A shop", email: "ola@acme.test" }, SITE);
    const [receipt] = await handle.db
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.kind, "contact-receipt"));
    expect(receipt!.textBody).toContain("Storgata 12, 0150 Oslo");
    expect(receipt!.textBody).not.toContain("Torggata 5");
  });

  it("saving the same details again changes nothing and records nothing", async () => {
    const kari = await staff("kari@fjordform.test");
    expect(await saveStudioDetails(handle.db, kari, { details: STUDIO_SEED, expectedVersion: 0 })).toEqual({ kind: "unchanged", version: 0 });
    expect(await handle.db.select().from(schema.studioDetails)).toHaveLength(0);
    expect(await handle.db.select().from(schema.securityEvents)).toHaveLength(0);
  });

  it("refuses an organisation number whose check digit is wrong, and formats a good one", () => {
    const form = { ...STUDIO_SEED, version: "0", socialLinks: STUDIO_SEED.socialLinks };
    const wrong = studioFormSchema.safeParse({ ...form, organisationNumber: "923 456 784" });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((issue) => issue.message)).toEqual([STUDIO_MESSAGES.organisationNumberCheck]);
    const short = studioFormSchema.safeParse({ ...form, organisationNumber: "92345678" });
    expect(short.error?.issues.map((issue) => issue.message)).toEqual([STUDIO_MESSAGES.organisationNumberFormat]);
    const good = studioFormSchema.safeParse({ ...form, organisationNumber: "923456783" });
    expect(good.data?.organisationNumber).toBe("923 456 783");
  });

  it("the domain refuses invalid details too (not only the form)", async () => {
    const kari = await staff("kari@fjordform.test");
    await expect(
      saveStudioDetails(handle.db, kari, { details: { ...STUDIO_SEED, organisationNumber: "123 456 789" }, expectedVersion: 0 }),
    ).rejects.toThrow();
    expect(await handle.db.select().from(schema.studioDetails)).toHaveLength(0);
  });

  it("a save over a colleague's newer one is refused, and the colleague's stays", async () => {
    const kari = await staff("kari@fjordform.test");
    const ola = await staff("ola@fjordform.test");
    // Both opened the form at version 0; Kari saves first.
    expect((await saveStudioDetails(handle.db, kari, { details: moved("Storgata 12"), expectedVersion: 0 })).kind).toBe("saved");
    const late = await saveStudioDetails(handle.db, ola, { details: moved("Kirkegata 1"), expectedVersion: 0 });
    expect(late.kind).toBe("stale");
    expect(late.kind === "stale" && late.current.details.street).toBe("Storgata 12");
    expect((await loadStudioRecord(handle.db)).details.street).toBe("Storgata 12");
    // With the current version, Ola's save goes through.
    expect((await saveStudioDetails(handle.db, ola, { details: moved("Kirkegata 1"), expectedVersion: 1 })).kind).toBe("saved");
    expect((await getStudioDetails(handle.db)).street).toBe("Kirkegata 1");
  });

  it("a change made by another process (another connection) clears this process's cache", async () => {
    const kari = await staff("kari@fjordform.test");
    await saveStudioDetails(handle.db, kari, { details: moved("Storgata 12"), expectedVersion: 0 });
    const listener = listenForNotifications(handle, { content_changed: () => forgetStudioDetails() });
    await listener.ready;
    const other = new pg.Client(handle.connection);
    await other.connect();
    try {
      expect((await getStudioDetails(handle.db)).street).toBe("Storgata 12"); // cached now
      await other.query(
        `update studio_details set document = jsonb_set(document, '{details,street}', '"Akersgata 7"'), version = version + 1`,
      );
      const seen = await eventually(
        () => getStudioDetails(handle.db),
        (details) => details.street === "Akersgata 7",
      );
      expect(seen.street).toBe("Akersgata 7");
    } finally {
      await other.end();
      await listener.stop();
    }
  });
});
