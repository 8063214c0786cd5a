import { clientIpOf } from "~/lib/platform/request-context";
import { useId } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { RedirectAfterSignIn } from "~/components/redirect-after-sign-in";
import { siteConfig } from "~/content/site";
import { verifySecondStep } from "~/lib/auth/two-step.server";
import { getDb } from "~/lib/platform/db.server";
import { currentStaff } from "~/lib/auth/guard.server";
import { LOGIN_MESSAGES } from "~/lib/auth/login.server";
import { clearSessionCookie, requestMeta } from "~/lib/auth/session.server";
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
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await currentStaff(context);
  if (!session) throw redirect("/login");
  const code = String((await request.formData()).get("code") ?? "").slice(0, 32);
  const meta = requestMeta(request, clientIpOf(context));
  // Within the account's code budget: the fifth wrong code in 15 minutes ends the sign-in.
  const result = await verifySecondStep(getDb(), session, code, meta, "sign-in");
  switch (result.kind) {
    case "exhausted":
      return data(
        { ok: false, message: LOGIN_MESSAGES.tooManyCodes },
        {
          status: 429,
          headers: { "Set-Cookie": clearSessionCookie(), "Retry-After": String(result.retryAfterSeconds) },
        },
      );
    case "ended":
      throw redirect("/login", { headers: { "Set-Cookie": clearSessionCookie() } });
    case "invalid":
      return data(
        { ok: false, message: "That code did not work. Enter the current code from your app, or a recovery code." },
        401,
      );
    case "verified":
      // The session continues under a new token; the one used until now no longer works.
      return data({ ok: true, message: LOGIN_MESSAGES.success }, { headers: { "Set-Cookie": result.cookie } });
  }
}

export default function SecondFactor({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const id = useId();
  return (
    <section className="auth-page">
      <div className="auth-card">
        <p className="eyebrow">Two-step verification</p>
        <h1>Enter your code</h1>
        <p className="auth-lead">Open your authenticator app and enter the 6-digit code for {siteConfig.name}.</p>
        {actionData ? (
          <p
            className={`auth-message ${actionData.ok ? "success" : "error"}`}
            role={actionData.ok ? "status" : "alert"}
          >
            {actionData.message}
          </p>
        ) : null}
        {actionData?.ok ? <RedirectAfterSignIn /> : null}
        <Form method="post" className="auth-form">
          <label htmlFor={id}>Code</label>
          <input
            id={id}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            disabled={busy || actionData?.ok}
          />
          <button type="submit" className="button button-coral" disabled={busy || actionData?.ok}>
            {busy ? "Checking..." : "Verify"}
          </button>
        </Form>
        <p className="auth-hint">Lost your phone? A recovery code works here too.</p>
      </div>
    </section>
  );
}
