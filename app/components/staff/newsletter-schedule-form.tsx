import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FieldError } from "~/components/field-error";
import { scheduleSendSchema } from "~/lib/newsletter/schedule-forms";
import { schemaConstraint } from "~/lib/platform/form-constraints";
import type { FormResult } from "~/lib/platform/form-result";

/**
 * "Send senere" (decision 051): the send starts by itself at an Oslo date and time, with
 * the same confirmation as sending now. A planned send shows its time and can be called off.
 */
export function ScheduleSendForm({
  recipients,
  scheduled,
  actionData,
}: {
  recipients: number;
  /** "7. des. 2026 kl. 08:00" when a send is planned. */
  scheduled: string | null;
  actionData?: FormResult;
}) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "newsletter-schedule-form",
    lastResult: actionData?.intent === "schedule" ? actionData.result : undefined,
    constraint: schemaConstraint(scheduleSendSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: scheduleSendSchema }),
  });
  const who = recipients === 1 ? "1 abonnent" : `${recipients.toLocaleString("nb-NO")} abonnenter`;
  return (
    <>
      {scheduled ? (
        <Form method="post" className="newsletter-actions">
          <p>
            Planlagt utsendelse: <strong>{scheduled}</strong>
          </p>
          <button type="submit" name="intent" value="cancel-schedule" className="button button-small button-ghost" disabled={busy}>
            Avbryt planlagt utsendelse
          </button>
        </Form>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="cms-form">
        <input type="hidden" name="intent" value="schedule" />
        <input type="hidden" name="expectedRecipients" value={recipients} />
        <label htmlFor={fields.send_at.id}>Dato og klokkeslett (norsk tid)</label>
        <input {...getInputProps(fields.send_at, { type: "datetime-local" })} key={fields.send_at.key} />
        <FieldError id={fields.send_at.errorId} errors={fields.send_at.errors} />
        <label className="checkbox-label">
          <input {...getInputProps(fields.confirm, { type: "checkbox" })} key={fields.confirm.key} />
          Bekreft: send nyhetsbrevet til abonnentene på dette tidspunktet (nå {who})
        </label>
        <FieldError id={fields.confirm.errorId} errors={fields.confirm.errors} />
        <div className="editor-actions">
          <button type="submit" className="button button-ghost" disabled={busy}>
            {scheduled ? "Flytt utsendelsen" : "Planlegg utsendelse"}
          </button>
        </div>
      </Form>
    </>
  );
}
