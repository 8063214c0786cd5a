import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useId, useState } from "react";
import { data, Form, Link, redirect, useFetcher } from "react-router";
import { useIsPending } from "~/components/forms/use-is-pending";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { TextField } from "~/components/forms/fields";
import { useSchemaForm } from "~/components/use-schema-form";
import { RedirectAfterSignIn } from "~/components/redirect-after-sign-in";
import { PasskeyButton } from "~/components/passkey-button";
import { PASSKEY_MESSAGES, PASSKEY_SIGN_IN_PATH } from "~/lib/auth/passkey-forms";
import { siteConfig } from "~/content/site";
import { currentStaff } from "~/lib/auth/guard.server";
import { minutesLeft, signInWithPassword } from "~/lib/auth/login.server";
import { requestMeta, setCookieHeaders } from "~/lib/auth/session.server";
import { SIGNED_OUT_NOTICES, type SignedOutReason } from "~/lib/auth/settings-page.server";
import { endedNotice } from "~/lib/auth/session-end";
import { LOGIN_MESSAGES, signInSchema } from "~/lib/auth/sign-in-forms";
import { DatabaseUnavailableError, getDb } from "~/lib/platform/db.server";
import { log } from "~/lib/platform/log.server";
import { clientIpOf } from "~/lib/platform/request-context";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => staffMeta("Staff sign-in");

// After its own successful sign-in the page must not reload its loader: that would
// redirect at once and skip the second for which "Login successful! Redirecting..." must stay visible.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const session = await currentStaff(context).catch(() => null);
  if (session?.mfaPending) throw redirect("/login/mfa");
  if (session) throw redirect("/admin"); // already signed in: /login goes straight to the dashboard
  // After the server signed someone out for guessing (wrong codes, or a wrong password that locked the account).
  const reason = url.searchParams.get("signed-out");
  return {
    notice: reason && Object.hasOwn(SIGNED_OUT_NOTICES, reason) ? SIGNED_OUT_NOTICES[reason as SignedOutReason] : null,
    // A staff page found this browser's session ended elsewhere (guard.server.ts): why.
    ended: endedNotice(url.searchParams.get("ended")),
  };
}

/** What a sign-in attempt answered; `result` is the form's own state (Conform), the rest the page's message. */
type Outcome =
  | { status: "invalid-form" }
  | { status: "error"; message: string }
  | { status: "locked"; message: string; lockExpiresAt: string }
  | { status: "success"; message: string };
