import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FieldError } from "~/components/field-error";
import { FormNotice } from "~/components/form-notice";
import { useSchemaForm } from "~/components/use-schema-form";
import { PASSWORD_HINT, passwordChangeSchema } from "~/lib/auth/settings-forms";
import type { FormResult } from "~/lib/platform/form-result";

export const PASSWORD_PATH = "/admin/settings/password";

/** "Change password": always with the current password. */
export function PasswordSection({ actionData }: { actionData?: FormResult | null }) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useSchemaForm("password-form", passwordChangeSchema, { lastResult: actionData?.result });
  return (
    <section className="admin-panel" aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      <p>{PASSWORD_HINT}</p>
      <FormNotice data={actionData ?? undefined} />
      <Form method="post" action={PASSWORD_PATH} {...getFormProps(form)} className="stack-form">
        <label htmlFor={fields.current.id}>Current password</label>
        <input
          {...getInputProps(fields.current, { type: "password" })}
          key={fields.current.key}
          autoComplete="current-password"
        />
        <FieldError id={fields.current.errorId} errors={fields.current.errors} />
        <label htmlFor={fields.next.id}>New password</label>
        <input
          {...getInputProps(fields.next, { type: "password" })}
          key={fields.next.key}
          autoComplete="new-password"
        />
        <FieldError id={fields.next.errorId} errors={fields.next.errors} />
        <label htmlFor={fields.confirm.id}>New password again</label>
        <input
          {...getInputProps(fields.confirm, { type: "password" })}
          key={fields.confirm.key}
          autoComplete="new-password"
        />
        <FieldError id={fields.confirm.errorId} errors={fields.confirm.errors} />
        <button type="submit" className="button button-small" disabled={busy}>
          Change password
        </button>
      </Form>
    </section>
  );
}
