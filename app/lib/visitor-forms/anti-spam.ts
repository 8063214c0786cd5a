/**
 * The visitor forms' anti-spam fields and messages (decision 062), shared by the pages,
 * the browser's solver and the server. Browser-safe: no `.server` imports.
 */

/** The signed "rendered at" stamp every protected form carries (the time trap). */
export const STAMP_FIELD = "stamp";
/**
 * The proof of work, base64 JSON as altcha-lib reads it. Its presence says that the
 * form's script ran: then it must be valid; without it the submission is kept unverified.
 */
export const PROOF_FIELD = "altcha";
/** Where the browser asks for a challenge. */
export const CHALLENGE_PATH = "/api/form-challenge";

export const ANTI_SPAM_MESSAGES = {
  tooFast: "That was quicker than a person can type. Please wait a few seconds and send the form again.",
  badProof: "We could not check this form. Please reload the page and send it again.",
} as const;
