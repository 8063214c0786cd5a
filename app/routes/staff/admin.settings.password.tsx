import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { PasswordSection } from "~/components/settings/password-section";
import { SettingsHeading } from "~/components/settings/settings-ui";
import { changePassword } from "~/lib/auth/password-change.server";
import { reauthRefusal, settingsRequest } from "~/lib/auth/settings-page.server";
import { passwordChangeSchema, SETTINGS_MESSAGES } from "~/lib/auth/settings-forms";
import type { FormResult } from "~/lib/platform/form-result";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.settings.password";

/**
 * /admin/settings/password: a new password, with the current one. A wrong current
 * password counts like a wrong password at sign-in (lockout, IP throttle); the one
 * that locks the account also signs this session out.
 */
export const meta: Route.MetaFunction = () => staffMeta("Bytt passord");

export async function loader({ request, context }: Route.LoaderArgs) {
  await settingsRequest(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, db, meta } = await settingsRequest(request, context);
  const submission = parseWithZod(await request.formData(), { schema: passwordChangeSchema });
  // Passwords are never sent back to the page, right or wrong.
  const reply = (body: Omit<FormResult, "result">, status = 200, resetForm = false) =>
    data<FormResult>(
      { ...body, result: submission.reply({ hideFields: ["current", "next", "confirm"], resetForm }) },
      status,
    );
  if (submission.status !== "success") return reply({}, 400);
  const result = await changePassword(db, session, submission.value, meta);
  switch (result.kind) {
    case "changed":
      return reply({ message: "Passordet er byttet. Andre økter ble logget ut." }, 200, true);
    case "invalid-new":
      return reply({ error: result.message }, 400);
    case "mismatch":
      return reply({ error: SETTINGS_MESSAGES.passwordsDiffer }, 400);
    case "reauth": {
      const { status, error } = await reauthRefusal(result.outcome);
      return reply({ error }, status);
    }
  }
}

export default function ChangePassword({ actionData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading />
      <PasswordSection actionData={actionData} />
    </>
  );
}
