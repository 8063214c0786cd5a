import { Form } from "react-router";
import { useIsPending } from "~/components/forms/use-is-pending";
import { ReviewPanel } from "~/components/staff/review-panel";
import { PAGE_REVIEW_LABELS, pageReturnSchema } from "~/lib/pages/page-forms";
import { type FormResult, resultFor } from "~/lib/platform/form-result";

/**
 * Review of a page draft in the page editor (docs/decisions/071), in the shell posts use
 * (review-panel.tsx). An author sees where the draft stands and sends it ("Send til
 * godkjenning") or takes it back; an editor or owner sees who sent it and "Send tilbake"
 * with a required comment; publishing it is the editor's own "Publiser".
 */
type Review = {
  status: "submitted" | "returned";
  comment: string | null;
  submittedAt: string | null;
  submittedBy: string;
  reviewedBy: string | null;
} | null;

type Props = { review: Review; canPublish: boolean; hasDraft: boolean; revision: number; actionData?: FormResult };

export function PageReviewPanel({ review, canPublish, hasDraft, revision, actionData }: Props) {
  const notice =
    resultFor("withdraw", actionData) ?? resultFor("send-back", actionData) ?? resultFor("submit", actionData);
  const busy = useIsPending({ intent: "submit" });
  if (!review && canPublish && !notice) return null;
  const waiting = review?.status === "submitted" ? review : null;
  const returned = review?.status === "returned" ? review : null;
  return (
    <ReviewPanel
      name="page-review"
      status={review?.status}
      labels={PAGE_REVIEW_LABELS}
      notice={notice}
      returned={
        returned && {
          intro: `${returned.reviewedBy ?? "En redaktør"} sendte utkastet tilbake med denne kommentaren:`,
          comment: returned.comment,
        }
      }
      sendBack={
        waiting && canPublish
          ? {
              intro: `${waiting.submittedBy} sendte utkastet til godkjenning ${waiting.submittedAt}. Se det i forhåndsvisningen, og publiser det nederst, eller send det tilbake med en kommentar.`,
              schema: pageReturnSchema,
              actionData: resultFor("send-back", actionData),
            }
          : undefined
      }
      withdraw={
        waiting && !canPublish
          ? {
              intro: `Sendt av ${waiting.submittedBy} ${waiting.submittedAt}. En redaktør ser på utkastet. Lagrer du endringer nå, blir det et utkast igjen, og du må sende det på nytt.`,
            }
          : undefined
      }
    >
      {waiting || canPublish ? null : hasDraft ? (
        <Form method="post" className="inline-form">
          <p className="field-hint">Du kan ikke publisere selv. Når utkastet er klart, send det til en redaktør.</p>
          <input type="hidden" name="intent" value="submit" />
          <input type="hidden" name="revision" value={revision} />
          <button type="submit" className="button button-small" disabled={busy}>
            Send til godkjenning
          </button>
        </Form>
      ) : (
        <p className="field-hint">Du kan ikke publisere selv. Lagre et utkast, og send det til godkjenning her.</p>
      )}
    </ReviewPanel>
  );
}
