import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gdprCategories } from "~/content/gdpr";
import { submitContact } from "~/lib/visitor-forms/contact.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { submitGdprResults } from "~/lib/visitor-forms/gdpr.server";
import { confirmSubscription, isConfirmTokenValid, subscribe } from "~/lib/visitor-forms/newsletter.server";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";

// Issue 12, finding 9: a stranger's address typed into our forms again and again (from
// several IPs, in any letter case, with +tags) gets at most one contact receipt and one
// GDPR report an hour and one newsletter confirmation a day. Submissions are still
// stored and the studio still notified, and the visitor's answer does not change.

const SITE = "https://www.fjordform.test";
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await truncateAll(handle);
});

const mails = (kind: string) => handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, kind));
/** Moves every queued message of `kind` `hours` into the past (as if that much time had passed). */
const age = (kind: string, hours: number) =>
  handle.db
    .update(schema.mailOutbox)
    .set({ createdAt: sql`${schema.mailOutbox.createdAt} - make_interval(hours => ${hours})` })
    .where(eq(schema.mailOutbox.kind, kind));

const gdprPayload = (email: string) => ({
  email,
  subscribeNewsletter: false,
  categories: gdprCategories.map((category) => ({
    id: category.id,
    title: category.title,
    items: category.questions.map((q) => ({ id: q.id, text: q.text, answer: "yes" as const })),
  })),
});

describe(`per-address mail cooldowns (${engineName()})`, () => {
  it("contact: every request is stored and notified, the sender gets one receipt an hour", async () => {
    const variants = ["victim@example.no", "Victim@Example.no", "victim+1@example.no", "VICTIM+spam@example.no"];
    for (const email of variants) await submitContact(handle.db, { company: "Spam AS", project: "x", email }, SITE);
    expect(await handle.db.select().from(schema.contactRequests)).toHaveLength(4);
    expect(await mails("contact-notification")).toHaveLength(4);
    expect((await mails("contact-receipt")).map((m) => m.toAddress)).toEqual(["victim@example.no"]);

    await age("contact-receipt", 2);
    await submitContact(handle.db, { company: "Later AS", project: "x", email: "victim@example.no" }, SITE);
    expect(await mails("contact-receipt")).toHaveLength(2);
  });

  it("contact: many at once for one address still make one receipt", async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        submitContact(handle.db, { company: `Burst ${i}`, project: "x", email: "burst@example.no" }, SITE),
      ),
    );
    expect(await handle.db.select().from(schema.contactRequests)).toHaveLength(8);
    expect(await mails("contact-notification")).toHaveLength(8);
    expect(await mails("contact-receipt")).toHaveLength(1);
  });

  it("GDPR: every submission is stored and notified, the report goes once an hour", async () => {
    for (const email of ["kari@example.no", "KARI@example.no", "kari+x@example.no"]) {
      const { analysis } = await submitGdprResults(handle.db, gdprPayload(email), { ip: "203.0.113.5", siteUrl: SITE });
      expect(analysis.scorePercent).toBe(100); // the visitor sees the same result every time
    }
    expect(await handle.db.select().from(schema.gdprSubmissions)).toHaveLength(3);
    expect(await mails("gdpr-report")).toHaveLength(1);
    // The studio hears of every lead: the cooldown is for the visitor's address only.
    expect((await mails("gdpr-notification")).map((m) => m.toAddress)).toEqual(Array(3).fill("hello@fjordform.no"));
    await age("gdpr-report", 2);
    await submitGdprResults(handle.db, gdprPayload("kari@example.no"), { ip: "203.0.113.5", siteUrl: SITE });
    expect(await mails("gdpr-report")).toHaveLength(2);
    expect(await mails("gdpr-notification")).toHaveLength(4);
  });

  it("newsletter: one confirmation a day per address; the first link keeps working", async () => {
    const request = (email: string, ip: string) => subscribe(handle.db, { email, ip, source: "footer" }, SITE);
    expect(await request("anna@example.no", "198.51.100.1")).toEqual({ alreadySubscribed: false });
    const [first] = await mails("newsletter-confirm");
    const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(first!.textBody)![1]!;

    // From other IPs, in other cases, with a +tag: the same answer, no new e-mail.
    expect(await request("anna@example.no", "198.51.100.2")).toEqual({ alreadySubscribed: false });
    expect(await request("ANNA@example.no", "198.51.100.3")).toEqual({ alreadySubscribed: false });
    expect(await request("anna+x@example.no", "198.51.100.4")).toEqual({ alreadySubscribed: false });
    expect(await mails("newsletter-confirm")).toHaveLength(1);
    expect(await isConfirmTokenValid(handle.db, token)).toBe(true);

    // A day later a new sign-up mails again (with a new link).
    await age("newsletter-confirm", 25);
    await request("anna@example.no", "198.51.100.5");
    const confirmations = await mails("newsletter-confirm");
    expect(confirmations).toHaveLength(2);
    const fresh = /\/newsletter\/confirm\?token=([\w-]+)/.exec(
      confirmations.find((m) => m.id !== first!.id)!.textBody,
    )![1]!;
    expect(await confirmSubscription(handle.db, fresh, SITE)).toBe("confirmed");
    const [anna] = await handle.db
      .select()
      .from(schema.newsletterSubscribers)
      .where(and(eq(schema.newsletterSubscribers.email, "anna@example.no")));
    expect(anna?.status).toBe("active");
  });
});
