import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactSchema } from "~/lib/visitor-forms/contact.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { gdprPayloadSchema } from "~/lib/visitor-forms/gdpr.server";
import { createMailWorker, enqueueMail, fileTransport } from "~/lib/mail/mail.server";
import { subscribe } from "~/lib/visitor-forms/newsletter.server";
import { emailSchema } from "~/lib/auth/users.server";
import { normaliseEmail } from "~/lib/platform/validation";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";
import { capturingLog, errorLine } from "../support/captured-log";

// Issue 12, finding 8: only plain addresses are accepted, the normalised address is
// what is stored, and the mailer sends to exactly that, never to what it would parse
// out of a display name.

const SITE = "https://www.fjordform.test";
const INVALID = "Please enter a valid email address";
const TRICKY = [
  "<postmaster>@x.example", // was sent to the unqualified mailbox "postmaster"
  "<a@evil.example>x.y", // was stored as is and mailed to a@evil.example
  "Kari <kari@x.example>",
  "a@evil.example, b@x.example",
  "a@evil.example;b@x.example",
  '"a b"@x.example',
  "a(comment)@x.example",
  "a@[127.0.0.1]",
  "a:b@x.example",
  "a\\b@x.example",
  "a @x.example",
  "a\t@x.example",
  "a\u0000@x.example",
  "a@@x.example",
  "a@b@x.example",
  "postmaster",
  "postmaster@localhost",
  "a@x.",
  "a@.x.example",
  "a..b@x.example",
];

describe("the shared e-mail rule", () => {
  it.each(TRICKY)("refuses %j", (address) => {
    expect(normaliseEmail(address)).toBeUndefined();
  });

  it("accepts plain addresses, trimmed, with the domain lower-cased and the mailbox as typed", () => {
    expect(normaliseEmail("  Kari.Nordmann+news@Fjord-Form.NO ")).toBe("Kari.Nordmann+news@fjord-form.no");
    expect(normaliseEmail("ola@blåbær.no")).toBe("ola@blåbær.no");
  });

  it("is what the contact form, the GDPR checklist and staff accounts use, with the spec's message", () => {
    for (const email of TRICKY.filter((address) => address.trim() !== "")) {
      const contact = contactSchema.safeParse({ company: "Fjord AS", project: "A site", email });
      expect(contact.success, email).toBe(false);
      const gdpr = gdprPayloadSchema.safeParse({ email, categories: [] });
      expect(gdpr.error?.issues[0]?.message, email).toBe(INVALID);
      expect(emailSchema.safeParse(email).success, email).toBe(false);
    }
    const contact = contactSchema.parse({ company: "Fjord AS", project: "A site", email: " Kari@Fjord.NO " });
    expect(contact.email).toBe("Kari@fjord.no");
  });
});

describe(`what is stored is what is sent (${engineName()})`, () => {
  let handle: DatabaseHandle;
  let mailDir: string;
  beforeAll(async () => {
    handle = await createTestDatabase();
    mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "email-addresses-test-"));
  });
  afterAll(async () => {
    await handle?.close();
    if (mailDir) fs.rmSync(mailDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await truncateAll(handle);
    fs.rmSync(mailDir, { recursive: true, force: true });
  });

  async function deliverAll() {
    const worker = createMailWorker({ db: handle.db, transport: fileTransport(mailDir), from: "hello@fjordform.no" });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    return fs.existsSync(mailDir)
      ? fs.readdirSync(mailDir).map((f) => fs.readFileSync(path.join(mailDir, f), "utf8"))
      : [];
  }

  it("a newsletter sign-up stores the normalised address and the confirmation goes to exactly it", async () => {
    await subscribe(
      handle.db,
      { email: normaliseEmail(" Kari+news@Example.NO ")!, ip: "203.0.113.1", source: "footer" },
      SITE,
    );
    const [subscriber] = await handle.db.select().from(schema.newsletterSubscribers);
    const [queued] = await handle.db.select().from(schema.mailOutbox);
    expect(subscriber?.email).toBe("kari+news@example.no");
    expect(queued?.toAddress).toBe("kari+news@example.no");
    const [message] = await deliverAll();
    expect(message).toMatch(/^To: kari\+news@example\.no$/m);
  });

  it("the mailer is given the address itself, so nothing in it is read as a display name", async () => {
    await enqueueMail(handle.db, { kind: "test", to: "Kari.N@example.no", subject: "Hei", text: "Hei" });
    const [message] = await deliverAll();
    expect(message).toMatch(/^To: Kari\.N@example\.no$/m);
  });

  it("a message queued for a non-plain address before this fix is sent nowhere, and marked failed", async () => {
    await enqueueMail(handle.db, {
      kind: "newsletter-confirm",
      to: "<a@evil.example>x.y",
      subject: "Hei",
      text: "Hei",
    });
    const { result: delivered, lines } = await capturingLog(() => deliverAll());
    expect(delivered).toEqual([]);
    const [row] = await handle.db.select().from(schema.mailOutbox);
    expect(row).toMatchObject({ status: "failed", lastError: "not a plain address" });
    expect(lines).toContainEqual(errorLine("mail not sent: not a plain address"));
  });
});
