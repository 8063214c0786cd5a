import { ReviewPanel } from "~/components/staff/review-panel";
import { REVIEW_STATUS_LABELS, sendBackSchema } from "~/lib/blog/post-review-forms";
import { type FormResult, resultFor } from "~/lib/platform/form-result";

/**
 * Review before publishing in the post editor (docs/decisions/066), above the post's form.
 * The author sees where the post stands ("Til godkjenning" with "Trekk tilbake", or
 * "Sendt tilbake" with the comment); an editor or owner sees who sent it and when, and
 * "Send tilbake" with a required comment. Publishing it is the form's own "Publiser" or
 * "Planlegg" below; an author sends it with the form's "Send til godkjenning".
 */
type Review = {
  status: "submitted" | "returned";
  comment: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  submittedBy: string;
  reviewedBy: string | null;
} | null;

type Props = { review: Review; canPublish: boolean; published: boolean; actionData?: FormResult };

export function PostReviewPanel({ review, canPublish, published, actionData }: Props) {
  const withdrawn = resultFor("withdraw", actionData);
  const sentBack = resultFor("send-back", actionData);
  // Nothing to say about a published post, nor to an editor about a post nobody sent.
  if (published || (!review && canPublish && !sentBack)) return null;
  const waiting = review?.status === "submitted" ? review : null;
  const returned = review?.status === "returned" ? review : null;
  return (
    <ReviewPanel
      name="post-review"
      status={review?.status}
      labels={REVIEW_STATUS_LABELS}
      notice={withdrawn ?? sentBack}
      returned={
        returned && {
          intro: (
            <>
              {returned.reviewedBy ?? "En redaktør"} sendte innlegget tilbake {returned.reviewedAt}
              {canPublish ? "" : " med denne kommentaren"}:
            </>
          ),
          comment: returned.comment,
          after: canPublish ? null : (
            <p className="field-hint">Gjør endringene, og send det til godkjenning igjen nederst.</p>
          ),
        }
      }
      sendBack={
        waiting && canPublish
          ? {
              intro: (
                <>
                  {waiting.submittedBy} sendte innlegget til godkjenning {waiting.submittedAt}. Les det, og publiser
                  eller planlegg det nederst i skjemaet, eller send det tilbake med en kommentar.
                </>
              ),
              schema: sendBackSchema,
              actionData: sentBack,
            }
          : undefined
      }
      withdraw={
        waiting && !canPublish
          ? {
              intro: `Sendt ${waiting.submittedAt}. En redaktør ser på innlegget. Lagrer du endringer nå, blir det et utkast igjen, og du må sende det på nytt.`,
            }
          : undefined
      }
    >
      {!review && !canPublish ? (
        <p className="field-hint">
          Du kan ikke publisere selv. Når innlegget er klart, trykk «Send til godkjenning» nederst, så publiserer en
          redaktør det eller sender det tilbake med en kommentar.
        </p>
      ) : null}
    </ReviewPanel>
  );
}
