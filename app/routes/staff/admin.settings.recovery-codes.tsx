import { useId } from "react";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { useIsPending } from "~/components/forms/use-is-pending";
import { FormNotice } from "~/components/form-notice";
import { PasswordField, RecoveryCodeList, SettingsHeading } from "~/components/settings/settings-ui";
import { useSchemaForm } from "~/components/use-schema-form";
import { recoveryCodesSchema } from "~/lib/auth/settings-forms";
import type { FormResult } from "~/lib/platform/form-result";
import { needsPassword, reauthRefusal, settingsRequest } from "~/lib/auth/settings-page.server";
import { createRecoveryCodes } from "~/lib/auth/two-step.server";
import { factorStatus } from "~/lib/auth/mfa.server";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.settings.recovery-codes";

/** /admin/settings/recovery-codes: ten new recovery codes (the old ones stop working), after the password. */
export const meta: Route.MetaFunction = () => staffMeta("Reservekoder");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, db } = await settingsRequest(request, context);
  const factor = await factorStatus(db, session.userId);
  return { codesLeft: factor ? factor.recoveryCodesLeft : null, needsPassword: needsPassword(session) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, db, meta } = await settingsRequest(request, context);
  // Whether a password is owed is re-authentication's call (a 403 when missing), not the schema's.
  const submission = parseWithZod(await request.formData(), { schema: recoveryCodesSchema(false) });
  const reply = (body: { error?: string; recoveryCodes?: string[] }, status = 200) =>
    data<FormResult & { recoveryCodes?: string[]; needsPassword: boolean }>(
      { ...body, result: submission.reply({ hideFields: ["password"] }), needsPassword: needsPassword(session) },
      { status },
    );
  if (submission.status !== "success") return reply({}, 400);
  const result = await createRecoveryCodes(db, session, submission.value, meta);
  switch (result.kind) {
    case "reauth": {
      const { status, error } = await reauthRefusal(result.outcome);
      return reply({ error }, status);
    }
    case "not-on":
      return reply({ error: "Totrinnsbekreftelse er av, så det finnes ingen reservekoder." }, 409);
    case "created":
      return reply({ recoveryCodes: result.recoveryCodes });
  }
}

export default function RecoveryCodes({ loaderData, actionData }: Route.ComponentProps) {
  const headingId = useId();
  const codes = actionData?.recoveryCodes;
  return (
    <>
      <SettingsHeading />
      <section className="admin-panel" aria-labelledby={headingId}>
        <h2 id={headingId}>Reservekoder</h2>
        {codes ? (
          <div role="status">
            <p>
              <strong>Nye reservekoder.</strong> De gamle virker ikke lenger. Ta vare på disse et trygt sted; de vises
              ikke igjen.
            </p>
            <RecoveryCodeList codes={codes} />
          </div>
        ) : (
          <>
            <FormNotice data={actionData} />
            {loaderData.codesLeft === null ? (
              <p>Totrinnsbekreftelse er av, så det finnes ingen reservekoder.</p>
            ) : (
              <>
                <p>{loaderData.codesLeft} reservekoder igjen. Nye koder erstatter alle de gamle, brukt eller ikke.</p>
                <NewCodesForm
                  needsPassword={actionData?.needsPassword ?? loaderData.needsPassword}
                  lastResult={actionData?.result}
                />
              </>
            )}
          </>
        )}
      </section>
    </>
  );
}

function NewCodesForm({
  needsPassword,
  lastResult,
}: {
  needsPassword: boolean;
  lastResult?: FormResult["result"];
}) {
  const busy = useIsPending({ state: "submitting" });
  const [form, fields] = useSchemaForm("recovery-codes-form", recoveryCodesSchema(needsPassword), { lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="inline-form">
      <PasswordField field={needsPassword ? fields.password : undefined} />
      <button type="submit" className="button button-small" disabled={busy}>
        Lag nye reservekoder
      </button>
    </Form>
  );
}
