import { useId } from "react";
import { data, Form, useNavigation } from "react-router";
import { Notice, PasswordField, RecoveryCodeList, SettingsHeading } from "~/components/settings/settings-ui";
import { needsPassword, readForm, reauthRefusal, settingsRequest } from "~/lib/auth/settings-page.server";
import { createRecoveryCodes } from "~/lib/auth/two-step.server";
import { factorStatus } from "~/lib/auth/mfa.server";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.settings.recovery-codes";

/** /admin/settings/recovery-codes: ten new recovery codes (the old ones stop working), after the password. */
export const meta: Route.MetaFunction = () => staffMeta("Recovery codes");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, db } = await settingsRequest(request, context);
  const factor = await factorStatus(db, session.userId);
  return { codesLeft: factor ? factor.recoveryCodesLeft : null, needsPassword: needsPassword(session) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, db, meta } = await settingsRequest(request, context);
  const field = await readForm(request);
  const result = await createRecoveryCodes(db, session, { password: field("password") || undefined }, meta);
  const reply = (body: { error?: string; recoveryCodes?: string[] }, status = 200) =>
    data({ ...body, needsPassword: needsPassword(session) }, { status });
  switch (result.kind) {
    case "reauth": {
      const { status, error } = reauthRefusal(result.outcome);
      return reply({ error }, status);
    }
    case "not-on":
      return reply({ error: "Two-step verification is off, so there are no recovery codes." }, 409);
    case "created":
      return reply({ recoveryCodes: result.recoveryCodes });
  }
}

export default function RecoveryCodes({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const headingId = useId();
  const codes = actionData?.recoveryCodes;
  return (
    <>
      <SettingsHeading />
      <section className="admin-panel" aria-labelledby={headingId}>
        <h2 id={headingId}>Recovery codes</h2>
        {codes ? (
          <div role="status">
            <p>
              <strong>New recovery codes.</strong> The old ones no longer work. Save these somewhere safe; they are not
              shown again.
            </p>
            <RecoveryCodeList codes={codes} />
          </div>
        ) : (
          <>
            <Notice notice={actionData} />
            {loaderData.codesLeft === null ? (
              <p>Two-step verification is off, so there are no recovery codes.</p>
            ) : (
              <>
                <p>{loaderData.codesLeft} recovery codes left. New codes replace all the old ones, used or not.</p>
                <Form method="post" className="inline-form">
                  <PasswordField needed={actionData?.needsPassword ?? loaderData.needsPassword} />
                  <button type="submit" className="button button-small" disabled={busy}>
                    Make new recovery codes
                  </button>
                </Form>
              </>
            )}
          </>
        )}
      </section>
    </>
  );
}
