import { z } from "zod";
import { norwegianFieldMessages, requiredText } from "../platform/text-fields";

/**
 * Review before publishing (docs/decisions/066): the editor's review forms, their words and
 * the states a post can be in. Browser-safe: the editor, the post list and the dashboard's
 * queue read the same labels the server's forms are parsed with.
 */
export type ReviewStatus = "submitted" | "returned";

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = {
  submitted: "Til godkjenning",
  returned: "Sendt tilbake",
};

export const REVIEW_COMMENT_MAX = 2000;
export const COMMENT_REQUIRED = "Skriv hva skribenten skal endre før innlegget sendes tilbake.";

/** "Send tilbake": the reviewer says what to change; the author gets it by e-mail and in the editor. */
export const sendBackSchema = z.object({
  intent: z.literal("send-back"),
  comment: requiredText(
    { max: REVIEW_COMMENT_MAX, lines: "multi" },
    {
      ...norwegianFieldMessages("Kommentar", REVIEW_COMMENT_MAX),
      required: COMMENT_REQUIRED,
    },
  ),
});

/** "Trekk tilbake": the author takes a post out of the queue again (nothing is removed). */
export const withdrawSchema = z.object({ intent: z.literal("withdraw") });

/** The editor's intents that are not a save of the post's fields (the editor's action reads these first). */
export const REVIEW_FORM_INTENTS = ["send-back", "withdraw"] as const;

export const SUBMITTED = "Innlegget er sendt til godkjenning. Du får e-post når en redaktør har sett på det.";
export const WITHDRAWN = "Innlegget er trukket fra godkjenning og er et utkast igjen.";
export const sentBackNotice = (title: string) => `«${title}» er sendt tilbake til skribenten med kommentaren din.`;
export const NOT_IN_REVIEW = "Innlegget venter ikke på godkjenning (det kan være trukket tilbake eller allerede besvart).";
export const ONLY_THE_AUTHOR_SUBMITS = "Bare den som skrev innlegget, kan sende det til godkjenning.";
export const ALREADY_PUBLISHED = "Innlegget er allerede publisert.";
export const REVIEWERS_ONLY = "Bare redaktører og eiere kan godkjenne eller sende tilbake innlegg.";
