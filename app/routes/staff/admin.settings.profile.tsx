import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { EmailChangeForm, ProfileNameForm } from "~/components/settings/profile-forms";
import { emailChangeSchema, profileSchema } from "~/lib/auth/account-forms";
import { requestEmailChange, updateProfile } from "~/lib/auth/profile.server";
import { reauthRefusal, settingsRequest } from "~/lib/auth/settings-page.server";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.settings.profile";
import { type FormOutcome, replyToForm } from "~/lib/platform/form-reply.server";

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
    return replyToForm(
      parseWithZod(formData, { schema: profileSchema }),
      async ({ fullName }) => {
        await updateProfile(db, session, fullName, meta);
        return { message: "Navnet er lagret." };
      },
      { intent: "profile" },
    );
  }
  return replyToForm(
    parseWithZod(formData, { schema: emailChangeSchema }),
    async (input): Promise<FormOutcome> => {
      const result = await requestEmailChange(db, session, input, meta);
      switch (result.kind) {
        case "same":
          return { error: "Det er allerede adressen din.", status: 400 };
        case "taken":
          return { error: "En annen konto bruker allerede den adressen.", status: 409 };
        case "reauth": {
          const { status, error } = await reauthRefusal(result.outcome); // a locking guess signs out (redirect)
          return { error: result.outcome.kind === "invalid" ? "Passordet stemmer ikke." : error, status };
        }
        case "sent": {
          const message = `Vi har sendt en lenke til ${result.to}. Adressen byttes når du åpner den (innen 24 timer).`;
          return { message, resetForm: true };
        }
      }
    },
    { intent: "email", hideFields: ["password"] },
  );
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
