import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect } from "react-router";
import { useIsPending } from "~/components/forms/use-is-pending";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { TextField } from "~/components/forms/fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { RedirectAfterSignIn } from "~/components/redirect-after-sign-in";
import { PasskeyButton } from "~/components/passkey-button";
import { PASSKEY_MESSAGES } from "~/lib/auth/passkey-forms";
import { hasPasskey } from "~/lib/auth/passkeys.server";
import { factorStatus } from "~/lib/auth/mfa.server";
import { useState } from "react";
import { siteConfig } from "~/content/site";
import { currentStaff } from "~/lib/auth/guard.server";
import { clearSessionCookie, requestMeta } from "~/lib/auth/session.server";
import { LOGIN_MESSAGES, SECOND_STEP_MESSAGES, secondStepSchema } from "~/lib/auth/sign-in-forms";
import { verifySecondStep } from "~/lib/auth/two-step.server";
import { getDb } from "~/lib/platform/db.server";
import { clientIpOf } from "~/lib/platform/request-context";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/login.mfa";

export const meta: Route.MetaFunction = () => staffMeta("Two-step verification");

// As on /login: no reload after the code is accepted, so the success message stays a second.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export async function loader({ context }: Route.LoaderArgs) {
  const session = await currentStaff(context);
  if (!session) throw redirect("/login");
  if (!session.mfaPending) throw redirect("/admin");
  // Which second steps the account has: a code from the app, a passkey (decision 065), or both.
  const db = getDb();
  return { code: Boolean(await factorStatus(db, session.userId)), passkey: await hasPasskey(db, session.userId) };
}

type ActionResult = { ok: boolean; message?: string; result: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const session = await currentStaff(context);
  if (!session) throw redirect("/login");
  const submission = parseWithZod(await request.formData(), { schema: secondStepSchema });
  const reply = (body: { ok: boolean; message?: string }, init: number | ResponseInit = 200) =>
    data<ActionResult>({ ...body, result: submission.reply({ resetForm: body.ok }) }, init);
  // An empty field spends none of the account's code budget.
  if (submission.status !== "success") return reply({ ok: false }, 400);
  // Within the account's code budget: the fifth wrong code in 15 minutes ends the sign-in.
  const meta = requestMeta(request, clientIpOf(context));
  const result = await verifySecondStep(getDb(), session, submission.value.code, meta, "sign-in");
  switch (result.kind) {
    case "exhausted": {
      const headers = { "Set-Cookie": await clearSessionCookie(), "Retry-After": String(result.retryAfterSeconds) };
      return reply({ ok: false, message: LOGIN_MESSAGES.tooManyCodes }, { status: 429, headers });
    }
    case "ended":
      throw redirect("/login", { headers: { "Set-Cookie": await clearSessionCookie() } });
    case "invalid":
      return reply({ ok: false, message: SECOND_STEP_MESSAGES.invalid }, 401);
    case "verified":
      // The session continues under a new token; the one used until now no longer works.
      return reply({ ok: true, message: LOGIN_MESSAGES.success }, { headers: { "Set-Cookie": result.cookie } });
  }
}

export default function SecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending({ state: "submitting" });
  const [passkey, setPasskey] = useState<{ ok: boolean; text: string } | null>(null);
  const done = actionData?.ok === true || passkey?.ok === true;
  const message = passkey ? passkey.text : actionData?.message;
  const [form, fields] = useSchemaForm("second-step-form", secondStepSchema, { lastResult: actionData?.result });
  return (
    <section className="auth-page">
      <div className="auth-card">
        <p className="eyebrow">Two-step verification</p>
        <h1>{loaderData.code ? "Enter your code" : "Use your passkey"}</h1>
        <p className="auth-lead">
          {loaderData.code
            ? `Open your authenticator app and enter the 6-digit code for ${siteConfig.brand}.`
            : "Confirm it is you with a passkey on this device or your phone."}
        </p>
        {message ? (
          <p className={`auth-message ${done ? "success" : "error"}`} role={done ? "status" : "alert"}>
            {message}
          </p>
        ) : null}
        {done ? <RedirectAfterSignIn /> : null}
        {loaderData.code ? (
          <Form method="post" {...getFormProps(form)} className="auth-form">
            <TextField
              field={fields.code}
              label="Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              disabled={busy || done}
            />
            <button type="submit" className="button button-coral" disabled={busy || done}>
              {busy ? "Checking..." : "Verify"}
            </button>
          </Form>
        ) : null}
        {loaderData.passkey ? (
          <PasskeyButton
            action="/login/mfa/passkey"
            label={PASSKEY_MESSAGES.secondStepButton}
            cancelled={PASSKEY_MESSAGES.secondStepFailed}
            onDone={setPasskey}
            disabled={busy || done}
          />
        ) : null}
        {loaderData.code ? <p className="auth-hint">Lost your phone? A recovery code works here too.</p> : null}
      </div>
    </section>
  );
}
