import { z } from "zod";
import { analyseGdprAnswers, type GdprAnalysis, type GdprAnswers, gdprCategories } from "~/content/gdpr";
import { siteConfig } from "~/content/site";
import { type Database, schema } from "./db.server";
import { ApiError, singleLine } from "./http.server";
import { enqueueMail } from "./mail.server";
import { escapeHtml, htmlLayout, signature } from "./mail-templates.server";
import { requestSubscription } from "./newsletter.server";
import { isValidEmail, MESSAGES } from "./validation";

export const GDPR_SEND_FAILED = "Failed to send results. Please try again.";

/** The spec's payload (SPEC §7). Item ids are optional: items are matched by id or text. */
export const gdprPayloadSchema = z.object({
  email: z
    .string(MESSAGES.invalidEmail)
    .trim()
    .max(254, MESSAGES.invalidEmail)
    .regex(singleLine, MESSAGES.invalidEmail)
    .refine(isValidEmail, MESSAGES.invalidEmail),
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
      if (!item) throw new ApiError(400, "Please answer every question before sending.");
      answers[question.id] = item.answer;
    }
  }
  return answers;
}

/** Stores the submission, queues the report and, if asked, starts the newsletter opt-in. */
export async function submitGdprResults(db: Database, payload: GdprPayload, meta: { ip: string; siteUrl: string }) {
  const answers = answersFromPayload(payload);
  const analysis = analyseGdprAnswers(answers);
  const email = payload.email.toLowerCase();
  let newsletter: "pending" | "already-subscribed" | null = null;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t.insert(schema.gdprSubmissions).values({
      email,
      checkedCount: analysis.yes,
      totalItems: analysis.total,
      scorePercent: analysis.scorePercent,
      answers,
      subscribeNewsletter: payload.subscribeNewsletter,
    });
    await enqueueMail(t, gdprReportMail(email, analysis, meta.siteUrl));
    // Never a direct subscription: the same double opt-in as the footer form.
    if (payload.subscribeNewsletter) {
      const result = await requestSubscription(t, { email, ip: meta.ip, source: "gdpr-checklist" }, meta.siteUrl);
      newsletter = result.alreadySubscribed ? "already-subscribed" : "pending";
    }
  });
  return { analysis, newsletter };
}

const levelText = {
  strong: "Strong: you have the essentials in place.",
  developing: "Developing: a good base, with gaps worth closing soon.",
  "at-risk": "At risk: several basics are missing. Start with the recommendations below.",
} as const;

export function gdprReportMail(email: string, analysis: GdprAnalysis, siteUrl: string) {
  const gaps = analysis.categories.flatMap((category) =>
    category.gaps.map((gap) => ({ ...gap, category: category.title })),
  );
  const textGaps = gaps
    .map((gap, i) => `${i + 1}. ${gap.category}: ${gap.question}\n   → ${gap.recommendation}`)
    .join("\n\n");
  const text =
    `Your GDPR self-assessment from ${siteConfig.name}\n\n` +
    `Overall score: ${analysis.scorePercent}% (${analysis.yes} of ${analysis.total} in place)\n${levelText[analysis.level]}\n\n` +
    `By area:\n${analysis.categories.map((c) => `- ${c.title}: ${c.yes}/${c.total} (${c.scorePercent}%)`).join("\n")}\n\n` +
    (gaps.length
      ? `What to do next:\n\n${textGaps}\n\n`
      : "Every item is in place. Keep reviewing it once a year.\n\n") +
    `Two deadlines to remember: a personal data breach must be reported to Datatilsynet within 72 hours (GDPR Art. 33), ` +
    `and requests from data subjects must be answered within one month (Art. 12(3)).\n\n` +
    `This self-assessment is guidance, not legal advice. Want help closing the gaps? Reply to this e-mail or visit ${siteUrl}/contact.${signature}`;

  const bar = (percent: number) =>
    `<div style="background:#EFE8CF;border-radius:6px;height:10px;width:100%"><div style="background:${percent >= 80 ? "#00C48C" : percent >= 50 ? "#F5B041" : "#F44F3B"};border-radius:6px;height:10px;width:${percent}%"></div></div>`;
  const rows = analysis.categories
    .map(
      (c) =>
        `<tr><td style="padding:6px 8px 6px 0;font-size:14px">${escapeHtml(c.title)}</td><td style="padding:6px 8px;width:140px">${bar(c.scorePercent)}</td><td style="padding:6px 0;font-size:14px;text-align:right;white-space:nowrap">${c.yes}/${c.total}</td></tr>`,
    )
    .join("");
  const htmlGaps = gaps
    .map(
      (gap) =>
        `<li style="margin:0 0 14px"><strong>${escapeHtml(gap.category)}:</strong> ${escapeHtml(gap.question)}<br><span style="color:#184B54">→ ${escapeHtml(gap.recommendation)}</span></li>`,
    )
    .join("");
  const html = htmlLayout({
    title: "Your GDPR self-assessment",
    body:
      `<h1 style="font-family:Georgia,serif;font-size:24px;margin:0 0 8px">Your GDPR self-assessment</h1>` +
      `<p style="font-size:40px;font-family:Georgia,serif;margin:8px 0 0;color:#184B54">${analysis.scorePercent}%</p>` +
      `<p style="margin:0 0 16px">${analysis.yes} of ${analysis.total} in place. ${escapeHtml(levelText[analysis.level])}</p>` +
      `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px">${rows}</table>` +
      (gaps.length
        ? `<h2 style="font-family:Georgia,serif;font-size:20px;margin:0 0 12px">What to do next</h2><ol style="padding-left:20px;margin:0 0 16px">${htmlGaps}</ol>`
        : `<p>Every item is in place. Keep reviewing it once a year.</p>`) +
      `<p style="margin:0 0 16px;padding:12px;background:#F8F4E3;border-radius:8px">Two deadlines to remember: a personal data breach must be reported to Datatilsynet within <strong>72 hours</strong> (GDPR Art. 33), and requests from data subjects must be answered within <strong>one month</strong> (Art. 12(3)).</p>` +
      `<p style="margin:0;font-size:13px;color:#3D5458">This self-assessment is guidance, not legal advice. Want help closing the gaps? Reply to this e-mail or visit <a href="${escapeHtml(siteUrl)}/contact">${escapeHtml(siteUrl)}/contact</a>.</p>`,
  });
  return {
    kind: "gdpr-report",
    to: email,
    subject: `Your GDPR self-assessment: ${analysis.scorePercent}%`,
    text,
    html,
  };
}
