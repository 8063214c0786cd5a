import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useSchemaForm } from "~/components/use-schema-form";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { TextField } from "~/components/forms/fields";
import { useIsPending } from "~/components/forms/use-is-pending";
import type { invitationPasswordSchema } from "~/lib/auth/account-forms";

/**
 * "Choose a password", typed twice, on the pages a one-time link opens (the invitation,
 * the password reset). The token travels in a hidden field; the schema (and its
 * language) is the page's.
 */
export type NewPasswordTexts = { password: string; confirm: string; submit: string; busy: string; hint: string };

export function NewPasswordForm({
  token,
  schema,
  texts,
  lastResult,
  children,
}: {
  token: string;
  schema: typeof invitationPasswordSchema;
  texts: NewPasswordTexts;
  lastResult?: SubmissionResult<string[]>;
  children?: ReactNode;
}) {
  const busy = useIsPending();
  const [form, fields] = useSchemaForm("new-password-form", schema, { lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="auth-form">
      <input type="hidden" name="token" value={token} />
      {children}
      <TextField field={fields.password} label={texts.password} type="password" autoComplete="new-password" />
      <TextField field={fields.confirm} label={texts.confirm} type="password" autoComplete="new-password" />
      <p className="auth-hint">{texts.hint}</p>
      <button type="submit" className="button button-coral" disabled={busy}>
        {busy ? texts.busy : texts.submit}
      </button>
    </Form>
  );
}
