import type { SubmissionResult } from "@conform-to/react";

/**
 * What every staff form's action answers (decision 048), made by `formReply` /
 * `replyToForm` (form-reply.server.ts) and read by the form's component. Browser-safe.
 */
export type FormResult = {
  /** Which form on the page it answers, when a page has several (`intent` field). */
  intent?: string;
  /** Conform's state of that form: field errors, the values typed, a reset after success. */
  result: SubmissionResult<string[]>;
  /** The line for a change that happened (a status). */
  message?: string;
  /** The line for a refusal: nothing was changed (an alert). */
  error?: string;
};

/** The answer for the form named `intent`, or undefined when the action answered another form. */
export function resultFor<T extends { intent?: string }>(intent: string, actionData: T | undefined) {
  return actionData?.intent === intent ? actionData : undefined;
}
