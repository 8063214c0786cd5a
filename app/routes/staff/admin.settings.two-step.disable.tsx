import { data } from "react-router";
import { SettingsHeading } from "~/components/settings/settings-ui";
import { TwoStepSection, type TwoStepView } from "~/components/settings/two-step-section";
import { needsPassword, readForm, reauthRefusal, settingsRequest, signedOut } from "~/lib/auth/settings-page.server";
import { turnOffTwoStep } from "~/lib/auth/two-step.server";
import type { Database } from "~/lib/platform/db.server";
import { factorStatus } from "~/lib/auth/mfa.server";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.settings.two-step.disable";

/**
 * /admin/settings/two-step/disable: turning two-step verification off needs the password
 * (unless entered in the last 5 minutes) and a current code, within the account's code
 * budget: the fifth wrong code in 15 minutes signs the session out (to /login).
 */
export const meta: Route.MetaFunction = () => staffMeta("Turn off two-step verification");

const NEED_CODE = "Enter a current code from your app to turn two-step verification off.";

async function currentView(db: Database, userId: string): Promise<TwoStepView> {
  const factor = await factorStatus(db, userId);
  return factor ? { state: "on", recoveryCodesLeft: factor.recoveryCodesLeft } : { state: "off" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, db } = await settingsRequest(request, context);
  return { view: await currentView(db, session.userId), needsPassword: needsPassword(session) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, db, meta } = await settingsRequest(request, context);
  const field = await readForm(request);
  const result = await turnOffTwoStep(
    db,
    session,
    { code: field("code", 64), password: field("password") || undefined },
    meta,
    "settings-turn-off",
  );
  const reply = async (notice: { error?: string; message?: string }, status = 200) =>
    data({ view: await currentView(db, session.userId), notice, needsPassword: needsPassword(session) }, { status });
  switch (result.kind) {
    case "reauth": {
      const { status, error } = reauthRefusal(result.outcome);
      return reply({ error }, status);
    }
    case "exhausted":
      throw signedOut("codes");
    case "not-found":
    case "invalid-code":
      return reply({ error: NEED_CODE }, 400);
    case "off":
      return reply({ message: "Two-step verification is off." });
  }
}

export default function DisableTwoStep({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  return (
    <>
      <SettingsHeading />
      <TwoStepSection view={state.view} needsPassword={state.needsPassword} notice={actionData?.notice} />
    </>
  );
}
