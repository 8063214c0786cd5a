import { getFormProps, getInputProps } from "@conform-to/react";
import { useSchemaForm } from "~/components/use-schema-form";
import { Form, useNavigation } from "react-router";
import { FieldError } from "~/components/field-error";
import { FormNotice } from "~/components/form-notice";
import type { FormResult } from "~/lib/platform/form-result";
import { emailChangeSchema, profileSchema } from "~/lib/auth/account-forms";

/** The own-profile page's two forms: the name, and a new e-mail address (with the current password). */
export function ProfileNameForm({ fullName, actionData }: { fullName: string; actionData?: FormResult }) {
  const mine = actionData?.intent === "profile" ? actionData : undefined;
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm("profile-form", profileSchema, { lastResult: mine?.result, defaultValue: { fullName } });
  return (
    <Form method="post" {...getFormProps(form)} className="stack-form">
      <input type="hidden" name="intent" value="profile" />
      <label htmlFor={fields.fullName.id}>Fullt navn</label>
      <input {...getInputProps(fields.fullName, { type: "text" })} key={fields.fullName.key} autoComplete="name" />
      <FieldError id={fields.fullName.errorId} errors={fields.fullName.errors} />
      <div>
        <button type="submit" className="button button-small" disabled={busy}>
          Lagre navnet
        </button>
      </div>
      <FormNotice data={mine} />
    </Form>
  );
}

export function EmailChangeForm({ actionData }: { actionData?: FormResult }) {
  const mine = actionData?.intent === "email" ? actionData : undefined;
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm("email-change-form", emailChangeSchema, { lastResult: mine?.result });
  return (
    <Form method="post" {...getFormProps(form)} className="stack-form">
      <input type="hidden" name="intent" value="email" />
      <label htmlFor={fields.email.id}>Ny e-postadresse</label>
      <input {...getInputProps(fields.email, { type: "email" })} key={fields.email.key} autoComplete="email" />
      <FieldError id={fields.email.errorId} errors={fields.email.errors} />
      <label htmlFor={fields.password.id}>Nåværende passord</label>
      <input
        {...getInputProps(fields.password, { type: "password" })}
        key={fields.password.key}
        autoComplete="current-password"
      />
      <FieldError id={fields.password.errorId} errors={fields.password.errors} />
      <div>
        <button type="submit" className="button button-small" disabled={busy}>
          Send bekreftelseslenke
        </button>
      </div>
      <FormNotice data={mine} />
    </Form>
  );
}
