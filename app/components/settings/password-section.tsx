import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { TextField } from "~/components/forms/fields";
import { useIsPending } from "~/components/forms/use-is-pending";
import { FormNotice } from "~/components/form-notice";
import { useSchemaForm } from "~/components/use-schema-form";
import { PASSWORD_HINT, passwordChangeSchema } from "~/lib/auth/settings-forms";
import type { FormResult } from "~/lib/platform/form-result";

export const PASSWORD_PATH = "/admin/settings/password";

/** "Bytt passord": always with the current password. */
export function PasswordSection({ actionData }: { actionData?: FormResult | null }) {
  const busy = useIsPending({ action: PASSWORD_PATH, state: "submitting" });
  const [form, fields] = useSchemaForm("password-form", passwordChangeSchema, { lastResult: actionData?.result });
  return (
    <section className="admin-panel" aria-labelledby="password-heading">
      <h2 id="password-heading">Bytt passord</h2>
      <p>{PASSWORD_HINT}</p>
      <FormNotice data={actionData ?? undefined} />
      <Form method="post" action={PASSWORD_PATH} {...getFormProps(form)} className="stack-form">
        <TextField field={fields.current} label="Nåværende passord" type="password" autoComplete="current-password" />
        <TextField field={fields.next} label="Nytt passord" type="password" autoComplete="new-password" />
        <TextField field={fields.confirm} label="Nytt passord igjen" type="password" autoComplete="new-password" />
        <button type="submit" className="button button-small" disabled={busy}>
          Bytt passord
        </button>
      </Form>
    </section>
  );
}
