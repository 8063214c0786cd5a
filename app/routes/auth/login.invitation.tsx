import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { NewPasswordForm } from "~/components/auth/new-password-form";
import { invitationPasswordSchema } from "~/lib/auth/account-forms";
import { acceptInvitation, checkInvitation, type InvitationView } from "~/lib/auth/invitation.server";
import { requestMeta, setCookieHeaders } from "~/lib/auth/session.server";
import { getDb } from "~/lib/platform/db.server";
import { clientIpOf } from "~/lib/platform/request-context";
import { isWellFormedToken } from "~/lib/platform/tokens.server";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/login.invitation";

/**
 * /login/invitation?token=…: the link in a colleague's invitation e-mail. They choose a
 * password and land on the dashboard, signed in. Staff copy, in bokmål like the e-mail.
 */
export const meta: Route.MetaFunction = () => staffMeta("Invitasjon");

type Dead = Exclude<InvitationView["state"], "valid">;
const DEAD: Record<Dead, string> = {
  used: "Denne invitasjonen er allerede brukt. Logg inn med passordet du valgte, eller bruk «Glemt passord?».",
  expired: "Denne invitasjonen er utløpt (lenken virker i 72 timer). Be en kollega om å sende den på nytt.",
  unknown: "Denne lenken virker ikke. Den kan være erstattet av en nyere invitasjon; bruk lenken i den siste e-posten.",
  disabled: "Denne kontoen er deaktivert. Snakk med en kollega.",
};

const statusOf = (state: Dead) => (state === "unknown" || state === "disabled" ? 404 : 410);

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const view = await checkInvitation(getDb(), token);
  if (view.state !== "valid") return data({ token: "", view, dead: DEAD[view.state] }, statusOf(view.state));
  return { token, view, dead: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: invitationPasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password", "confirm"] }), dead: null }, 400);
  }
  const { token, password } = submission.value;
  if (!isWellFormedToken(token)) return data({ result: submission.reply(), dead: DEAD.unknown }, 404);
  const result = await acceptInvitation(getDb(), token, password, requestMeta(request, clientIpOf(context)));
  switch (result.kind) {
    case "accepted":
      throw redirect("/admin", { status: 303, headers: setCookieHeaders(result.cookies) });
    case "invalid-password":
      return data({ result: submission.reply({ fieldErrors: { password: [result.message] } }), dead: null }, 400);
    default:
      return data({ result: submission.reply(), dead: DEAD[result.kind] }, statusOf(result.kind));
  }
}

export default function Invitation({ loaderData, actionData }: Route.ComponentProps) {
  const dead = actionData?.dead ?? loaderData.dead;
  const { view } = loaderData;
  return (
    // Bokmål in an English document: the sign-in pages around it, and its header, are English.
    <section className="auth-page" lang="nb">
      <div className="auth-card">
        <p className="eyebrow">Invitasjon</p>
        <h1>{dead ? "Lenken virker ikke" : "Velkommen til teamet"}</h1>
        {dead || view.state !== "valid" ? (
          <>
            <p className="auth-message error" role="alert">
              {dead}
            </p>
            <p>
              <Link to="/login">Til innloggingen</Link>
            </p>
          </>
        ) : (
          <>
            <p className="auth-lead">
              Hei {view.fullName || view.email}! Velg et passord for <strong>{view.email}</strong>, så er du logget inn.
            </p>
            <NewPasswordForm
              token={loaderData.token}
              schema={invitationPasswordSchema}
              lastResult={actionData?.result}
              texts={{
                password: "Passord",
                confirm: "Passordet en gang til",
                submit: "Lagre og logg inn",
                busy: "Lagrer...",
                hint: "Minst 12 tegn. En lang setning er lettest å huske.",
              }}
            >
              {/* For password managers: the account the new password belongs to. */}
              <input type="hidden" name="username" autoComplete="username" value={view.email} />
            </NewPasswordForm>
          </>
        )}
      </div>
    </section>
  );
}
