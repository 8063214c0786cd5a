import { getFormProps } from "@conform-to/react";
import { useSchemaForm } from "~/components/use-schema-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { useIsPending } from "~/components/forms/use-is-pending";
import { TextField } from "~/components/forms/fields";
import { FormNotice } from "~/components/form-notice";
import { forgotPasswordSchema, RESET_REQUESTED_MESSAGE } from "~/lib/auth/account-forms";
import { requestPasswordReset } from "~/lib/auth/password-reset.server";
import { requestMeta } from "~/lib/auth/session.server";
import { getDb } from "~/lib/platform/db.server";
import { clientIpOf } from "~/lib/platform/request-context";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/login.forgot-password";

/**
 * /login/forgot-password: asks for the address and always answers the same, whether or
 * not an account has it (decision 013). English, like /login.
 */
export const meta: Route.MetaFunction = () => staffMeta("Forgot password");

const TOO_MANY = "Too many requests. Please wait a few minutes and try again.";

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), message: null, error: null }, 400);
  const result = await requestPasswordReset(getDb(), submission.value.email, requestMeta(request, clientIpOf(context)));
  if (result.kind === "throttled") {
    return data(
      { result: submission.reply(), message: null, error: TOO_MANY },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  return { result: submission.reply({ resetForm: true }), message: RESET_REQUESTED_MESSAGE, error: null };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useIsPending();
  const [form, fields] = useSchemaForm("forgot-password-form", forgotPasswordSchema, {
    lastResult: actionData?.result,
  });
  return (
    <section className="auth-page">
      <div className="auth-card">
        <p className="eyebrow">Staff only</p>
        <h1>Forgot your password?</h1>
        <p className="auth-lead">Enter your staff e-mail address and we will send you a link to set a new password.</p>
        <FormNotice data={actionData} />
        <Form method="post" {...getFormProps(form)} className="auth-form">
          <TextField field={fields.email} label="Email" type="email" autoComplete="username" />
          <button type="submit" className="button button-coral" disabled={busy}>
            {busy ? "Sending..." : "Send link"}
          </button>
        </Form>
        <p>
          <Link to="/login">Back to sign-in</Link>
        </p>
      </div>
    </section>
  );
}
