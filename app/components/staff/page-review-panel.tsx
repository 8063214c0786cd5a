import { getFormProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FormNotice } from "~/components/form-notice";
import { TextareaField } from "~/components/forms/fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { PAGE_REVIEW_LABELS, pageReturnSchema } from "~/lib/pages/page-forms";
import { type FormResult, resultFor } from "~/lib/platform/form-result";

/**
 * Review of a page draft in the page editor (docs/decisions/071), the twin of the posts'
 * panel (066). An author sees where the draft stands and sends it ("Send til godkjenning")
 * or takes it back; an editor or owner sees who sent it and "Send tilbake" with a required
 * comment; publishing it is the editor's own "Publiser". The server decides who may do what.
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
  const busy = useNavigation().state !== "idle";
  if (!review && canPublish && !notice) return null;
  const status = review?.status;
  return (
    <section className="admin-panel post-review" aria-labelledby="page-review-heading" data-testid="page-review">
      <h2 id="page-review-heading">
        Godkjenning
        {status ? (
          <span className={`badge badge-review-${status}`} data-testid="review-status">
            {PAGE_REVIEW_LABELS[status]}
          </span>
        ) : null}
      </h2>
      <FormNotice data={notice} />
      {status === "returned" ? (
        <>
          <p>{review!.reviewedBy ?? "En redaktør"} sendte utkastet tilbake med denne kommentaren:</p>
          <blockquote className="review-comment" data-testid="review-comment">
            {(review!.comment ?? "")
              .split(/\r?\n/)
              .map((line, index) => (line.trim() ? <p key={index}>{line}</p> : null))}
          </blockquote>
        </>
      ) : null}
      {status === "submitted" && canPublish ? (
        <>
          <p>
            {review!.submittedBy} sendte utkastet til godkjenning {review!.submittedAt}. Se det i forhåndsvisningen, og
            publiser det nederst, eller send det tilbake med en kommentar.
          </p>
          <SendBackForm actionData={resultFor("send-back", actionData)} />
        </>
      ) : null}
      {status === "submitted" && !canPublish ? (
        <>
          <p>
            Sendt av {review!.submittedBy} {review!.submittedAt}. En redaktør ser på utkastet. Lagrer du endringer nå,
            blir det et utkast igjen, og du må sende det på nytt.
          </p>
          {/* Nothing is removed: the draft stays, so no confirmation. */}
          <Form method="post" className="inline-form">
            <input type="hidden" name="intent" value="withdraw" />
            <button type="submit" className="button button-small button-ghost" disabled={busy}>
              Trekk tilbake
            </button>
          </Form>
        </>
      ) : null}
      {status !== "submitted" && !canPublish ? (
        hasDraft ? (
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
        )
      ) : null}
    </section>
  );
}

function SendBackForm({ actionData }: { actionData?: FormResult }) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm("send-back", pageReturnSchema, { lastResult: actionData?.result });
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
