import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { SettingsHeading } from "~/components/settings/settings-ui";
import type { FormResult } from "~/lib/platform/form-result";
import { TwoStepSection, type TwoStepView } from "~/components/settings/two-step-section";
import { needsPassword, reauthRefusal, settingsRequest, signedOut } from "~/lib/auth/settings-page.server";
import { SETTINGS_MESSAGES, twoStepOffSchema } from "~/lib/auth/settings-forms";
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
export const meta: Route.MetaFunction = () => staffMeta("Slå av totrinnsbekreftelse");

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
  // Whether a password is owed is re-authentication's call (a 403 when missing), not the schema's.
  const submission = parseWithZod(await request.formData(), { schema: twoStepOffSchema(false) });
  const reply = async (notice: { error?: string; message?: string }, status = 200) =>
    data<FormResult & { view: TwoStepView; needsPassword: boolean }>(
      {
        view: await currentView(db, session.userId),
        ...notice,
        intent: "off",
        result: submission.reply({ hideFields: ["password"], resetForm: status === 200 }),
        needsPassword: needsPassword(session),
      },
      { status },
    );
  // An empty code spends none of the account's code budget.
  if (submission.status !== "success") return reply({}, 400);
  const result = await turnOffTwoStep(db, session, submission.value, meta, "settings-turn-off");
  switch (result.kind) {
    case "reauth": {
      const { status, error } = await reauthRefusal(result.outcome);
      return reply({ error }, status);
    }
    case "exhausted":
      throw await signedOut("codes");
    case "not-found":
    case "invalid-code":
      return reply({ error: SETTINGS_MESSAGES.codeToTurnOff }, 400);
    case "off":
      return reply({ message: "Totrinnsbekreftelse er av." });
  }
}

export default function DisableTwoStep({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  return (
    <>
      <SettingsHeading />
      <TwoStepSection view={state.view} needsPassword={state.needsPassword} actionData={actionData} />
    </>
  );
}
