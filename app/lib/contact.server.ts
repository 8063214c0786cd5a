import { z } from "zod";
import { siteConfig } from "~/content/site";
import { type Database, schema } from "./db.server";
import { multiLine, singleLine } from "./http.server";
import { enqueueMail } from "./mail.server";
import { button, escapeHtml, htmlLayout, htmlParagraphs, signature } from "./mail-templates.server";
import { isValidEmail, MESSAGES } from "./validation";

export const CONTACT_SUCCESS = "Thank you for reaching out! We are contacting you shortly.";

/** A required text field: a string, not blank after trimming, within its length. */
function requiredText(field: string, max: number, pattern: RegExp) {
  return z
    .unknown()
    .refine((value) => typeof value === "string", `The ${field} field must be text`)
    .transform((value) => (value as string).trim())
    .refine((value) => value.length > 0, MESSAGES.fillIn(field))
    .refine((value) => value.length <= max, `The ${field} field is too long (at most ${max} characters)`)
    .refine((value) => pattern.test(value), `The ${field} field contains characters that are not allowed`);
}

export const contactSchema = z.object({
  company: requiredText("company", 200, singleLine),
  project: requiredText("project", 5000, multiLine),
  email: requiredText("email", 254, singleLine).refine(isValidEmail, MESSAGES.invalidEmail),
});

export type ContactInput = z.output<typeof contactSchema>;

/**
 * Stores the request and its two e-mails (a notification to the studio, a receipt to
 * the sender) in one transaction: if this returns, nothing can be lost.
 */
export async function submitContact(db: Database, input: ContactInput, siteUrl: string) {
  await db.transaction(async (tx) => {
    await tx.insert(schema.contactRequests).values(input);
    await enqueueMail(tx as unknown as Database, studioNotification(input, siteUrl));
    await enqueueMail(tx as unknown as Database, senderReceipt(input, siteUrl));
  });
}

function studioNotification({ company, project, email }: ContactInput, siteUrl: string) {
  const text = `New contact request from the website (${siteUrl}).\n\nCompany: ${company}\nE-mail: ${email}\n\nProject:\n${project}\n`;
  return {
    kind: "contact-notification",
    to: siteConfig.email,
    subject: `New enquiry: ${company}`.slice(0, 200),
    text,
    html: htmlLayout({
      title: "New contact request",
      body:
        `<h1 style="font-family:Georgia,serif;font-size:24px;margin:0 0 16px">New enquiry from ${escapeHtml(company)}</h1>` +
        `<p style="margin:0 0 8px"><strong>E-mail:</strong> <a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a></p>` +
        `<p style="margin:16px 0 8px"><strong>Project</strong></p>${htmlParagraphs(project)}`,
    }),
  };
}

/**
 * The receipt repeats nothing the visitor typed: anyone can enter any address, so a
 * receipt that echoed their text would let strangers send spam from our domain.
 */
function senderReceipt({ email }: ContactInput, siteUrl: string) {
  const text =
    `Hi,\n\nThank you for reaching out to ${siteConfig.name}. We have your message and will get back to you within one working day.\n\n` +
    `If you did not send this, you can ignore this e-mail; we will not contact you again.${signature}`;
  return {
    kind: "contact-receipt",
    to: email,
    subject: `We got your message – ${siteConfig.name}`,
    text,
    html: htmlLayout({
      title: "We got your message",
      body:
        `<h1 style="font-family:Georgia,serif;font-size:24px;margin:0 0 16px">Thank you for reaching out</h1>` +
        `<p style="margin:0 0 16px">We have your message and will get back to you within one working day.</p>` +
        button(`${siteUrl}/work`, "See our work while you wait") +
        `<p style="margin:0;font-size:13px;color:#3D5458">If you did not send this, you can ignore this e-mail; we will not contact you again.</p>`,
    }),
  };
}
