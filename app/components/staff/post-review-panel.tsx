import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormNotice } from "~/components/form-notice";
import { TextareaField } from "~/components/forms/fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { REVIEW_STATUS_LABELS, sendBackSchema } from "~/lib/blog/post-review-forms";
import { type FormResult, resultFor } from "~/lib/platform/form-result";

/**
 * Review before publishing in the editor (docs/decisions/066), above the post's form.
 * The author sees where the post stands ("Til godkjenning" with "Trekk tilbake", or
 * "Sendt tilbake" with the comment); an editor or owner sees who sent it and when, and
 * "Send tilbake" with a required comment. Publishing it is the form's own "Publiser" or
 * "Planlegg" below. The server decides who may do which (lib/blog/post-review.server.ts).
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
  const status = review?.status;
  return (
    <section className="admin-panel post-review" aria-labelledby="post-review-heading" data-testid="post-review">
      <h2 id="post-review-heading">
        Godkjenning
        {status ? (
          <span className={`badge badge-review-${status}`} data-testid="review-status">
            {REVIEW_STATUS_LABELS[status]}
          </span>
        ) : null}
      </h2>
      <FormNotice data={withdrawn ?? sentBack} />
      {status === "returned" ? <ReturnedComment review={review!} canPublish={canPublish} /> : null}
      {status === "submitted" ? (
        canPublish ? (
          <>
            <p>
              {review!.submittedBy} sendte innlegget til godkjenning {review!.submittedAt}. Les det, og publiser eller
              planlegg det nederst i skjemaet, eller send det tilbake med en kommentar.
            </p>
            <SendBackForm actionData={sentBack} />
          </>
        ) : (
          <WithdrawForm submittedAt={review!.submittedAt} />
        )
      ) : null}
      {!status && !canPublish ? (
        <p className="field-hint">
          Du kan ikke publisere selv. Når innlegget er klart, trykk «Send til godkjenning» nederst, så publiserer en
          redaktør det eller sender det tilbake med en kommentar.
        </p>
      ) : null}
    </section>
  );
}

function ReturnedComment({ review, canPublish }: { review: NonNullable<Review>; canPublish: boolean }) {
  return (
    <>
      <p>
        {review.reviewedBy ?? "En redaktør"} sendte innlegget tilbake {review.reviewedAt}
        {canPublish ? "" : " med denne kommentaren"}:
      </p>
      <blockquote className="review-comment" data-testid="review-comment">
        {(review.comment ?? "").split(/\r?\n/).map((line, index) => (line.trim() ? <p key={index}>{line}</p> : null))}
      </blockquote>
      {canPublish ? null : <p className="field-hint">Gjør endringene, og send det til godkjenning igjen nederst.</p>}
    </>
  );
}

function WithdrawForm({ submittedAt }: { submittedAt: string | null }) {
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <p>
        Sendt {submittedAt}. En redaktør ser på innlegget. Lagrer du endringer nå, blir det et utkast igjen, og du må
        sende det på nytt.
      </p>
      {/* Nothing is removed: the post is a draft again, so no confirmation. */}
      <Form method="post" className="inline-form">
        <input type="hidden" name="intent" value="withdraw" />
        <button type="submit" className="button button-small button-ghost" disabled={busy}>
          Trekk tilbake
        </button>
      </Form>
    </>
  );
}

function SendBackForm({ actionData }: { actionData?: FormResult }) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm("send-back", sendBackSchema, { lastResult: actionData?.result });
  return (
    <Form method="post" {...getFormProps(form)} className="cms-form review-send-back">
      <input type="hidden" name="intent" value="send-back" />
      <TextareaField
        field={fields.comment}
        label="Kommentar til skribenten *"
        hint="Hva skal endres? Skribenten får kommentaren på e-post og ser den i editoren."
        rows={3}
      />
      <div>
        <button type="submit" className="button button-small button-ghost" disabled={busy}>
          Send tilbake
        </button>
      </div>
    </Form>
  );
}
