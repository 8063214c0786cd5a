import { describe, expect, it } from "vitest";
import { STUDIO_SEED } from "~/lib/studio/studio-details";
import { analyseGdprAnswers } from "~/content/gdpr";
import { contactNotificationEmail } from "~/lib/mail/templates/contact-notification.server";
import { contactReceiptEmail } from "~/lib/mail/templates/contact-receipt.server";
import { gdprNotificationEmail } from "~/lib/mail/templates/gdpr-notification.server";
import { passwordResetEmail, staffInvitationEmail } from "~/lib/mail/templates/account-link.server";
import { newsletterConfirmationEmail } from "~/lib/mail/templates/newsletter-confirmation.server";
import { newsletterWelcomeEmail } from "~/lib/mail/templates/newsletter-welcome.server";
import { renderIssue } from "~/lib/newsletter/sending.server";
import type { schema } from "~/lib/platform/db.server";

/**
 * A mail client fetches an e-mail's images itself, from wherever it runs: every image
 * address must be absolute, on SITE_URL, or on MEDIA_BASE_URL when uploads are served
 * from a bucket or CDN (decision 041). The newsletter issue is the only template with an
 * image (its featured image); the others carry none.
 */
const SITE = "https://www.fjordform.test";
const MEDIA = "https://media.fjordform.test";
const UPLOAD = "/uploads/8f14e45f-ceea-4e7a-9b1c-2a1e3c4d5e6f-1200.jpg";

const issue = (featuredImage: string): typeof schema.newsletterIssues.$inferSelect => ({
  id: "5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b",
  subject: "Harbour notes",
  preheader: "",
  body: "A picture from the harbour.",
  featuredImage,
  sourcePostId: null,
  createdBy: null,
  createdAt: new Date("2026-11-26T09:00:00Z"),
  updatedAt: new Date("2026-11-26T09:00:00Z"),
  sendAt: null,
  sendScheduledBy: null,
});

const imageSources = (html: string) => [...html.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((match) => match[1]);
const LEAVE = `${SITE}/newsletter/unsubscribe?token=abc`;
const INBOX = `${SITE}/admin/inbox/3f0c2a8e-5b1d-4c7a-9e2f-6d8b1a4c0e91`;
const message = { company: "Acme", email: "kari@example.com", project: "A shop" };

describe("images in e-mails", () => {
  it("the newsletter issue's image is on SITE_URL, or on MEDIA_BASE_URL when set", async () => {
    const onSite = await renderIssue(issue(UPLOAD), { siteUrl: SITE, studio: STUDIO_SEED }, LEAVE, "Boats at dawn");
    expect(imageSources(onSite.html)).toEqual([`${SITE}${UPLOAD}`]);
    const onMedia = await renderIssue(issue(UPLOAD), { siteUrl: SITE, studio: STUDIO_SEED, mediaBaseUrl: MEDIA }, LEAVE, "Boats at dawn");
    expect(imageSources(onMedia.html)).toEqual([`${MEDIA}${UPLOAD}`]);
    const without = await renderIssue(issue(""), { siteUrl: SITE, studio: STUDIO_SEED, mediaBaseUrl: MEDIA }, LEAVE);
    expect(imageSources(without.html)).toEqual([]);
  });

  it("no other template carries an image (nothing relative, no tracking pixel)", async () => {
    const mails = [
      await contactNotificationEmail({ ...message, inboxUrl: INBOX, siteUrl: SITE, studio: STUDIO_SEED }),
      await contactReceiptEmail({ ...message, siteUrl: SITE, studio: STUDIO_SEED }),
      await gdprNotificationEmail({
        email: "kari@example.com",
        analysis: analyseGdprAnswers({}),
        subscribeNewsletter: false,
        inboxUrl: INBOX,
        siteUrl: SITE, studio: STUDIO_SEED,
      }),
      await newsletterConfirmationEmail({
        siteUrl: SITE, studio: STUDIO_SEED,
        confirmUrl: `${SITE}/c`,
        unsubscribeUrl: LEAVE,
        validDays: 7,
      }),
      await newsletterWelcomeEmail({ siteUrl: SITE, studio: STUDIO_SEED, unsubscribeUrl: LEAVE }),
      await staffInvitationEmail({ siteUrl: SITE, studio: STUDIO_SEED, url: `${SITE}/i`, name: "Kari", invitedBy: "Ola" }),
      await passwordResetEmail({ siteUrl: SITE, studio: STUDIO_SEED, url: `${SITE}/r` }),
    ];
    for (const mail of mails) expect([mail.subject, imageSources(mail.html)]).toEqual([mail.subject, []]);
  });
});
