import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { FormNotice } from "~/components/form-notice";
import { CheckboxField, TextareaField, TextField } from "~/components/forms/fields";
import { useIsPending } from "~/components/forms/use-is-pending";
import { useSchemaForm } from "~/components/use-schema-form";
import { replyTemplateSchema } from "~/lib/applications/application-forms";
import { REPLY_PLACEHOLDER_HINTS } from "~/lib/applications/reply-templates";
import { type FormResult, resultFor } from "~/lib/platform/form-result";

type Props = {
  /** "Avslag (engelsk)": what the browser's last question names. */
  label: string;
  text: { subject: string; body: string; version: number };
  actionData?: FormResult;
};

const placeholders = Object.entries(REPLY_PLACEHOLDER_HINTS)
  .map(([key, hint]) => `{${key}} (${hint})`)
  .join(", ");

/**
 * One stored "Svar" template (decision 064): subject and text, saved for every reply
 * after, so it is confirmed twice like the other changes (the ticked box without
 * JavaScript, the browser's question with it). The version it was read at goes along,
 * and the server refuses the save when a colleague saved since.
 */
export function ReplyTemplateForm({ label, text, actionData }: Props) {
  const mine = resultFor("save", actionData);
  const busy = useIsPending({ intent: "save" });
  const [form, fields] = useSchemaForm("reply-template-form", replyTemplateSchema, {
    lastResult: mine?.result,
    defaultValue: { subject: text.subject, body: text.body },
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="cms-form reply-template-form"
      onSubmit={(event) => {
        form.onSubmit(event);
        if (!event.defaultPrevented && !window.confirm(`Lagre malen «${label}» for alle nye svar?`)) {
          event.preventDefault();
        }
      }}
    >
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={text.version} />
      <TextField field={fields.subject} label="Emne" />
      <TextareaField field={fields.body} label="Tekst" rows={14} hint={`Fylles ut i hvert svar: ${placeholders}.`} />
      <CheckboxField field={fields.confirm} label="Nye svar med denne malen skal bruke teksten over" />
      <div>
        <button type="submit" className="button button-small" disabled={busy}>
          Lagre malen
        </button>
      </div>
      <FormNotice data={mine} />
    </Form>
  );
}
