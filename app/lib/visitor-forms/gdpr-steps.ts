import { type GdprAnswers, gdprCategories } from "~/content/gdpr";

/**
 * The GDPR checklist's steps and its payload, shared by the page's script (which posts
 * the payload to /api/gdpr-results) and by the server, which runs the same checklist
 * without JavaScript (gdpr-form.server.ts). Browser-safe.
 */
export const GDPR_QUESTIONS = gdprCategories.flatMap((category) =>
  category.questions.map((question) => ({ ...question, category })),
);
/** 0-based: the 24th step, after the 23 questions. */
export const GDPR_EMAIL_STEP = GDPR_QUESTIONS.length;

/** Without JavaScript the send button cannot wait for the box to be ticked, so the server says it. */
export const GDPR_CONSENT_NEEDED = "Please agree to the privacy policy so that we can send you the analysis.";

/** The body of POST /api/gdpr-results (the spec's shape): every area with its questions and answers. */
export const gdprPayloadOf = (answers: GdprAnswers, email: string, subscribeNewsletter: boolean) => ({
  email,
  subscribeNewsletter,
  checkedCount: GDPR_QUESTIONS.filter((q) => answers[q.id] === "yes").length,
  totalItems: GDPR_QUESTIONS.length,
  categories: gdprCategories.map((category) => ({
    id: category.id,
    title: category.title,
    items: category.questions.map((q) => ({ id: q.id, text: q.text, answer: answers[q.id] })),
  })),
});
