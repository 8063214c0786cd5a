import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { STUDIO_SEED } from "~/lib/studio/studio-details";
import { analyseGdprAnswers, GDPR_RECOMMENDATIONS, type GdprAnswers, gdprCategories } from "~/content/gdpr";
import { colors, cssPropertyName } from "~/lib/platform/design-tokens";
import { contactNotificationEmail } from "~/lib/mail/templates/contact-notification.server";
import { contactReceiptEmail } from "~/lib/mail/templates/contact-receipt.server";
import { gdprNotificationEmail } from "~/lib/mail/templates/gdpr-notification.server";
import { gdprReportEmail, levelText } from "~/lib/mail/templates/gdpr-report.server";
import { newsletterConfirmationEmail } from "~/lib/mail/templates/newsletter-confirmation.server";
import { newsletterWelcomeEmail } from "~/lib/mail/templates/newsletter-welcome.server";
import { postApprovedEmail, postReturnedEmail } from "~/lib/mail/templates/post-review.server";

/**
 * Every e-mail template, rendered: both parts come from one React component, so the
 * plain-text part must still carry every sentence and link, and no markup.
 * `MAIL_PREVIEW_DIR=/tmp/mail-previews npx vitest run tests/unit/mail-templates.test.ts`
 * also writes each HTML part there, to look at in a browser.
 */
