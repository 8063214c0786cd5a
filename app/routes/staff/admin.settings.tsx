import { Link } from "react-router";
import { PasswordSection } from "~/components/settings/password-section";
import { SessionsSection } from "~/components/settings/sessions-section";
import { SettingsHeading } from "~/components/settings/settings-ui";
import { TwoStepSection, type TwoStepView } from "~/components/settings/two-step-section";
import { PasskeysSection } from "~/components/settings/passkeys-section";
import { listPasskeys } from "~/lib/auth/passkeys.server";
import { needsPassword, settingsRequest } from "~/lib/auth/settings-page.server";
import { factorStatus } from "~/lib/auth/mfa.server";
import { staffMeta } from "~/lib/site/seo";
import { sessionRows } from "~/lib/auth/session-list.server";
import type { Route } from "./+types/admin.settings";

/**
 * /admin/settings: the overview. Each form posts to the page of its own intent
 * (/admin/settings/two-step/enrol, …/two-step/disable, …/recovery-codes, …/password,
 * …/sessions), which shows the result; the rules live in app/lib/auth.
 */
export const meta: Route.MetaFunction = () => staffMeta("Innstillinger");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, db } = await settingsRequest(request, context);
  const factor = await factorStatus(db, session.userId);
  const sessions = await sessionRows(db, session);
  const twoStep: TwoStepView = factor ? { state: "on", recoveryCodesLeft: factor.recoveryCodesLeft } : { state: "off" };
  return {
    twoStep,
    passkeys: await listPasskeys(db, session.userId),
    needsPassword: needsPassword(session),
    sessions,
    fullName: session.fullName,
    email: session.email,
  };
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading backLink={false} />
      <section className="admin-panel" aria-labelledby="profile-heading">
        <h2 id="profile-heading">Min profil</h2>
        <p>
          {loaderData.fullName || "Uten navn"} · {loaderData.email}
        </p>
        <Link className="button button-small button-ghost" to="/admin/settings/profile">
          Endre navn eller e-post
        </Link>
      </section>
      <section className="admin-panel" aria-labelledby="studio-heading">
        <h2 id="studio-heading">Studioets detaljer</h2>
        <p>Navn, e-post, adresse, organisasjonsnummer og lenker som nettstedet og e-postene viser.</p>
        <Link className="button button-small button-ghost" to="/admin/settings/studio">
          Endre studioets detaljer
        </Link>
      </section>
      <TwoStepSection view={loaderData.twoStep} needsPassword={loaderData.needsPassword} />
      <PasskeysSection passkeys={loaderData.passkeys} needsPassword={loaderData.needsPassword} />
      <SessionsSection sessions={loaderData.sessions} />
      <PasswordSection />
    </>
  );
}
