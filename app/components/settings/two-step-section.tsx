import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { type FormNotice, Notice, PasswordField, RecoveryCodeList } from "./settings-ui";

/** What the two-step verification panel shows, on the overview and on its own pages. */
export type TwoStepView =
  | { state: "off" }
  | { state: "on"; recoveryCodesLeft: number }
  | { state: "enrolling"; factorId: string; secret: string; qrCode: string }
  | { state: "enrolled"; recoveryCodes: string[] };

export const ENROL_PATH = "/admin/settings/two-step/enrol";
export const DISABLE_PATH = "/admin/settings/two-step/disable";
export const RECOVERY_CODES_PATH = "/admin/settings/recovery-codes";

export function TwoStepSection({
  view,
  needsPassword,
  notice,
}: {
  view: TwoStepView;
  needsPassword: boolean;
  notice?: FormNotice | null;
}) {
  const busy = useNavigation().state === "submitting";
  const ids = { code: useId(), removeCode: useId() };
  return (
    <section className="admin-panel" aria-labelledby="mfa-heading">
      <h2 id="mfa-heading">Two-step verification</h2>
      {view.state === "enrolled" ? (
        <div role="status">
          <p>
            <strong>Two-step verification is on.</strong> Save these recovery codes somewhere safe. Each works once if
            you lose your phone; they are not shown again.
          </p>
          <RecoveryCodeList codes={view.recoveryCodes} />
        </div>
      ) : view.state === "on" ? (
        <>
          <p>On, with an authenticator app. {view.recoveryCodesLeft} recovery codes left.</p>
          <Notice notice={notice} />
          <Form method="post" action={DISABLE_PATH} className="inline-form">
            <PasswordField needed={needsPassword} />
            <label htmlFor={ids.removeCode}>Current code</label>
            <input id={ids.removeCode} name="code" inputMode="numeric" autoComplete="one-time-code" required />
            <button type="submit" className="button button-small button-ghost" disabled={busy}>
              Turn off
            </button>
          </Form>
          <p>
            <Link to={RECOVERY_CODES_PATH}>Make new recovery codes</Link>
          </p>
        </>
      ) : view.state === "enrolling" ? (
        <>
          {view.qrCode ? (
            <>
              <p>
                Scan this code with an authenticator app (1Password, Google Authenticator, Aegis…), then enter the
                6-digit code it shows.
              </p>
              <img
                src={view.qrCode}
                alt={`QR code for setting up two-step verification. Key: ${view.secret}`}
                width={200}
                height={200}
                className="qr"
              />
              <p>
                Can’t scan? Enter this key: <code data-testid="totp-secret">{view.secret}</code>
              </p>
            </>
          ) : (
            <p>Enter your password and the 6-digit code your authenticator app shows to finish.</p>
          )}
          <Notice notice={notice} />
          <Form method="post" action={ENROL_PATH} className="inline-form">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="factorId" value={view.factorId} />
            <PasswordField needed={needsPassword} />
            <label htmlFor={ids.code}>Code from the app</label>
            <input id={ids.code} name="code" inputMode="numeric" autoComplete="one-time-code" required />
            <button type="submit" className="button button-small" disabled={busy}>
              Turn on
            </button>
          </Form>
        </>
      ) : (
        <>
          <Notice notice={notice} />
          <p>Off. With it on, signing in also needs a code from an app on your phone.</p>
          <Form method="post" action={ENROL_PATH} className="inline-form">
            <input type="hidden" name="intent" value="start" />
            <PasswordField needed={needsPassword} />
            <button type="submit" className="button button-small" disabled={busy}>
              Set up two-step verification
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
