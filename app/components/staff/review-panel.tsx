import { getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { useIsPending } from "~/components/forms/use-is-pending";
import type { z } from "zod";
import { FormNotice } from "~/components/form-notice";
import { TextareaField } from "~/components/forms/fields";
import { useSchemaForm } from "~/components/use-schema-form";
import type { FormResult } from "~/lib/platform/form-result";

type Status = "submitted" | "returned";

/**
 * "Godkjenning": review before publishing in an editor, for posts (decision 066) and page
 * drafts (071). The shell is one: the heading with the state, the last answer's notice,
 * a sent-back comment, and for something waiting either "Send tilbake" with a required
 * comment (an editor or owner) or "Trekk tilbake" (the one who sent it). What each says
 * ("innlegget", "utkastet") and what an author sees otherwise come from the caller
 * (post-review-panel.tsx, page-review-panel.tsx). The server decides who may do what.
 */
export function ReviewPanel({
  name,
  status,
  labels,
  notice,
  returned,
  sendBack,
  withdraw,
  children,
}: {
  /** "post-review" or "page-review": the section's test id and its heading's id. */
  name: string;
  status?: Status;
  labels: Record<Status, string>;
  /** The answer to the last review step (withdrawn, sent back, submitted). */
  notice?: FormResult;
  /** Sent back: the line before the reviewer's comment, the comment, and what follows it. */
  returned?: { intro: ReactNode; comment: string | null; after?: ReactNode } | null;
  /** Waiting, seen by a reviewer: who sent it and when, then "Send tilbake". */
  sendBack?: { intro: ReactNode; schema: CommentSchema; actionData?: FormResult };
  /** Waiting, seen by the one who sent it: where it stands, then "Trekk tilbake". */
  withdraw?: { intro: ReactNode };
  /** Below: an author's way to send it (or why they cannot publish themselves). */
  children?: ReactNode;
}) {
  const heading = `${name}-heading`;
  return (
    <section className="admin-panel post-review" aria-labelledby={heading} data-testid={name}>
      <h2 id={heading}>
        Godkjenning
        {status ? (
          <span className={`badge badge-review-${status}`} data-testid="review-status">
            {labels[status]}
          </span>
        ) : null}
      </h2>
      <FormNotice data={notice} />
      {returned ? (
        <>
          <p>{returned.intro}</p>
          <blockquote className="review-comment" data-testid="review-comment">
            {(returned.comment ?? "")
              .split(/\r?\n/)
              .map((line, index) => (line.trim() ? <p key={index}>{line}</p> : null))}
          </blockquote>
          {returned.after}
        </>
      ) : null}
      {sendBack ? (
        <>
          <p>{sendBack.intro}</p>
          <SendBackForm schema={sendBack.schema} actionData={sendBack.actionData} />
        </>
      ) : null}
      {withdraw ? <WithdrawForm intro={withdraw.intro} /> : null}
      {children}
    </section>
  );
}

/** The comment a reviewer sends back: required, with the domain's own messages and limit. */
type CommentSchema = z.ZodType<{ intent: "send-back"; comment: string }, { intent: "send-back"; comment: string }>;

function WithdrawForm({ intro }: { intro: ReactNode }) {
  const busy = useIsPending({ intent: "withdraw" });
  return (
    <>
      <p>{intro}</p>
      {/* Nothing is removed: it is a draft again, so no confirmation. */}
      <Form method="post" className="inline-form">
        <input type="hidden" name="intent" value="withdraw" />
        <button type="submit" className="button button-small button-ghost" disabled={busy}>
          Trekk tilbake
        </button>
      </Form>
    </>
  );
}

function SendBackForm({ schema, actionData }: { schema: CommentSchema; actionData?: FormResult }) {
  const busy = useIsPending({ intent: "send-back" });
  const [form, fields] = useSchemaForm("send-back", schema, { lastResult: actionData?.result });
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