const SITE = "https://www.fjordform.test";
const CONFIRM_URL = `${SITE}/newsletter/confirm?token=Abc_123-xyz`;
const UNSUBSCRIBE_URL = `${SITE}/newsletter/unsubscribe?token=Unsub_456-uvw`;
const INBOX_URL = `${SITE}/admin/inbox/3f0c2a8e-5b1d-4c7a-9e2f-6d8b1a4c0e91`;
const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)>`;

type Rendered = { subject: string; html: string; text: string };

/** The HTML part without the empty comments React puts between adjacent text nodes. */
const markup = (mail: Rendered) => mail.html.replaceAll("<!-- -->", "");

function savePreview(name: string, mail: Rendered) {
  const dir = process.env.MAIL_PREVIEW_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${name}.html`), mail.html);
  fs.writeFileSync(path.join(dir, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`);
}

/** The same extraction the e-mail tests use (tests/e2e/support/mailbox.ts: linkIn). */
function linkIn(text: string, pathPrefix: string) {
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`https?://[^\\s/]+${escaped}[^\\s<>"]*`).exec(text)?.[0];
}

const TAG = /<\/?[a-z][^>]*>/i;

/** What every e-mail must be: a full document, nothing remote, absolute links, clean text. */
function expectWellFormed(mail: Rendered) {
  expect(mail.html).toMatch(/^<!DOCTYPE html/);
  expect(mail.html).toContain(`<html dir="ltr" lang="en">`);
  // No images, tracking pixels, remote styles or scripts.
  expect(mail.html).not.toMatch(/<(img|script|link|iframe)\b/i);
  expect(mail.html).not.toMatch(/\b(src|srcset|background)=/i);
  expect(mail.html).not.toMatch(/url\(/i);
  for (const [, href] of mail.html.matchAll(/href="([^"]*)"/g)) {
    expect(href!.startsWith(`${SITE}/`) || href === SITE || href!.startsWith("mailto:"), href).toBe(true);
  }
  expect(mail.text).not.toMatch(TAG);
  expect(mail.text).not.toMatch(/&(amp|lt|gt|quot|#\d+|#x[0-9a-f]+);/i);
  // The studio's details in the footer of both parts.
  for (const part of [markup(mail), mail.text]) expect(part).toContain("Org. no. 923 456 783");
}

describe("e-mail templates", () => {
  it("contact notification: the visitor's text verbatim in the text part, escaped in the HTML part", async () => {
    const mail = await contactNotificationEmail({
      company: "Acme AS",
      email: "kari@acme.no",
      project: "A booking app\nfor 3 clinics\n\n  - with  two   spaces",
      inboxUrl: INBOX_URL,
      siteUrl: SITE, studio: STUDIO_SEED,
    });
    savePreview("contact-notification", mail);
    expectWellFormed(mail);
    expect(mail.subject).toBe("New enquiry: Acme AS");
    expect(mail.text).toContain(`New contact request from the website (${SITE}).`);
    expect(mail.text).toContain("Company: Acme AS");
    expect(mail.text).toContain("E-mail: kari@acme.no");
    expect(mail.text).toContain("Project:");
    expect(mail.text).toContain("A booking app\nfor 3 clinics\n\n  - with  two   spaces");
    expect(markup(mail)).toContain("New enquiry from Acme AS");
    expect(mail.html).toContain(`href="mailto:kari@acme.no"`);
    expect(mail.text).toContain(`Åpne henvendelsen i innboksen ${INBOX_URL}`);
    expect(mail.html).toContain(`href="${INBOX_URL}"`);

    const hostile = await contactNotificationEmail({
      company: HOSTILE,
      email: "kari@acme.no",
      project: `Hi ${HOSTILE} & "quotes"`,
      inboxUrl: INBOX_URL,
      siteUrl: SITE, studio: STUDIO_SEED,
    });
    expect(hostile.html).not.toContain("<script");
    expect(hostile.html).not.toContain("<img");
    expect(hostile.html).toContain(
      "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;",
    );
    // Plain text is not markup: the visitor's characters arrive as typed.
    expect(hostile.text).toContain(`Hi ${HOSTILE} & "quotes"`);
    expect(hostile.subject).toBe(`New enquiry: ${HOSTILE}`);
  });

  it("contact receipt: what we promise, the copy of the message, a link to our work", async () => {
    const mail = await contactReceiptEmail({
      company: "Acme AS",
      email: "kari@acme.no",
      project: "A booking app\nfor 3 clinics",
      siteUrl: SITE, studio: STUDIO_SEED,
    });
    savePreview("contact-receipt", mail);
    expectWellFormed(mail);
    expect(mail.subject).toBe("We got your message – Fjord & Form");
    expect(mail.text).toContain(
      "Thank you for reaching out to Fjord & Form. We have your message and will get back to you within one working day.",
    );
    expect(mail.text).toContain(
      "Your message\n\nCompany: Acme AS\n\nE-mail: kari@acme.no\n\nProject:\n\nA booking app\nfor 3 clinics",
    );
    expect(mail.text).toContain("If you did not send this, you can ignore this e-mail; we will not contact you again.");
    expect(mail.text).toContain(`See our work while you wait ${SITE}/work`);
    expect(mail.text).toContain("— Fjord & Form\nhello@fjordform.no");
    expect(mail.html).toContain(`href="${SITE}/work"`);

    // Markup arrives as text, and nothing typed reaches the subject, where it would read as ours.
    const hostile = await contactReceiptEmail({
      company: HOSTILE,
      email: "kari@acme.no",
      project: HOSTILE,
      siteUrl: SITE, studio: STUDIO_SEED,
    });
    expect(hostile.subject).toBe("We got your message – Fjord & Form");
    expect(hostile.html).not.toMatch(/<(script|img)\b/);
    expect(hostile.text).toContain(`Company: ${HOSTILE}`);
  });

  it("newsletter confirmation: the confirm and unsubscribe links survive intact in both parts", async () => {
    const mail = await newsletterConfirmationEmail({
      siteUrl: SITE, studio: STUDIO_SEED,
      confirmUrl: CONFIRM_URL,
      unsubscribeUrl: UNSUBSCRIBE_URL,
      validDays: 7,
    });
    savePreview("newsletter-confirm", mail);
    expectWellFormed(mail);
    expect(mail.subject).toBe("Please confirm your subscription to Fjord & Form");
    expect(mail.text).toContain(
      "Someone (hopefully you) asked to receive the Fjord & Form newsletter at this address.",
    );
    expect(mail.text).toContain(
      "The link is valid for 7 days. If you did not ask for this, do nothing: you will not be subscribed.",
    );
    expect(linkIn(mail.text, "/newsletter/confirm")).toBe(CONFIRM_URL);
    expect(linkIn(mail.text, "/newsletter/unsubscribe")).toBe(UNSUBSCRIBE_URL);
    expect(mail.text).toContain(`No longer want these e-mails? Unsubscribe ${UNSUBSCRIBE_URL}`);
    expect(mail.html).toContain(`href="${CONFIRM_URL}"`);
    expect(mail.html).toContain(`href="${UNSUBSCRIBE_URL}"`);
  });

  it("newsletter welcome: thanks, and the way out", async () => {
    const mail = await newsletterWelcomeEmail({ siteUrl: SITE, studio: STUDIO_SEED, unsubscribeUrl: UNSUBSCRIBE_URL });
    savePreview("newsletter-welcome", mail);
    expectWellFormed(mail);
    expect(mail.subject).toBe("You're subscribed to Fjord & Form");
    expect(mail.text).toContain("Thanks for confirming. You will hear from us a few times a year, never more.");
    expect(mail.text).toContain(`Unsubscribe at any time ${UNSUBSCRIBE_URL}`);
    expect(linkIn(mail.text, "/newsletter/unsubscribe")).toBe(UNSUBSCRIBE_URL);
  });

  it("GDPR report: score, every area, a recommendation for every no, the deadlines", async () => {
    const questions = gdprCategories.flatMap((category) => category.questions);
    const no = new Set(questions.filter((_, i) => i % 3 === 0).map((q) => q.id));
    const answers: GdprAnswers = Object.fromEntries(questions.map((q) => [q.id, no.has(q.id) ? "no" : "yes"]));
    const analysis = analyseGdprAnswers(answers);
    const mail = await gdprReportEmail({ analysis, siteUrl: SITE, studio: STUDIO_SEED });
    savePreview("gdpr-report", mail);
    expectWellFormed(mail);
    expect(mail.subject).toBe(`Your GDPR self-assessment: ${analysis.scorePercent}%`);
    expect(mail.text).toContain("Your GDPR self-assessment from Fjord & Form");
    expect(mail.text).toContain(
      `Overall score: ${analysis.scorePercent}% (${analysis.yes} of ${analysis.total} in place)`,
    );
    expect(mail.text).toContain(levelText[analysis.level]);
    for (const category of analysis.categories) {
      expect(mail.text).toMatch(
        new RegExp(`${category.title} +${category.yes}/${category.total} \\(${category.scorePercent}%\\)`),
      );
    }
    for (const question of questions) {
      if (no.has(question.id)) {
        expect(mail.text).toContain(GDPR_RECOMMENDATIONS[question.id]);
        expect(mail.text).toContain(question.text);
        expect(markup(mail)).toContain(question.text.replaceAll("'", "&#x27;"));
      } else {
        expect(mail.text).not.toContain(GDPR_RECOMMENDATIONS[question.id]);
      }
    }
    expect(mail.text).toContain(
      "Two deadlines to remember: a personal data breach must be reported to Datatilsynet within 72 hours (GDPR Art. 33), " +
        "and requests from data subjects must be answered within one month (Art. 12(3)).",
    );
    expect(mail.text).toContain(
      `This self-assessment is guidance, not legal advice. Want help closing the gaps? Reply to this e-mail or visit ${SITE}/contact.`,
    );
    expect(mail.text).not.toContain("Every item is in place");

    const perfect = await gdprReportEmail({
      analysis: analyseGdprAnswers(Object.fromEntries(questions.map((q) => [q.id, "yes"]))),
      siteUrl: SITE, studio: STUDIO_SEED,
    });
    savePreview("gdpr-report-perfect", perfect);
    expectWellFormed(perfect);
    expect(perfect.subject).toBe("Your GDPR self-assessment: 100%");
    expect(perfect.text).toContain("Overall score: 100% (23 of 23 in place)");
    expect(perfect.text).toContain("Every item is in place. Keep reviewing it once a year.");
    expect(perfect.text).not.toContain("What to do next");
  });

  it("GDPR notification to the studio: address, score, weakest areas first, newsletter wish, the inbox link", async () => {
    const no = new Set(["audit-inventory", "audit-minimisation", "security-testing", "breach-plan"]);
    const questions = gdprCategories.flatMap((category) => category.questions);
    const analysis = analyseGdprAnswers(Object.fromEntries(questions.map((q) => [q.id, no.has(q.id) ? "no" : "yes"])));
    const props = { email: "dpo@klinikk.no", analysis, subscribeNewsletter: true, inboxUrl: INBOX_URL, siteUrl: SITE, studio: STUDIO_SEED };
    const mail = await gdprNotificationEmail(props);
    savePreview("gdpr-notification", mail);
    expectWellFormed(mail);
    expect(mail.subject).toBe("New GDPR checklist: dpo@klinikk.no (83 %)");
    expect(mail.text).toContain("E-post: dpo@klinikk.no");
    expect(mail.html).toContain(`href="mailto:dpo@klinikk.no"`);
    expect(mail.text).toContain("Poengsum: 83 % (19 av 23 ja)");
    expect(mail.text).toContain("Ba om nyhetsbrevet: ja");
    const weak = [
      "Data Audit and Mapping: 0 % (0 av 2)",
      "Breach Response Plan: 50 % (1 av 2)",
      "Security Measures: 67 % (2 av 3)",
    ];
    const at = weak.map((line) => mail.text.indexOf(line));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(mail.text).not.toContain("Legal Basis for Processing");
    expect(mail.text).toContain(`Åpne henvendelsen i innboksen ${INBOX_URL}`);
    expect(mail.html).toContain(`href="${INBOX_URL}"`);

    const unanswered = await gdprNotificationEmail({
      ...props,
      analysis: analyseGdprAnswers({}),
      subscribeNewsletter: false,
    });
    expect(unanswered.subject).toBe("New GDPR checklist: dpo@klinikk.no (0 %)");
    expect(unanswered.text).toContain("Ba om nyhetsbrevet: nei");
  });
});

describe("brand colours", () => {
  it("the token module matches the custom properties in app/styles/tokens.css", () => {
    const css = fs.readFileSync(path.join(import.meta.dirname, "../../app/styles/tokens.css"), "utf8");
    for (const [token, value] of Object.entries(colors)) {
      const name = cssPropertyName(token as keyof typeof colors);
      const declared = new RegExp(`${name}:\\s*(#[0-9a-f]{6})\\s*;`, "i").exec(css)?.[1];
      expect(declared?.toLowerCase(), name).toBe(value.toLowerCase());
    }
  });
});

describe("review e-mails (docs/decisions/066)", () => {
  it("review before publishing: published, scheduled, and sent back with the reviewer's comment, escaped", async () => {
    const base = { siteUrl: SITE, studio: STUDIO_SEED, name: "Eva", postTitle: "Om lokale modeller", reviewer: "Rita" };
    const published = await postApprovedEmail({ ...base, url: `${SITE}/blog/om-lokale-modeller` });
    savePreview("post-approved", published);
    expectWellFormed(published);
    expect(published.subject).toBe(`${STUDIO_SEED.name}: «Om lokale modeller» er publisert`);
    expect(published.text).toContain("Rita har godkjent «Om lokale modeller», og det er publisert.");
    expect(linkIn(published.text, "/blog/om-lokale-modeller")).toBe(`${SITE}/blog/om-lokale-modeller`);

    const scheduled = await postApprovedEmail({ ...base, url: `${SITE}/blog/cms?edit=1`, scheduledFor: "7. des. 2026 kl. 08:00" });
    expect(scheduled.subject).toBe(`${STUDIO_SEED.name}: «Om lokale modeller» er godkjent`);
    expect(scheduled.text).toContain("og det er planlagt publisert 7. des. 2026 kl. 08:00.");

    const returned = await postReturnedEmail({ ...base, url: `${SITE}/blog/cms?edit=1`, comment: "Kortere.\nOg en kilde." });
    savePreview("post-returned", returned);
    expectWellFormed(returned);
    expect(returned.text).toContain("Kortere.\n\nOg en kilde.");
    // The reviewer's words are text: escaped in the HTML part, as typed in the plain one.
    const hostile = await postReturnedEmail({ ...base, url: `${SITE}/blog/cms?edit=1`, comment: HOSTILE });
    expect(hostile.html).not.toMatch(/<(script|img)\b/);
    expect(hostile.text).toContain(HOSTILE);
    expect(linkIn(returned.text, "/blog/cms?edit=1")).toBe(`${SITE}/blog/cms?edit=1`);
  });
});
