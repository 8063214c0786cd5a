import { z } from "zod";
import { analyseGdprAnswers, type GdprAnalysis, type GdprAnswers, gdprCategories } from "~/content/gdpr";
import { type Database, schema } from "../platform/db.server";
import { emailAddressSchema } from "../platform/email-address.server";
import { ValidationError } from "../platform/domain-errors";
import { enqueueMail } from "../mail/mail.server";
import { mailedRecently, RECEIPT_COOLDOWN_SECONDS } from "./mail-cooldown.server";
import { gdprNotificationEmail } from "../mail/templates/gdpr-notification.server";
import { gdprReportEmail } from "../mail/templates/gdpr-report.server";
import { requestSubscription } from "./newsletter.server";
import { createLead, leadInboxUrl, newLeadId } from "./leads.server";
import { getStudioDetails } from "../studio/studio-details.server";
import type { StudioDetails } from "../studio/studio-details";

export const GDPR_SEND_FAILED = "Failed to send results. Please try again.";

/**
 * The checklist's payload: email, subscribeNewsletter, checkedCount, totalItems and categories (each id,
 * title, items of text and yes/no answer). Item ids are optional: items are matched by id or text.
 */
export const gdprPayloadSchema = z.object({
  email: emailAddressSchema,
  subscribeNewsletter: z.boolean().default(false),
  checkedCount: z.number().int().min(0).max(100).optional(),
  totalItems: z.number().int().min(0).max(100).optional(),
  categories: z
    .array(
      z.object({
        id: z.string().max(100),
        title: z.string().max(200),
        items: z
          .array(
            z.object({ id: z.string().max(100).optional(), text: z.string().max(500), answer: z.enum(["yes", "no"]) }),
          )
          .max(10),
      }),
    )
    .max(20),
});

export type GdprPayload = z.output<typeof gdprPayloadSchema>;

/**
 * The answers, by question id, taken from the submitted categories. Every question of
 * the checklist must be answered; the client's own counts are not trusted.
 */
export function answersFromPayload(payload: GdprPayload): GdprAnswers {
  const answers: GdprAnswers = {};
  for (const category of gdprCategories) {
    const submitted = payload.categories.find((c) => c.id === category.id || c.title === category.title);
    for (const question of category.questions) {
      const item = submitted?.items.find((i) => i.id === question.id || i.text === question.text);
      if (!item) throw new ValidationError("Please answer every question before sending.");
      answers[question.id] = item.answer;
    }
  }
  return answers;
}

/**
 * Stores the submission with its lead, notifies the studio (a checklist with an address
 * is a sales lead: every one, like a contact request), queues the report (at most once
 * an hour to one address: mail-cooldown.server.ts) and, if asked, starts the newsletter
 * opt-in, all in one transaction.
 */
export async function submitGdprResults(
  db: Database,
  payload: GdprPayload,
  meta: { ip: string; siteUrl: string; verified?: boolean },
) {
  const answers = answersFromPayload(payload);
  const analysis = analyseGdprAnswers(answers);
  const email = payload.email.toLowerCase();
  let newsletter: "pending" | "already-subscribed" | null = null;
  // Rendered before the transaction, which then holds its connection only for the writes;
  // the lead's id is chosen now, so the studio's notification can link to it.
  const leadId = newLeadId();
  const studio = await getStudioDetails(db);
  const notification = await studioNotification(email, analysis, payload.subscribeNewsletter, {
    inboxUrl: leadInboxUrl(meta.siteUrl, leadId),
    siteUrl: meta.siteUrl,
    studio,
  });
  const report = await gdprReportMail(email, analysis, meta.siteUrl, studio);
  await db.transaction(async (t) => {
    const [submission] = await t
      .insert(schema.gdprSubmissions)
      .values({
        email,
        checkedCount: analysis.yes,
        totalItems: analysis.total,
        scorePercent: analysis.scorePercent,
        answers,
        subscribeNewsletter: payload.subscribeNewsletter,
      })
      .returning({ id: schema.gdprSubmissions.id });
    await createLead(t, { id: leadId, kind: "gdpr", gdprSubmissionId: submission!.id, verified: meta.verified ?? false });
    // The cooldown is for the visitor's address only: the studio hears of every lead.
    await enqueueMail(t, { ...notification, leadId });
    if (!(await mailedRecently(t, report.kind, email, RECEIPT_COOLDOWN_SECONDS)))
      await enqueueMail(t, { ...report, leadId });
    // Never a direct subscription: the same double opt-in as the footer form.
    if (payload.subscribeNewsletter) {
      const result = await requestSubscription(t, { email, ip: meta.ip, source: "gdpr-checklist", verified: meta.verified }, meta.siteUrl);
      newsletter = result.alreadySubscribed ? "already-subscribed" : "pending";
    }
  });
  return { analysis, newsletter };
}

async function studioNotification(
  email: string,
  analysis: GdprAnalysis,
  subscribeNewsletter: boolean,
  links: { inboxUrl: string; siteUrl: string; studio: StudioDetails },
) {
  return {
    kind: "gdpr-notification",
    to: links.studio.email,
    ...(await gdprNotificationEmail({ email, analysis, subscribeNewsletter, ...links })),
  };
}

export async function gdprReportMail(email: string, analysis: GdprAnalysis, siteUrl: string, studio: StudioDetails) {
  return { kind: "gdpr-report", to: email, ...(await gdprReportEmail({ analysis, siteUrl, studio })) };
}
