import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { NewPasswordForm } from "~/components/auth/new-password-form";
import { resetPasswordSchema } from "~/lib/auth/account-forms";
import type { TokenState } from "~/lib/auth/account-tokens.server";
import { checkResetToken, resetPassword } from "~/lib/auth/password-reset.server";
import { clearSessionCookie, requestMeta } from "~/lib/auth/session.server";
import { getDb } from "~/lib/platform/db.server";
import { clientIpOf } from "~/lib/platform/request-context";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/login.reset-password";

/**
 * /login/reset-password?token=…: the link from "Forgot password?". A new password ends
 * every session of the account; the person then signs in at /login as usual (with their
 * second factor, if they have one). English, like /login.
 */
export const meta: Route.MetaFunction = () => staffMeta("Set a new password");

type Dead = Exclude<TokenState, "valid">;
const DEAD: Record<Dead, string> = {
  used: "This link has already been used. Sign in with your new password, or ask for another link.",
  expired: "This link has expired (it works for 30 minutes). Ask for a new one.",
  unknown: "This link does not work. If you asked more than once, use the link in the newest e-mail.",
};
const statusOf = (state: Dead) => (state === "unknown" ? 404 : 410);

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const state = await checkResetToken(getDb(), token);
  if (state !== "valid") return data({ token: "", dead: DEAD[state] }, statusOf(state));
  return { token, dead: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirm"] }), dead: null, done: false }, 400);
  }
  const { token, password } = submission.value;
  const result = await resetPassword(getDb(), token, password, requestMeta(request, clientIpOf(context)));
  switch (result.kind) {
    case "reset":
      // This browser's own session (if any) ended with the others: drop its cookie too.
      return data(
        { result: submission.reply({ resetForm: true }), dead: null, done: true },
        { headers: { "Set-Cookie": await clearSessionCookie() } },
      );
    case "invalid-password":
      return data(
        { result: submission.reply({ fieldErrors: { password: [result.message] } }), dead: null, done: false },
        400,
      );
    default:
      return data({ result: submission.reply(), dead: DEAD[result.kind], done: false }, statusOf(result.kind));
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const dead = actionData?.dead ?? loaderData.dead;
  return (
    <section className="auth-page">
      <div className="auth-card">
        <p className="eyebrow">Staff only</p>
        <h1>{actionData?.done ? "Password changed" : dead ? "Link not valid" : "Set a new password"}</h1>
        {actionData?.done ? (
          <>
            <p className="auth-message success" role="status">
              Your new password is set, and every session of your account was signed out. Sign in with the new password.
            </p>
            <p>
              <Link className="button button-coral" to="/login">
                Sign in
              </Link>
            </p>
          </>
        ) : dead ? (
          <>
            <p className="auth-message error" role="alert">
              {dead}
            </p>
            <p>
              <Link to="/login/forgot-password">Ask for a new link</Link>
            </p>
          </>
        ) : (
          <NewPasswordForm
            token={loaderData.token}
            schema={resetPasswordSchema}
            lastResult={actionData?.result}
            texts={{
              password: "New password",
              confirm: "New password again",
              submit: "Set password",
              busy: "Saving...",
              hint: "At least 12 characters. A long phrase is easiest to remember.",
            }}
          />
        )}
      </div>
    </section>
  );
}
