import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FormNotice } from "~/components/form-notice";
import { useIsPending } from "~/components/forms/use-is-pending";
import { useSchemaForm } from "~/components/use-schema-form";
import { twoStepConfirmSchema, twoStepOffSchema, twoStepStartSchema } from "~/lib/auth/settings-forms";
import type { FormResult } from "~/lib/platform/form-result";
import { CodeField, PasswordField, RecoveryCodeList } from "./settings-ui";

/** What the two-step verification panel shows, on the overview and on its own pages. */
export type TwoStepView =
  | { state: "off" }
  | { state: "on"; recoveryCodesLeft: number }
  | { state: "enrolling"; factorId: string; secret: string; qrCode: string }
  | { state: "enrolled"; recoveryCodes: string[] };

export const ENROL_PATH = "/admin/settings/two-step/enrol";
export const DISABLE_PATH = "/admin/settings/two-step/disable";
export const RECOVERY_CODES_PATH = "/admin/settings/recovery-codes";

type FormProps = { needsPassword: boolean; lastResult?: FormResult["result"] };

/** The forms' names in the actions' answers: each form shows only its own result. */
export type TwoStepForm = "start" | "confirm" | "off";

export function TwoStepSection({
  view,
  needsPassword,
  actionData,
}: {
  view: TwoStepView;
  needsPassword: boolean;
  actionData?: FormResult | null;
}) {
  // The result line belongs to the section (an answer may change what it shows); the
  // form's own state only to the form that was sent.
  const form = (name: TwoStepForm) => ({
    needsPassword,
    lastResult: actionData?.intent === name ? actionData.result : undefined,
  });
  return (
    <section className="admin-panel" aria-labelledby="mfa-heading">
      <h2 id="mfa-heading">Totrinnsbekreftelse</h2>
      {view.state === "enrolled" ? null : <FormNotice data={actionData ?? undefined} />}
      {view.state === "enrolled" ? (
        <div role="status">
          <p>
            <strong>Totrinnsbekreftelse er på.</strong> Ta vare på disse reservekodene et trygt sted. Hver virker én
            gang om du mister telefonen; de vises ikke igjen.
          </p>
          <RecoveryCodeList codes={view.recoveryCodes} />
        </div>
      ) : view.state === "on" ? (
        <>
          <p>På, med en autentiseringsapp. {view.recoveryCodesLeft} reservekoder igjen.</p>
          <TurnOffForm {...form("off")} />
          <p>
            <Link to={RECOVERY_CODES_PATH}>Lag nye reservekoder</Link>
          </p>
        </>
      ) : view.state === "enrolling" ? (
        <>
          {view.qrCode ? (
            <>
              <p>
                Skann koden med en autentiseringsapp (1Password, Google Authenticator, Aegis…), og skriv inn den
                sekssifrede koden den viser.
              </p>
              <img
                src={view.qrCode}
                alt={`QR-kode for å sette opp totrinnsbekreftelse. Nøkkel: ${view.secret}`}
                width={200}
                height={200}
                className="qr"
              />
              <p>
                Får du ikke skannet? Skriv inn denne nøkkelen: <code data-testid="totp-secret">{view.secret}</code>
              </p>
            </>
          ) : (
            <p>Skriv inn passordet ditt og den sekssifrede koden autentiseringsappen viser for å fullføre.</p>
          )}
          <ConfirmForm factorId={view.factorId} {...form("confirm")} />
        </>
      ) : (
        <StartForm {...form("start")} />
      )}
    </section>
  );
}

/** Turning it off: a current code (and the password, when asked). */
function TurnOffForm({ needsPassword, lastResult }: FormProps) {
  const busy = useIsPending({ action: DISABLE_PATH, state: "submitting" });
  const [form, fields] = useSchemaForm("two-step-off-form", twoStepOffSchema(needsPassword), { lastResult });
  return (
    <Form method="post" action={DISABLE_PATH} {...getFormProps(form)} className="inline-form">
      <PasswordField field={needsPassword ? fields.password : undefined} />
      <CodeField field={fields.code} label="Gjeldende kode" />
      <button type="submit" className="button button-small button-ghost" disabled={busy}>
        Slå av
      </button>
    </Form>
  );
}

/** The last step of setting it up: the first code from the app proves the phone has the key. */
function ConfirmForm({ factorId, needsPassword, lastResult }: FormProps & { factorId: string }) {
  const busy = useIsPending({ action: ENROL_PATH, intent: "confirm", state: "submitting" });
  const [form, fields] = useSchemaForm("two-step-confirm-form", twoStepConfirmSchema(needsPassword), { lastResult });
  return (
    <Form method="post" action={ENROL_PATH} {...getFormProps(form)} className="inline-form">
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="factorId" value={factorId} />
      <PasswordField field={needsPassword ? fields.password : undefined} />
      <CodeField field={fields.code} label="Kode fra appen" />
      <button type="submit" className="button button-small" disabled={busy}>
        Slå på
      </button>
    </Form>
  );
}

function StartForm({ needsPassword, lastResult }: FormProps) {
  const busy = useIsPending({ action: ENROL_PATH, intent: "start", state: "submitting" });
  const [form, fields] = useSchemaForm("two-step-start-form", twoStepStartSchema(needsPassword), { lastResult });
  return (
    <>
      <p>Av. Når den er på, trenger innlogging også en kode fra en app på telefonen.</p>
      <Form method="post" action={ENROL_PATH} {...getFormProps(form)} className="inline-form">
        <input type="hidden" name="intent" value="start" />
        <PasswordField field={needsPassword ? fields.password : undefined} />
        <button type="submit" className="button button-small" disabled={busy}>
          Sett opp totrinnsbekreftelse
        </button>
      </Form>
    </>
  );
}
