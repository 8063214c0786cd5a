import { type GdprAnswers, gdprCategories, type GdprScore, scoreGdprAnswers } from "~/content/gdpr";
import { getDb } from "../platform/db.server";
import { DomainError } from "../platform/domain-errors";
import { rateLimits } from "../platform/rate-limit.server";
import { isValidEmail, MESSAGES } from "../platform/validation";
import { ANTI_SPAM_MESSAGES } from "./anti-spam";
import { checkSubmission, formStamp } from "./anti-spam.server";
import { GDPR_CONSENT_NEEDED, GDPR_EMAIL_STEP, gdprPayloadOf } from "./gdpr-steps";
import { gdprPayloadSchema, submitGdprResults } from "./gdpr.server";
import { enforceRateLimit } from "./visitor-forms.server";

/**
 * The GDPR checklist without JavaScript (decision 062), as the contact wizard does it
 * (contact-form.server.ts): the page is one form, each Yes, No, Previous or Next is a
 * plain post carrying every answer so far as hidden fields, and the server answers with
 * the next step. "Send my analysis" stores the answers through the same domain function
 * as POST /api/gdpr-results, after the rate limit and the time trap; without script there
 * is no proof of work, so the lead is kept unverified. With JavaScript none of this runs.
 */
export type GdprFormAnswer =
  | {
      kind: "step";
      step: number;
      answers: GdprAnswers;
      email: string;
      consent: boolean;
      newsletter: boolean;
      error: string | null;
      stamp: string;
    }
  | { kind: "sent"; email: string; analysis: GdprScore; newsletter: "pending" | "already-subscribed" | null };

const questions = gdprCategories.flatMap((category) => category.questions);

export async function gdprFromForm(form: FormData, visitor: { ip: string; siteUrl: string }): Promise<GdprFormAnswer> {
  const body = Object.fromEntries([...form].map(([name, value]) => [name, typeof value === "string" ? value : ""]));
  const answers: GdprAnswers = {};
  for (const question of questions) {
    const value = body[question.id];
    if (value === "yes" || value === "no") answers[question.id] = value;
  }
  const step = Math.min(Math.max(Math.trunc(Number(body.step)) || 0, 0), GDPR_EMAIL_STEP);
  const current = questions[step];
  // The button pressed: Yes or No answers the question and moves on, as the script's auto-advance does.
  if (current && (body.answer === "yes" || body.answer === "no")) answers[current.id] = body.answer;
  const email = (body.email ?? "").trim();
  const consent = body.consent === "on";
  const newsletter = body.newsletter === "on";
  const answer = (at: number, error: string | null = null, stamp = formStamp()): GdprFormAnswer => ({
    kind: "step",
    step: at,
    answers,
    email,
    consent,
    newsletter,
    error,
    stamp,
  });

  if (body.go === "back") return answer(Math.max(step - 1, 0));
  if (current) return answer(answers[current.id] ? step + 1 : step);
  // "Send my analysis": every question answered (they came back as hidden fields), then the address and consent.
  const unanswered = questions.findIndex((question) => !answers[question.id]);
  if (unanswered >= 0) return answer(unanswered);
  if (!isValidEmail(email)) return answer(step, MESSAGES.invalidEmail);
  if (!consent) return answer(step, GDPR_CONSENT_NEEDED);

  const db = getDb();
  try {
    await enforceRateLimit(db, rateLimits.gdpr, visitor.ip);
    const parsed = gdprPayloadSchema.safeParse(gdprPayloadOf(answers, email, newsletter));
    if (!parsed.success) return answer(step, parsed.error.issues[0]?.message ?? MESSAGES.invalidEmail);
    const { verified } = await checkSubmission(db, body);
    const sent = await submitGdprResults(db, parsed.data, { verified, ip: visitor.ip, siteUrl: visitor.siteUrl });
    return { kind: "sent", email, analysis: scoreGdprAnswers(answers), newsletter: sent.newsletter };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // The same stamp back when sent too fast: the visitor only has to wait, not start the clock again.
    return answer(step, error.message, error.message === ANTI_SPAM_MESSAGES.tooFast ? body.stamp : undefined);
  }
}