type ActionResult = Outcome & { result: SubmissionResult<string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: signInSchema });
  const reply = (outcome: Outcome, status: number, headers?: HeadersInit) =>
    data<ActionResult>({ ...outcome, result: submission.reply({ hideFields: ["password"] }) }, { status, headers });
  // The field says what is missing or wrong ("Please enter your email and password.").
  if (submission.status !== "success") return reply({ status: "invalid-form" }, 400);

  try {
    const result = await signInWithPassword(getDb(), submission.value, requestMeta(request, clientIpOf(context)));
    switch (result.kind) {
      case "throttled":
        return reply({ status: "error", message: LOGIN_MESSAGES.tooMany }, 429);
      case "locked": {
        const { lock } = result;
        return reply(
          { status: "locked", message: LOGIN_MESSAGES.locked(minutesLeft(lock)), lockExpiresAt: lock.lock_expires_at! },
          423,
        );
      }
      case "invalid":
        return reply({ status: "error", message: LOGIN_MESSAGES.invalid }, 401);
      case "signed-in":
        if (result.needsSecondFactor) throw redirect("/login/mfa", { headers: setCookieHeaders(result.cookies) });
        return reply({ status: "success", message: LOGIN_MESSAGES.success }, 200, setCookieHeaders(result.cookies));
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof DatabaseUnavailableError) {
      return reply({ status: "error", message: LOGIN_MESSAGES.notConfigured }, 503);
    }
    log.error("sign-in failed", { error });
    return reply({ status: "error", message: LOGIN_MESSAGES.unexpected }, 500);
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending({ state: "submitting" });
  const [email, setEmail] = useState("");
  const locked = useLockedUntil(actionData?.status === "locked" ? actionData.lockExpiresAt : undefined);
  // A passkey sign-in's answer (decision 065): it happens beside the form, not through it.
  const [passkey, setPasskey] = useState<{ ok: boolean; text: string } | null>(null);
  const succeeded = actionData?.status === "success" || passkey?.ok === true;
  const disabled = busy || locked || succeeded;
  const messageId = useId();
  const [form, fields] = useSchemaForm("sign-in-form", signInSchema, { lastResult: actionData?.result });
  // The attempt's answer; a form that failed its own checks says so at the fields instead.
  const message = passkey
    ? { status: passkey.ok ? "success" : "error", message: passkey.text }
    : actionData && "message" in actionData
      ? actionData
      : undefined;

  return (
    <section className="auth-page">
      <div className="auth-card">
        <p className="eyebrow">Staff only</p>
        <h1>{siteConfig.brand} Admin</h1>
        <p className="auth-lead">Sign in to manage the blog, job listings and newsletter.</p>
        {message && !(message.status === "locked" && !locked) ? (
          <p
            id={messageId}
            className={`auth-message ${message.status}`}
            role={message.status === "success" ? "status" : "alert"}
          >
            {message.message}
          </p>
        ) : null}
        {!actionData && loaderData?.notice ? (
          <p className="auth-message error" role="alert">
            {loaderData.notice}
          </p>
        ) : null}
        {!actionData && loaderData?.ended ? (
          <p className="auth-message notice" role="status">
            {loaderData.ended}
          </p>
        ) : null}
        {succeeded ? <RedirectAfterSignIn /> : null}
        <Form
          method="post"
          {...getFormProps(form)}
          className="auth-form"
          aria-describedby={message ? messageId : undefined}
        >
          <TextField
            field={fields.email}
            label="Email"
            type="email"
            autoComplete="username"
            onChange={(event) => setEmail(event.target.value)}
            disabled={disabled}
          />
          <TextField
            field={fields.password}
            label="Password"
            type="password"
            autoComplete="current-password"
            disabled={disabled}
          />
          <button type="submit" className="button button-coral" disabled={disabled}>
            {busy ? "Signing in..." : "Login"}
          </button>
        </Form>
        <PasskeyButton
          action={PASSKEY_SIGN_IN_PATH}
          label={PASSKEY_MESSAGES.signInButton}
          cancelled={PASSKEY_MESSAGES.signInCancelled}
          onDone={setPasskey}
          disabled={disabled}
        />
        <p className="auth-hint">
          <Link to="/login/forgot-password">Forgot password?</Link>
        </p>
      </div>
      {/* Away from the form: a tool for when sign-in fails, not a step of it. */}
      <DebugPanel email={email} />
    </section>
  );
}

/** True until the lock's expiry time; then the form comes back by itself. */
function useLockedUntil(lockExpiresAt: string | undefined) {
  const [expiredFor, setExpiredFor] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (!lockExpiresAt) return;
    const timer = setTimeout(() => setExpiredFor(lockExpiresAt), Math.max(0, Date.parse(lockExpiresAt) - Date.now()));
    return () => clearTimeout(timer);
  }, [lockExpiresAt]);
  return Boolean(lockExpiresAt) && expiredFor !== lockExpiresAt;
}

/** Non-secret facts that help staff understand why sign-in does not work. */
function DebugPanel({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<{ authConfigured: boolean; database: string; signedIn: boolean; lock: string }>();
  const panelId = useId();
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => fetcher.load(`/login/status?email=${encodeURIComponent(email)}`), 250);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload on open and when the e-mail changes
  }, [open, email]);
  return (
    <div className="debug">
      <button
        type="button"
        className="text-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        {open ? "Hide debug info" : "Show debug info"}
      </button>
      <dl id={panelId} className="debug-panel" hidden={!open}>
        <dt>Authentication configured</dt>
        <dd>{fetcher.data ? (fetcher.data.authConfigured ? "yes" : "no") : "…"}</dd>
        <dt>Database</dt>
        <dd>{fetcher.data?.database ?? "…"}</dd>
        <dt>Signed in</dt>
        <dd>{fetcher.data ? (fetcher.data.signedIn ? "yes" : "no") : "…"}</dd>
        <dt>Lock state{email ? ` for ${email}` : ""}</dt>
        <dd>{fetcher.data?.lock ?? "…"}</dd>
      </dl>
    </div>
  );
}
