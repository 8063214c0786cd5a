import { z } from "zod";
import { type Database, schema } from "../platform/db.server";
import { emailAddressSchema } from "../platform/email-address.server";
import { enqueueMail } from "../mail/mail.server";
import { mailedRecently, RECEIPT_COOLDOWN_SECONDS } from "./mail-cooldown.server";
import { contactNotificationEmail } from "../mail/templates/contact-notification.server";
import { contactReceiptEmail } from "../mail/templates/contact-receipt.server";
import { requiredText, visitorFieldMessages } from "../platform/text-fields";
import { CONTACT_LIMITS } from "../platform/validation";
import { createLead, leadInboxUrl, newLeadId } from "./leads.server";
import { getStudioDetails } from "../studio/studio-details.server";
import type { StudioDetails } from "../studio/studio-details";

export const CONTACT_SUCCESS = "Thank you for reaching out! We are contacting you shortly.";

const visitorText = (field: string, max: number, lines?: "multi") =>
  requiredText({ max, lines }, visitorFieldMessages(field, max));

export const contactSchema = z.object({
  company: visitorText("company", CONTACT_LIMITS.company),
  project: visitorText("project", CONTACT_LIMITS.project, "multi"),
  email: visitorText("email", CONTACT_LIMITS.email).pipe(emailAddressSchema),
});

export type ContactInput = z.output<typeof contactSchema>;

/**
 * Stores the request and its two e-mails (a notification to the studio, a receipt to
 * the sender) in one transaction: if this returns, nothing can be lost. The receipt
 * goes at most once an hour to one address (mail-cooldown.server.ts).
 */
export async function submitContact(db: Database, input: ContactInput, siteUrl: string, sender = { verified: false }) {
  // Rendered before the transaction, which then holds its connection only for the writes;
  // the lead's id is chosen now, so the studio's notification can link to it.
  const leadId = newLeadId();
  const studio = await getStudioDetails(db);
  const notification = await studioNotification(input, leadInboxUrl(siteUrl, leadId), siteUrl, studio);
  const receipt = await senderReceipt(input, siteUrl, studio);
  await db.transaction(async (tx) => {
    const [request] = await tx
      .insert(schema.contactRequests)
      .values(input)
      .returning({ id: schema.contactRequests.id });
    await createLead(tx, { id: leadId, kind: "contact", contactRequestId: request!.id, verified: sender.verified });
    await enqueueMail(tx, { ...notification, leadId });
    if (!(await mailedRecently(tx, receipt.kind, receipt.to, RECEIPT_COOLDOWN_SECONDS))) {
      await enqueueMail(tx, { ...receipt, leadId });
    }
  });
}

async function studioNotification(input: ContactInput, inboxUrl: string, siteUrl: string, studio: StudioDetails) {
  return {
    kind: "contact-notification",
    to: studio.email,
    ...(await contactNotificationEmail({ ...input, inboxUrl, siteUrl, studio })),
  };
}

/**
 * The copy of the message the thank-you page promises, to the address typed and no
 * other. Anyone can type anyone's address, so this is a way to put chosen text into a
 * stranger's inbox from our domain; it is kept small by the contact rate limit per IP
 * (api.contact.ts), the honeypot, and the receipt's cooldown per address in
 * submitContact (one an hour, whatever the case or +tag).
 */
async function senderReceipt(input: ContactInput, siteUrl: string, studio: StudioDetails) {
  return { kind: "contact-receipt", to: input.email, ...(await contactReceiptEmail({ ...input, siteUrl, studio })) };
}
