import { data } from "react-router";
import { PasswordSection } from "~/components/settings/password-section";
import { SettingsHeading } from "~/components/settings/settings-ui";
import { changePassword } from "~/lib/auth/password-change.server";
import { readForm, reauthRefusal, settingsRequest } from "~/lib/auth/settings-page.server";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.settings.password";

/**
 * /admin/settings/password: a new password, with the current one. A wrong current
 * password counts like a wrong password at sign-in (lockout, IP throttle); the one
 * that locks the account also signs this session out.
 */
export const meta: Route.MetaFunction = () => staffMeta("Change password");

export async function loader({ request, context }: Route.LoaderArgs) {
  await settingsRequest(request, context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, db, meta } = await settingsRequest(request, context);
  const field = await readForm(request);
  const result = await changePassword(
    db,
    session,
    { current: field("current"), next: field("next"), confirm: field("confirm") },
    meta,
  );
  switch (result.kind) {
    case "changed":
      return { message: "Password changed. Other sessions were signed out." };
    case "invalid-new":
      return data({ error: result.message }, { status: 400 });
    case "mismatch":
      return data({ error: "The two new passwords differ." }, { status: 400 });
    case "reauth": {
      const { status, error } = reauthRefusal(result.outcome);
      return data({ error }, { status });
    }
  }
}

export default function ChangePassword({ actionData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading />
      <PasswordSection notice={actionData} />
    </>
  );
}
