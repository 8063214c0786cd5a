import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { gdprCategories } from "~/content/gdpr";
import { STUDIO_SEED } from "~/lib/studio/studio-details";
import { schema } from "~/lib/platform/db.server";
import { type GdprPayload, submitGdprResults } from "~/lib/visitor-forms/gdpr.server";
import { listLeads, openLead } from "~/lib/visitor-forms/leads.server";
import { engineName, setUpTestDatabase } from "../support/test-database";

// A checklist with an address is a sales lead: the studio hears of it the way it hears
// of a contact request, read back here from the outbox rows submitGdprResults writes.
const SITE = "https://www.fjordform.test";
const handle = setUpTestDatabase();

const HOSTILE = `<script>alert("x")</script>`;

/** Every question answered, "no" for the ids given; one area's title is the visitor's own. */
function payload(email: string, noIds: string[], subscribeNewsletter: boolean): GdprPayload {
  return {
    email,
    subscribeNewsletter,
    categories: gdprCategories.map((category, index) => ({
      id: category.id,
      // The page sends the titles too; the server matches by id and must not repeat them.
      title: index === 0 ? HOSTILE : category.title,
      items: category.questions.map((q) => ({ id: q.id, text: q.text, answer: noIds.includes(q.id) ? "no" : "yes" })),
    })),
  };
}

async function mails(kind: string) {
  return handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, kind));
}

/** The HTML part without the empty comments React puts between adjacent text nodes. */
const markup = (html: string | null) => (html ?? "").replaceAll("<!-- -->", "");

describe(`the studio's e-mail about a GDPR checklist (${engineName()})`, () => {
  it("queues exactly one notification to the studio with the score, the weak areas, the newsletter wish and a link that opens the lead", async () => {
    const noIds = ["audit-inventory", "audit-minimisation", "notice-published", "security-testing"];
    await submitGdprResults(handle.db, payload("dpo@klinikk.no", noIds, true), { ip: "192.0.2.1", siteUrl: SITE });

    const notifications = await mails("gdpr-notification");
    expect(notifications).toHaveLength(1);
    const notification = notifications[0]!;
    const [lead] = (await listLeads(handle.db, { page: 1 })).rows;
    expect(notification.toAddress).toBe(STUDIO_SEED.email);
    expect(notification.leadId).toBe(lead!.id);
    // 19 of 23: 83 %. Only the (validated) address comes from the visitor.
    expect(notification.subject).toBe("New GDPR checklist: dpo@klinikk.no (83 %)");

    const text = notification.textBody;
    expect(text).toContain("E-post: dpo@klinikk.no");
    expect(text).toContain("Poengsum: 83 % (19 av 23 ja)");
    expect(text).toContain("Ba om nyhetsbrevet: ja");
    // The areas with a "no", weakest first, and none of the areas answered "yes" throughout.
    const weak = [
      "Data Audit and Mapping: 0 % (0 av 2)",
      "Privacy Notice and Consent: 50 % (1 av 2)",
      "Security Measures: 67 % (2 av 3)",
    ];
    const at = weak.map((line) => text.indexOf(line));
    expect(
      at.every((index) => index >= 0),
      text,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(text).not.toContain("Legal Basis for Processing");
    expect(text).not.toContain(HOSTILE);
    expect(notification.htmlBody).not.toContain("<script");

    const url = `${SITE}/admin/inbox/${lead!.id}`;
    expect(text).toContain(`Åpne henvendelsen i innboksen ${url}`);
    const html = markup(notification.htmlBody);
    expect(html).toContain(`href="${url}"`);
    expect(html).toContain("Åpne henvendelsen i innboksen");
    expect(html).toContain("Data Audit and Mapping: 0 % (0 av 2)");

    // The id in the link is the one the inbox page (/admin/inbox/:id) opens, and it is this checklist.
    const id = /\/admin\/inbox\/([0-9a-f-]{36})\b/.exec(text)?.[1];
    const opened = await openLead(handle.db, id!);
    expect(opened?.gdpr).toMatchObject({ email: "dpo@klinikk.no", scorePercent: 83, subscribeNewsletter: true });
    expect(opened?.mails.map((mail) => mail.kind)).toEqual(["gdpr-notification", "gdpr-report"]);
  });

  it("a checklist with every answer yes says so, and without the newsletter says no", async () => {
    await submitGdprResults(handle.db, payload("it@firma.no", [], false), { ip: "192.0.2.2", siteUrl: SITE });
    const [notification] = await mails("gdpr-notification");
    expect(notification!.subject).toBe("New GDPR checklist: it@firma.no (100 %)");
    expect(notification!.textBody).toContain("Poengsum: 100 % (23 av 23 ja)");
    expect(notification!.textBody).toContain("Ba om nyhetsbrevet: nei");
    expect(notification!.textBody).toContain("Ingen svake områder: ja på alle spørsmålene.");
  });
});
