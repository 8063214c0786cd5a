import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { EmailChangeForm, ProfileNameForm } from "~/components/settings/profile-forms";
import type { StaffFormResult } from "~/components/staff/staff-forms";
import { emailChangeSchema, profileSchema } from "~/lib/auth/account-forms";
import { requestEmailChange, updateProfile } from "~/lib/auth/profile.server";
import { reauthRefusal, settingsRequest } from "~/lib/auth/settings-page.server";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.settings.profile";

/**
 * /admin/settings/profile: the own name (the dashboard greets with it) and e-mail
 * address. A new address needs the current password and changes only when the link
 * sent to it is opened (/login/confirm-email).
 */
export const meta: Route.MetaFunction = () => staffMeta("Min profil");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session } = await settingsRequest(request, context);
  return { fullName: session.fullName, email: session.email };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, db, meta } = await settingsRequest(request, context);
  const formData = await request.formData();
  if (formData.get("intent") === "profile") {
    const submission = parseWithZod(formData, { schema: profileSchema });
    if (submission.status !== "success") {
      return data<StaffFormResult>({ intent: "profile", result: submission.reply() }, 400);
    }
    await updateProfile(db, session, submission.value.fullName, meta);
    return { intent: "profile", result: submission.reply(), message: "Navnet er lagret." } satisfies StaffFormResult;
  }
  const submission = parseWithZod(formData, { schema: emailChangeSchema });
  if (submission.status !== "success") {
    return data<StaffFormResult>({ intent: "email", result: submission.reply({ hideFields: ["password"] }) }, 400);
  }
  const result = await requestEmailChange(db, session, submission.value, meta);
  const refuse = (error: string, status: number) =>
    data<StaffFormResult>({ intent: "email", result: submission.reply({ hideFields: ["password"] }), error }, status);
  switch (result.kind) {
    case "same":
      return refuse("Det er allerede adressen din.", 400);
    case "taken":
      return refuse("En annen konto bruker allerede den adressen.", 409);
    case "reauth": {
      const { status, error } = await reauthRefusal(result.outcome); // a locking guess signs out (redirect)
      return refuse(result.outcome.kind === "invalid" ? "Passordet stemmer ikke." : error, status);
    }
    case "sent":
      return {
        intent: "email",
        result: submission.reply({ resetForm: true }),
        message: `Vi har sendt en lenke til ${result.to}. Adressen byttes når du åpner den (innen 24 timer).`,
      } satisfies StaffFormResult;
  }
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="admin-title">Min profil</h1>
      <p>
        <Link to="/admin/settings">Tilbake til innstillingene</Link>
      </p>
      <section className="admin-panel" aria-labelledby="profile-name">
        <h2 id="profile-name">Navn</h2>
        <p className="field-hint">Vises i velkomsten på oversikten og på notatene dine.</p>
        <ProfileNameForm fullName={loaderData.fullName} actionData={actionData} />
      </section>
      <section className="admin-panel" aria-labelledby="profile-email">
        <h2 id="profile-email">E-post</h2>
        <p className="break-anywhere">
          Nå: <strong>{loaderData.email}</strong>
        </p>
        <p className="field-hint">
          Vi sender en lenke til den nye adressen; den tas i bruk først når du åpner lenken. Den gamle adressen får
          beskjed.
        </p>
        <EmailChangeForm actionData={actionData} />
      </section>
    </>
  );
}
