import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { applyRetention } from "~/lib/platform/retention.server";
import { createTestDatabase, engineName } from "../support/test-database";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

describe(`retention (${engineName()})`, () => {
  it("deletes what the privacy policy promises to delete, and keeps the rest", async () => {
    const { db } = handle;
    await db.insert(schema.loginAttempts).values([
      { email: "old@x.no", success: false, createdAt: daysAgo(91) },
      { email: "new@x.no", success: false, createdAt: daysAgo(89) },
    ]);
    const [user] = await db.insert(schema.users).values({ email: "staff@x.no", passwordHash: "x" }).returning();
    await db.insert(schema.mfaCodeAttempts).values([
      { userId: user!.id, success: false, context: "sign-in", createdAt: daysAgo(91) },
      { userId: user!.id, success: false, context: "sign-in", createdAt: daysAgo(89) },
    ]);
    await db.insert(schema.securityEvents).values([
      { action: "login", createdAt: daysAgo(91) },
      { action: "login", createdAt: daysAgo(1) },
    ]);
    await db.insert(schema.contactRequests).values([
      { company: "Old", project: "p", email: "o@x.no", createdAt: daysAgo(366) },
      { company: "New", project: "p", email: "n@x.no", createdAt: daysAgo(300) },
    ]);
    await db.insert(schema.gdprSubmissions).values([
      { email: "o@x.no", checkedCount: 1, totalItems: 23, scorePercent: 4, answers: {}, createdAt: daysAgo(400) },
      { email: "n@x.no", checkedCount: 1, totalItems: 23, scorePercent: 4, answers: {}, createdAt: daysAgo(10) },
    ]);
    const mail = {
      kind: "contact-receipt",
      toAddress: "a@x.no",
      subject: "s",
      textBody: "secret text",
      htmlBody: "<p>x</p>",
    };
    await db.insert(schema.mailOutbox).values([
      { ...mail, messageId: "<1@x>", status: "sent", createdAt: daysAgo(8) },
      { ...mail, messageId: "<2@x>", status: "sent", createdAt: daysAgo(91) },
      { ...mail, messageId: "<3@x>", status: "pending", createdAt: daysAgo(8) },
      { ...mail, messageId: "<4@x>", status: "sent", createdAt: daysAgo(1) },
    ]);
    const sub = { consentText: "yes" };
    await db.insert(schema.newsletterSubscribers).values([
      { ...sub, email: "p-old@x.no", status: "pending", consentAt: daysAgo(31) },
      { ...sub, email: "p-new@x.no", status: "pending", consentAt: daysAgo(2) },
      { ...sub, email: "u-old@x.no", status: "unsubscribed", unsubscribedAt: daysAgo(3 * 365 + 1) },
      { ...sub, email: "u-new@x.no", status: "unsubscribed", unsubscribedAt: daysAgo(30) },
      { ...sub, email: "active@x.no", status: "active", consentAt: daysAgo(2000) },
    ]);

    await applyRetention(db);

    expect((await db.select().from(schema.loginAttempts)).map((r) => r.email)).toEqual(["new@x.no"]);
    expect(await db.select().from(schema.securityEvents)).toHaveLength(1);
    const codeAttemptAges = (await db.select().from(schema.mfaCodeAttempts)).map((r) =>
      Math.round((Date.now() - r.createdAt.getTime()) / (24 * 60 * 60 * 1000)),
    );
    expect(codeAttemptAges).toEqual([89]);
    expect((await db.select().from(schema.contactRequests)).map((r) => r.company)).toEqual(["New"]);
    expect((await db.select().from(schema.gdprSubmissions)).map((r) => r.email)).toEqual(["n@x.no"]);
    const outbox = Object.fromEntries((await db.select().from(schema.mailOutbox)).map((r) => [r.messageId, r]));
    expect(Object.keys(outbox).sort()).toEqual(["<1@x>", "<3@x>", "<4@x>"]);
    expect(outbox["<1@x>"]).toMatchObject({ textBody: "", htmlBody: null }); // sent a week ago: body gone
    expect(outbox["<3@x>"]?.textBody).toBe("secret text"); // not delivered yet: kept
    expect(outbox["<4@x>"]?.textBody).toBe("secret text"); // sent yesterday: kept for now
    const emails = (await db.select().from(schema.newsletterSubscribers)).map((r) => r.email).sort();
    expect(emails).toEqual(["active@x.no", "p-new@x.no", "u-new@x.no"]);
  });
});
