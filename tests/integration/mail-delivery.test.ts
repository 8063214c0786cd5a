import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GDPR_RECOMMENDATIONS, gdprCategories } from "~/content/gdpr";
import { submitContact } from "~/lib/visitor-forms/contact.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { type GdprPayload, submitGdprResults } from "~/lib/visitor-forms/gdpr.server";
import { createMailWorker, type MailWorker, smtpTransport } from "~/lib/mail/mail.server";
import {
  confirmSubscription,
  isConfirmTokenValid,
  subscribe,
  unsubscribe,
} from "~/lib/visitor-forms/newsletter.server";
import { freePort } from "../support/server-process";
import { linkFrom, type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";

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

function gdprPayload(email: string, noIds: string[], subscribeNewsletter = false): GdprPayload {
  return {
    email,
    subscribeNewsletter,
    categories: gdprCategories.map((category) => ({
      id: category.id,
      title: category.title,
      items: category.questions.map((q) => ({
        text: q.text,
        answer: noIds.includes(q.id) ? ("no" as const) : ("yes" as const),
      })),
    })),
  };
}

describe(`e-mail through a real SMTP peer (${engineName()})`, () => {
  it("a contact request sends the studio a notification and the sender a receipt", async () => {
    await submitContact(
      handle.db,
      { company: "Acme AS", project: "A booking app\nfor 3 clinics", email: "kari@acme.no" },
      SITE,
    );
    await worker.drain();
    const [notification] = peer.to("hello@fjordform.no");
    expect(notification?.subject).toBe("New enquiry: Acme AS");
    expect(notification?.text).toContain("A booking app\nfor 3 clinics");
    expect(notification?.text).toContain("kari@acme.no");
    expect(notification?.html).toContain("Acme AS");
    const [receipt] = peer.to("kari@acme.no");
    expect(receipt?.subject).toContain("We got your message");
    expect(receipt?.text).toContain("within one working day");
    const rows = await handle.db.select().from(schema.mailOutbox);
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
    // The Message-ID the receiver sees is the one stored: a retry would be recognisable.
    expect(rows.map((r) => r.messageId).sort()).toEqual([notification!.messageId, receipt!.messageId].sort());
  });

  it("newsletter: pending until the confirmation link, then active; the unsubscribe link works", async () => {
    const first = await subscribe(handle.db, { email: " Ola@Example.NO ", ip: "203.0.113.7", source: "footer" }, SITE);
    expect(first.alreadySubscribed).toBe(false);
    const [pending] = await handle.db.select().from(schema.newsletterSubscribers);
    expect(pending).toMatchObject({ email: "ola@example.no", status: "pending", consentIp: "203.0.113.7" });
    expect(pending?.consentText).toContain("unsubscribe at any time");

    await worker.drain();
    const [confirmation] = peer.to("ola@example.no");
    expect(confirmation?.subject).toContain("Please confirm");
    const listUnsubscribe = confirmation?.headers.find((h) => h.key === "list-unsubscribe")?.value;
    expect(listUnsubscribe).toMatch(/^<https:\/\/www\.fjordform\.test\/newsletter\/unsubscribe\?token=/);
    expect(confirmation?.headers.find((h) => h.key === "list-unsubscribe-post")?.value).toBe(
      "List-Unsubscribe=One-Click",
    );

    const confirmUrl = new URL(linkFrom(confirmation?.text, `${SITE}/newsletter/confirm?token=`));
    expect(await confirmSubscription(handle.db, confirmUrl.searchParams.get("token")!, SITE)).toBe("confirmed");
    expect(await confirmSubscription(handle.db, confirmUrl.searchParams.get("token")!, SITE)).toBe("invalid"); // once only
    const [active] = await handle.db.select().from(schema.newsletterSubscribers);
    expect(active?.status).toBe("active");
    expect(active?.confirmedAt).toBeInstanceOf(Date);

    // Signing up again while active: no new e-mail, the "already subscribed" answer.
    expect(
      (await subscribe(handle.db, { email: "ola@example.no", ip: "203.0.113.7", source: "footer" }, SITE))
        .alreadySubscribed,
    ).toBe(true);

    await worker.drain();
    const welcome = peer.to("ola@example.no").find((m) => m.subject?.includes("You're subscribed"));
    const unsubscribeUrl = new URL(linkFrom(welcome?.text, `${SITE}/newsletter/unsubscribe?token=`));
    expect(peer.to("ola@example.no")).toHaveLength(2);
    expect(await unsubscribe(handle.db, unsubscribeUrl.searchParams.get("token")!)).toBe("unsubscribed");
    const [gone] = await handle.db.select().from(schema.newsletterSubscribers);
    expect(gone?.status).toBe("unsubscribed");
    expect(await unsubscribe(handle.db, "not-a-token")).toBe("invalid");
  });

  it("a confirmation link older than 7 days no longer subscribes anyone", async () => {
    await subscribe(handle.db, { email: "late@example.no", ip: "203.0.113.8", source: "footer" }, SITE);
    await worker.drain();
    const token = new URL(
      linkFrom(peer.to("late@example.no")[0]?.text, `${SITE}/newsletter/confirm?token=`),
    ).searchParams.get("token")!;
    expect(await isConfirmTokenValid(handle.db, token)).toBe(true);
    await handle.db
      .update(schema.newsletterSubscribers)
      .set({ consentAt: new Date(Date.now() - 8 * 24 * 3600_000) })
      .where(eq(schema.newsletterSubscribers.email, "late@example.no"));
    expect(await isConfirmTokenValid(handle.db, token)).toBe(false);
    expect(await confirmSubscription(handle.db, token, SITE)).toBe("invalid");
  });

  it("the GDPR report arrives with the score and a recommendation for every no; the studio is told; the newsletter only starts opt-in", async () => {
    const noIds = [gdprCategories[5]!.questions[0]!.id, gdprCategories[0]!.questions[1]!.id];
    const { analysis, newsletter } = await submitGdprResults(handle.db, gdprPayload("dpo@clinic.no", noIds, true), {
      ip: "198.51.100.4",
      siteUrl: SITE,
    });
    expect(newsletter).toBe("pending");
    expect(analysis).toMatchObject({ yes: 21, total: 23, scorePercent: 91, level: "strong" });

    const [stored] = await handle.db.select().from(schema.gdprSubmissions);
    expect(stored).toMatchObject({
      email: "dpo@clinic.no",
      checkedCount: 21,
      totalItems: 23,
      scorePercent: 91,
      subscribeNewsletter: true,
    });
    const [subscriber] = await handle.db
      .select()
      .from(schema.newsletterSubscribers)
      .where(eq(schema.newsletterSubscribers.email, "dpo@clinic.no"));
    expect(subscriber?.status).toBe("pending");

    await worker.drain();
    const report = peer.to("dpo@clinic.no").find((m) => m.subject?.startsWith("Your GDPR self-assessment"));
    expect(report?.subject).toBe("Your GDPR self-assessment: 91%");
    for (const id of noIds) {
      const question = gdprCategories.flatMap((c) => c.questions).find((q) => q.id === id)!;
      expect(report?.text).toContain(GDPR_RECOMMENDATIONS[id]);
      expect(report?.html).toContain(question.text.replaceAll("'", "&#x27;")); // as React escapes it
    }
    expect(report?.text).toContain("72 hours");
    expect(report?.text).toContain("one month");
    expect(peer.to("dpo@clinic.no").some((m) => m.subject?.includes("Please confirm"))).toBe(true);

    // The studio: one notification, with the score, the newsletter wish and the lead's page.
    const studio = peer.to("hello@fjordform.no");
    expect(studio.map((m) => m.subject)).toEqual(["New GDPR checklist: dpo@clinic.no (91 %)"]);
    expect(studio[0]?.text).toContain("Poengsum: 91 % (21 av 23 ja)");
    expect(studio[0]?.text).toContain("Ba om nyhetsbrevet: ja");
    expect(linkFrom(studio[0]?.text, `${SITE}/admin/inbox/`)).toMatch(/\/admin\/inbox\/[0-9a-f-]{36}$/);
  });

  it("with the SMTP server down, submissions still commit, and every e-mail arrives once it is back", async () => {
    const port = await freePort(); // nothing listens here yet
    const downWorker = createMailWorker({
      db: handle.db,
      transport: smtpTransport(`smtp://127.0.0.1:${port}`),
      from: "Fjord & Form <hello@fjordform.no>",
      baseBackoffMs: 20,
      maxBackoffMs: 50,
    });
    for (let i = 0; i < 3; i++) {
      await submitContact(handle.db, { company: `Firm ${i}`, project: "Site", email: `p${i}@firm.no` }, SITE);
    }
    await downWorker.drain();
    const waiting = await handle.db.select().from(schema.mailOutbox);
    expect(waiting).toHaveLength(6);
    expect(waiting.every((row) => row.status === "pending" && row.attempts === 1 && row.lastError)).toBe(true);
    expect(await handle.db.select().from(schema.contactRequests)).toHaveLength(3);

    const late = await startSmtpPeer(port);
    try {
      const deadline = Date.now() + 10_000;
      while (late.messages.length < 6 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 60));
        await downWorker.drain();
      }
      expect(late.messages).toHaveLength(6);
      expect(new Set(late.messages.map((m) => m.messageId)).size).toBe(6);
      const sent = await handle.db.select().from(schema.mailOutbox);
      expect(sent.every((row) => row.status === "sent" && row.attempts === 2)).toBe(true);
    } finally {
      await downWorker.stop();
      await late.close();
    }
  });
});
