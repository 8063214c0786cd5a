import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { CheckboxField, TextField } from "~/components/forms/fields";
import { useIsPending } from "~/components/forms/use-is-pending";
import { useSchemaForm } from "~/components/use-schema-form";
import { scheduleSendSchema } from "~/lib/newsletter/schedule-forms";
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
  const cancelling = useIsPending({ intent: "cancel-schedule" });
  const busy = useIsPending({ intent: "schedule" });
  const [form, fields] = useSchemaForm("newsletter-schedule-form", scheduleSendSchema, {
    lastResult: actionData?.intent === "schedule" ? actionData.result : undefined,
  });
  const who = recipients === 1 ? "1 abonnent" : `${recipients.toLocaleString("nb-NO")} abonnenter`;
  return (
    <>
      {scheduled ? (
        <Form method="post" className="newsletter-actions">
          <p>
            Planlagt utsendelse: <strong>{scheduled}</strong>
          </p>
          <button type="submit" name="intent" value="cancel-schedule" className="button button-small button-ghost" disabled={cancelling}>
            Avbryt planlagt utsendelse
          </button>
        </Form>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="cms-form">
        <input type="hidden" name="intent" value="schedule" />
        <input type="hidden" name="expectedRecipients" value={recipients} />
        <TextField field={fields.send_at} type="datetime-local" label="Dato og klokkeslett (norsk tid)" />
        <CheckboxField
          field={fields.confirm}
          label={`Bekreft: send nyhetsbrevet til abonnentene på dette tidspunktet (nå ${who})`}
        />
        <div className="editor-actions">
          <button type="submit" className="button button-ghost" disabled={busy}>
            {scheduled ? "Flytt utsendelsen" : "Planlegg utsendelse"}
          </button>
        </div>
      </Form>
    </>
  );
}
