import { getFormProps } from "@conform-to/react";
import { useSchemaForm } from "~/components/use-schema-form";
import { Form } from "react-router";
import { TextField } from "~/components/forms/fields";
import { useIsPending } from "~/components/forms/use-is-pending";
import { FormNotice } from "~/components/form-notice";
import type { FormResult } from "~/lib/platform/form-result";
import { emailChangeSchema, profileSchema } from "~/lib/auth/account-forms";

/** The own-profile page's two forms: the name, and a new e-mail address (with the current password). */
export function ProfileNameForm({ fullName, actionData }: { fullName: string; actionData?: FormResult }) {
  const mine = actionData?.intent === "profile" ? actionData : undefined;
  const busy = useIsPending({ intent: "profile" });
  const [form, fields] = useSchemaForm("profile-form", profileSchema, { lastResult: mine?.result, defaultValue: { fullName } });
  return (
    <Form method="post" {...getFormProps(form)} className="stack-form">
      <input type="hidden" name="intent" value="profile" />
      <TextField field={fields.fullName} label="Fullt navn" autoComplete="name" />
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
  const busy = useIsPending({ intent: "email" });
  const [form, fields] = useSchemaForm("email-change-form", emailChangeSchema, { lastResult: mine?.result });
  return (
    <Form method="post" {...getFormProps(form)} className="stack-form">
      <input type="hidden" name="intent" value="email" />
      <TextField field={fields.email} label="Ny e-postadresse" type="email" autoComplete="email" />
      <TextField field={fields.password} label="Nåværende passord" type="password" autoComplete="current-password" />
      <div>
        <button type="submit" className="button button-small" disabled={busy}>
          Send bekreftelseslenke
        </button>
      </div>
      <FormNotice data={mine} />
    </Form>
  );
}
