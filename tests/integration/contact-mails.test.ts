import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { schema } from "~/lib/platform/db.server";
import { submitContact } from "~/lib/visitor-forms/contact.server";
import { listLeads, openLead } from "~/lib/visitor-forms/leads.server";
import { engineName, setUpTestDatabase } from "../support/test-database";

// What the two e-mails of a contact request promise, read back from the outbox rows
// submitContact writes: the receipt is the copy of the message the thank-you page
// announces, and the studio's notification leads straight to the lead in the inbox.
const SITE = "https://www.fjordform.test";
const handle = setUpTestDatabase();

const HOSTILE = `<script>alert("x")</script>`;
const sent = {
  company: "Fjellgården AS",
  project: `Ny nettbutikk for ærlige øl,\nmed levering i hele landet.\n${HOSTILE} & "sitater"`,
  email: "ola@fjell.no",
};

async function outbox(kind: string) {
  const rows = await handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, kind));
  expect(rows, kind).toHaveLength(1);
  return rows[0]!;
}

/** The HTML part without the empty comments React puts between adjacent text nodes. */
const markup = (html: string | null) => (html ?? "").replaceAll("<!-- -->", "");

describe(`the e-mails of a contact request (${engineName()})`, () => {
  it("the receipt to the sender holds a copy of the message: company, e-mail and text, escaped in the HTML", async () => {
    await submitContact(handle.db, sent, SITE);
    const receipt = await outbox("contact-receipt");
    expect(receipt.toAddress).toBe("ola@fjell.no");
    // The plain text is not markup: the visitor's characters arrive as typed, line breaks kept.
    expect(receipt.textBody).toContain("Company: Fjellgården AS");
    expect(receipt.textBody).toContain("E-mail: ola@fjell.no");
    expect(receipt.textBody).toContain(sent.project);
    const html = markup(receipt.htmlBody);
    expect(html).toContain("Fjellgården AS");
    expect(html).toContain("Ny nettbutikk for ærlige øl,\nmed levering i hele landet.");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;sitater&quot;");
    expect(html).not.toContain("<script");
    // Nothing the visitor typed in the subject, where it would read as our words.
    expect(receipt.subject).toBe("We got your message – Fjord & Form");
  });

  it("the studio's notification links to the lead's page in the inbox, and that page is this lead", async () => {
    await submitContact(handle.db, sent, SITE);
    const [lead] = (await listLeads(handle.db, { page: 1 })).rows;
    const url = `${SITE}/admin/inbox/${lead!.id}`;
    const notification = await outbox("contact-notification");
    expect(notification.leadId).toBe(lead!.id);
    expect(notification.textBody).toContain(`Åpne henvendelsen i innboksen ${url}`);
    expect(markup(notification.htmlBody)).toContain(`href="${url}"`);
    expect(markup(notification.htmlBody)).toContain("Åpne henvendelsen i innboksen");
    // The id in the link is the one the inbox page (/admin/inbox/:id) opens.
    const id = /\/admin\/inbox\/([0-9a-f-]{36})\b/.exec(notification.textBody)?.[1];
    expect((await openLead(handle.db, id!))?.contact).toEqual(sent);
  });
});
