import { getDb } from "../platform/db.server";
import { DomainError } from "../platform/domain-errors";
import { rateLimits } from "../platform/rate-limit.server";
import { ANTI_SPAM_MESSAGES } from "./anti-spam";
import { checkSubmission, formStamp } from "./anti-spam.server";
import { contactSchema, submitContact } from "./contact.server";
import { CONTACT_STEPS, type ContactField, contactStepProblem } from "./contact-steps";
import { enforceRateLimit, isHoneypotFilled } from "./visitor-forms.server";

/**
 * The contact wizard without JavaScript (decision 062): each "Next" is a plain post of
 * the step's field, the earlier answers riding along as hidden fields, and the server
 * answers with the next step, or the same step and the spec's message; "Submit" stores
 * the request through the same domain function as POST /api/contact, after the
 * honeypot, the rate limit and the time trap (no proof of work without script, so the
 * lead is unverified). With JavaScript none of this runs: the page posts JSON as before.
 */
export type ContactFormAnswer =
  | { kind: "step"; step: number; values: Record<ContactField, string>; error: string | null; stamp: string }
  | { kind: "sent"; email: string };

const LAST = CONTACT_STEPS.length - 1;

export async function contactFromForm(form: FormData, visitor: { ip: string; siteUrl: string }): Promise<ContactFormAnswer> {
  const body = Object.fromEntries([...form].map(([name, value]) => [name, typeof value === "string" ? value : ""]));
  const values = { company: body.company ?? "", project: body.project ?? "", email: body.email ?? "" };
  const step = Math.min(Math.max(Math.trunc(Number(body.step)) || 0, 0), LAST);
  const answer = (at: number, error: string | null, stamp = formStamp()): ContactFormAnswer => ({
    kind: "step",
    step: at,
    values,
    error,
    stamp,
  });
  // Every step up to this one, as the wizard checks them: the earlier ones came back as hidden fields.
  for (let at = 0; at <= step; at++) {
    const problem = contactStepProblem(CONTACT_STEPS[at]!.field, values[CONTACT_STEPS[at]!.field]);
    if (problem) return answer(at, problem);
  }
  if (step < LAST) return answer(step + 1, null);
  // Bots that fill in the hidden field are told it worked, and nothing is stored.
  if (isHoneypotFilled(body)) return { kind: "sent", email: values.email.trim() };
  const db = getDb();
  try {
    await enforceRateLimit(db, rateLimits.contact, visitor.ip);
    const parsed = contactSchema.safeParse({ company: values.company, project: values.project, email: values.email });
    if (!parsed.success) return answer(step, parsed.error.issues[0]?.message ?? "Failed to submit form");
    const sender = await checkSubmission(db, body);
    await submitContact(db, parsed.data, visitor.siteUrl, sender);
    return { kind: "sent", email: parsed.data.email };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // The same stamp back: sent too fast, the visitor only has to wait, not start the clock again.
    return answer(step, error.message, error.message === ANTI_SPAM_MESSAGES.tooFast ? body.stamp : undefined);
  }
}
