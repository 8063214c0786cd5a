import { data, Form, Link } from "react-router";
import type { TokenState } from "~/lib/auth/account-tokens.server";
import { checkEmailChange, confirmEmailChange } from "~/lib/auth/profile.server";
import { requestMeta } from "~/lib/auth/session.server";
import { getDb } from "~/lib/platform/db.server";
import { clientIpOf } from "~/lib/platform/request-context";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/login.confirm-email";

/**
 * /login/confirm-email?token=…: the link sent to a new address. The button changes it
 * (a button, so a mail scanner that follows links changes nothing). Staff copy, bokmål.
 */
export const meta: Route.MetaFunction = () => staffMeta("Bekreft e-postadresse");

const DEAD: Record<Exclude<TokenState, "valid"> | "taken", string> = {
  used: "Denne lenken er allerede brukt.",
  expired: "Denne lenken er utløpt (den virker i 24 timer). Be om en ny under Min profil.",
  unknown: "Denne lenken virker ikke. Bruk lenken i den nyeste e-posten.",
  taken: "En annen konto bruker allerede denne adressen.",
};

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const view = await checkEmailChange(getDb(), token);
  if (view.state !== "valid") return data({ token: "", newEmail: "", dead: DEAD[view.state] }, 410);
  return { token, newEmail: view.newEmail, dead: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get("token") ?? "").slice(0, 64);
  const result = await confirmEmailChange(getDb(), token, requestMeta(request, clientIpOf(context)));
  if (result.kind !== "changed") return data({ changed: null, dead: DEAD[result.kind] }, 410);
  return { changed: result.email, dead: null };
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const dead = actionData?.dead ?? loaderData.dead;
  return (
    <section className="auth-page">
      <div className="auth-card">
        <p className="eyebrow">Min profil</p>
        <h1>{actionData?.changed ? "E-postadressen er byttet" : "Bekreft ny e-postadresse"}</h1>
        {actionData?.changed ? (
          <p className="auth-message success" role="status">
            Kontoen bruker nå {actionData.changed}. Logg inn med den adressen fra nå av.
          </p>
        ) : dead ? (
          <p className="auth-message error" role="alert">
            {dead}
          </p>
        ) : (
          <Form method="post" className="auth-form">
            <p>
              Kontoen din skal bruke <strong>{loaderData.newEmail}</strong>.
            </p>
            <input type="hidden" name="token" value={loaderData.token} />
            <button type="submit" className="button button-coral">
              Bekreft adressen
            </button>
          </Form>
        )}
        <p>
          <Link to="/admin">Til bakrommet</Link>
        </p>
      </div>
    </section>
  );
}
