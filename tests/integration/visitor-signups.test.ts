import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gdprCategories } from "~/content/gdpr";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { RateLimitedError, ValidationError } from "~/lib/platform/domain-errors";
import { MESSAGES } from "~/lib/platform/validation";
import { answersFromPayload, gdprPayloadSchema, submitGdprResults } from "~/lib/visitor-forms/gdpr.server";
import { signUpFromFooter } from "~/lib/visitor-forms/newsletter-signup.server";
import { TOO_MANY_REQUESTS } from "~/lib/visitor-forms/visitor-forms.server";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";

// The two visitor sign-ups at their domain entry points: the footer's newsletter form
// (JSON or plain form, the same function) and the GDPR checklist. Delivery, confirmation
// links and cooldowns are in mail-delivery.test.ts and tests/security/mail-cooldown.test.ts.
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

const visitor = (ip = "198.51.100.7") => ({ ip, siteUrl: SITE });
const subscribers = () => handle.db.select().from(schema.newsletterSubscribers);
const mails = (kind: string) => handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, kind));

describe(`the footer newsletter sign-up (${engineName()})`, () => {
  it("stores the address as pending, lower-cased and trimmed, and queues one confirmation e-mail to it", async () => {
    expect(await signUpFromFooter(handle.db, { email: "  Kari@Example.NO " }, visitor())).toEqual({
      alreadySubscribed: false,
    });
    const [row] = await subscribers();
    expect(row).toMatchObject({
      email: "kari@example.no",
      status: "pending",
      source: "footer",
      consentIp: "198.51.100.7",
    });
    const confirmations = await mails("newsletter-confirm");
    expect(confirmations.map((m) => m.toAddress)).toEqual(["kari@example.no"]);
    expect(confirmations[0]!.textBody).toMatch(/\/newsletter\/confirm\?token=[\w-]{43}/);
  });

  it("refuses an empty or malformed address with the form's own messages, storing nothing", async () => {
    await expect(signUpFromFooter(handle.db, { email: "   " }, visitor())).rejects.toThrow(
      new ValidationError(MESSAGES.fillIn("email")),
    );
    for (const email of ["kari", "kari@localhost", "a@b.c,d@e.f", "<a@evil.example>x@y.no"]) {
      await expect(signUpFromFooter(handle.db, { email }, visitor())).rejects.toThrow(MESSAGES.invalidEmail);
    }
    expect(await subscribers()).toEqual([]);
  });

  it("tells a bot that filled in the hidden field it worked, and stores nothing", async () => {
    expect(await signUpFromFooter(handle.db, { email: "bot@example.no", website: "http://spam" }, visitor())).toEqual({
      alreadySubscribed: false,
    });
    expect(await subscribers()).toEqual([]);
    expect(await mails("newsletter-confirm")).toEqual([]);
  });

  it("allows five sign-ups per address of the sender in ten minutes; the sixth is refused, others are not", async () => {
    for (let i = 0; i < 5; i++)
      await signUpFromFooter(handle.db, { email: `person${i}@example.no` }, visitor("203.0.113.9"));
    const sixth = signUpFromFooter(handle.db, { email: "person5@example.no" }, visitor("203.0.113.9"));
    await expect(sixth).rejects.toBeInstanceOf(RateLimitedError);
    await expect(sixth).rejects.toThrow(TOO_MANY_REQUESTS);
    await expect(signUpFromFooter(handle.db, { email: "other@example.no" }, visitor("203.0.113.10"))).resolves.toEqual({
      alreadySubscribed: false,
    });
  });
});

const checklist = (answer: (index: number) => "yes" | "no") => {
  let index = 0;
  return {
    email: "dpo@example.no",
    subscribeNewsletter: false,
    categories: gdprCategories.map((category) => ({
      id: category.id,
      title: category.title,
      items: category.questions.map((q) => ({ id: q.id, text: q.text, answer: answer(index++) })),
    })),
  };
};

describe(`the GDPR checklist (${engineName()})`, () => {
  it("scores the answers itself, stores the submission, queues the report to the visitor and notifies the studio", async () => {
    const total = gdprCategories.reduce((sum, c) => sum + c.questions.length, 0);
    const payload = gdprPayloadSchema.parse({ ...checklist((i) => (i === 0 ? "no" : "yes")), checkedCount: total });
    const { analysis } = await submitGdprResults(handle.db, payload, visitor());
    expect(analysis.scorePercent).toBe(Math.round(((total - 1) / total) * 100));
    expect(await handle.db.select().from(schema.gdprSubmissions)).toHaveLength(1);
    const [report] = await mails("gdpr-report");
    expect(report!.toAddress).toBe("dpo@example.no");
    expect(report!.textBody).toContain(`${analysis.scorePercent}`);
    expect(report!.textBody).toContain(gdprCategories[0]!.questions[0]!.text);
    const notifications = await mails("gdpr-notification");
    expect(notifications.map((mail) => [mail.toAddress, mail.subject])).toEqual([
      ["hello@fjordform.no", `New GDPR checklist: dpo@example.no (${analysis.scorePercent} %)`],
    ]);
    expect(await handle.db.select().from(schema.mailOutbox)).toHaveLength(2);
  });

  it("refuses a checklist with a question left out, with the page's message", () => {
    const payload = gdprPayloadSchema.parse(checklist(() => "yes"));
    payload.categories[1]!.items.pop();
    expect(() => answersFromPayload(payload)).toThrow(
      new ValidationError("Please answer every question before sending."),
    );
  });
});
