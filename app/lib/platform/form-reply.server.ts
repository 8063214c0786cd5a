import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { DomainError, NotFoundError } from "./domain-errors";
import type { FormResult } from "./form-result";
import { DOMAIN_ERROR_STATUS } from "./http.server";

/**
 * How a form's use case went, in the words the page shows (decision 048). The action
 * turns the domain function's `{ kind }` into one of these; a thrown DomainError becomes
 * the refusal by itself (`replyToForm`).
 */
export type FormOutcome =
  /** It happened: a status line; `resetForm` empties the form (a note added, a box ticked). */
  | { message: string; resetForm?: boolean }
  /** Refused, nothing changed: an alert line and the status that says why (409, 400, …). */
  | { error: string; status: number; resetForm?: boolean }
  /** A field's fault: its message under it, the rest of the form as typed. */
  | { fieldErrors: Partial<Record<string, string[]>>; status: number };

export type FormReplyOptions = {
  /** Which of the page's forms this answers (FormResult.intent). */
  intent?: string;
  /** Fields never sent back, whatever happened (passwords). */
  hideFields?: string[];
};

/**
 * The reply for a submission: a form that failed its schema is a 400 with its field
 * errors (200 for Conform's own intents, such as adding a list item without JavaScript);
 * otherwise the outcome's line and status. Conform's `submission.reply()` keeps what was
 * typed, except after a success that resets the form.
 */
export function formReply(
  submission: Submission<unknown, string[], unknown>,
  outcome?: FormOutcome,
  { intent, hideFields }: FormReplyOptions = {},
) {
  if (submission.status !== "success" || !outcome) {
    const status = submission.status === "error" ? 400 : 200;
    return data<FormResult>({ intent, result: submission.reply({ hideFields }) }, status);
  }
  if ("fieldErrors" in outcome) {
    const fieldErrors = Object.fromEntries(
      Object.entries(outcome.fieldErrors).filter((entry): entry is [string, string[]] => entry[1] !== undefined),
    );
    const result = submission.reply({ fieldErrors, hideFields });
    return data<FormResult>({ intent, result }, outcome.status);
  }
  const result = submission.reply({ resetForm: outcome.resetForm, hideFields });
  if ("error" in outcome) return data<FormResult>({ intent, result, error: outcome.error }, outcome.status);
  return data<FormResult>({ intent, result, message: outcome.message });
}

/**
 * A form action's whole round: the schema's verdict, then `run` with the parsed value.
 * `run` answers a FormOutcome, or a Response (a redirect, usually with a flash notice).
 * A NotFoundError is the page's 404 (decision 033); any other DomainError is the form's
 * refusal with its message and status (DOMAIN_ERROR_STATUS, as the JSON API answers it).
 */
export async function replyToForm<Value>(
  submission: Submission<unknown, string[], Value>,
  run: (value: Value) => Promise<FormOutcome | Response>,
  options: FormReplyOptions = {},
) {
  if (submission.status !== "success") return formReply(submission, undefined, options);
  try {
    const outcome = await run(submission.value);
    return outcome instanceof Response ? outcome : formReply(submission, outcome, options);
  } catch (error) {
    if (error instanceof NotFoundError) throw data(null, { status: 404 });
    if (error instanceof DomainError) {
      return formReply(submission, { error: error.message, status: DOMAIN_ERROR_STATUS[error.kind] }, options);
    }
    throw error;
  }
}
