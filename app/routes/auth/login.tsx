import { clientIpOf } from "~/lib/platform/request-context";
import { useEffect, useId, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { RedirectAfterSignIn } from "~/components/redirect-after-sign-in";
import { siteConfig } from "~/content/site";
import { SIGNED_OUT_NOTICES, type SignedOutReason } from "~/lib/auth/settings-page.server";
import { DatabaseUnavailableError, getDb } from "~/lib/platform/db.server";
import { currentStaff } from "~/lib/auth/guard.server";
import { log } from "~/lib/platform/log.server";
import { LOGIN_MESSAGES, minutesLeft, signIn } from "~/lib/auth/login.server";
import { createSession, hasConfirmedFactor, requestMeta } from "~/lib/auth/session.server";
import { staffMeta } from "~/lib/site/seo";
import { isValidEmail } from "~/lib/platform/validation";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => staffMeta("Staff sign-in");

// After its own successful sign-in the page must not reload its loader: that would
// redirect at once and skip the second for which "Login successful! Redirecting..." must stay visible.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod === "POST" ? false : defaultShouldRevalidate;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await currentStaff(context).catch(() => null);
  if (session?.mfaPending) throw redirect("/login/mfa");
  if (session) throw redirect("/admin"); // already signed in: /login goes straight to the dashboard
  // After the server signed someone out for guessing (wrong codes, or a wrong password that locked the account).
  const reason = new URL(request.url).searchParams.get("signed-out");
  return {
    notice: reason && Object.hasOwn(SIGNED_OUT_NOTICES, reason) ? SIGNED_OUT_NOTICES[reason as SignedOutReason] : null,
  };
}

type ActionResult =
  | { status: "error"; message: string }
  | { status: "locked"; message: string; lockExpiresAt: string }
  | { status: "success"; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  const reply = (result: ActionResult, status = 200, headers?: HeadersInit) => data(result, { status, headers });
  if (!email || !password) return reply({ status: "error", message: LOGIN_MESSAGES.required }, 400);
  if (email.length > 254 || password.length > 1024)
    return reply({ status: "error", message: LOGIN_MESSAGES.invalid }, 401);
  // No account has such an address: refused before any query (a NUL, for one, would
  // make PostgreSQL fail the attempt's INSERT), with the same text as a wrong password.
  if (!isValidEmail(email)) return reply({ status: "error", message: LOGIN_MESSAGES.invalid }, 400);

  try {
    const db = getDb();
    const meta = requestMeta(request, clientIpOf(context));
    const result = await signIn(db, { email, password }, meta);
    switch (result.kind) {
      case "throttled":
        return reply({ status: "error", message: LOGIN_MESSAGES.tooMany }, 429);
      case "locked":
        return reply(
          {
            status: "locked",
            message: LOGIN_MESSAGES.locked(minutesLeft(result.lock)),
            lockExpiresAt: result.lock.lock_expires_at!,
          },
          423,
        );
      case "invalid":
        return reply({ status: "error", message: LOGIN_MESSAGES.invalid }, 401);
      case "success": {
        const needsSecondFactor = await hasConfirmedFactor(db, result.userId);
        const session = await createSession(db, result.userId, meta, { mfaVerified: !needsSecondFactor });
        if (needsSecondFactor) throw redirect("/login/mfa", { headers: { "Set-Cookie": session.cookie } });
        return reply({ status: "success", message: LOGIN_MESSAGES.success }, 200, { "Set-Cookie": session.cookie });
      }
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
  const busy = useNavigation().state === "submitting";
  const [email, setEmail] = useState("");
  const locked = useLockedUntil(actionData?.status === "locked" ? actionData.lockExpiresAt : undefined);
  const succeeded = actionData?.status === "success";
  const disabled = busy || locked || succeeded;
  const ids = { email: useId(), password: useId(), message: useId() };

  return (
    <section className="auth-page">
      <div className="auth-card">
        <p className="eyebrow">Staff only</p>
        <h1>{siteConfig.name} Admin</h1>
        <p className="auth-lead">Sign in to manage the blog, job listings and newsletter.</p>
        {actionData && !(actionData.status === "locked" && !locked) ? (
          <p
            id={ids.message}
            className={`auth-message ${actionData.status}`}
            role={actionData.status === "success" ? "status" : "alert"}
          >
            {actionData.message}
          </p>
        ) : null}
        {!actionData && loaderData?.notice ? (
          <p className="auth-message error" role="alert">
            {loaderData.notice}
          </p>
        ) : null}
        {succeeded ? <RedirectAfterSignIn /> : null}
        <Form method="post" className="auth-form" aria-describedby={actionData ? ids.message : undefined}>
          <label htmlFor={ids.email}>Email</label>
          <input
            id={ids.email}
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={disabled}
          />
          <label htmlFor={ids.password}>Password</label>
          <input
            id={ids.password}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            disabled={disabled}
          />
          <button type="submit" className="button button-coral" disabled={disabled}>
            {busy ? "Signing in..." : "Login"}
          </button>
        </Form>
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
