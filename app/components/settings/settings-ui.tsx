import type { FieldMetadata } from "@conform-to/react";
import { TextField } from "~/components/forms/fields";
import { Link } from "react-router";

/**
 * The current password, asked again before a sensitive change when it was not entered in
 * this session within the last few minutes (the server decides; see auth/reauth.server.ts).
 * The form passes its field only when the password is asked for.
 */
export function PasswordField({ field }: { field?: FieldMetadata<string | undefined> }) {
  if (!field) return null;
  return <TextField field={field} label="Nåværende passord" type="password" autoComplete="current-password" />;
}

/** A six-digit code from the authenticator app (or a recovery code), as phones offer to fill it. */
export function CodeField({ field, label }: { field: FieldMetadata<string>; label: string }) {
  return <TextField field={field} label={label} inputMode="numeric" autoComplete="one-time-code" />;
}

/** Recovery codes, shown once right after they were made. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <ul className="recovery-codes" data-testid="recovery-codes">
      {codes.map((code) => (
        <li key={code}>
          <code>{code}</code>
        </li>
      ))}
    </ul>
  );
}

/** The heading of every settings page, with the way back to the overview on the sub-pages. */
export function SettingsHeading({ backLink = true }: { backLink?: boolean }) {
  return (
    <>
      <h1 className="admin-title">Innstillinger</h1>
      {backLink ? (
        <p>
          <Link to="/admin/settings">Tilbake til alle innstillinger</Link>
        </p>
      ) : null}
    </>
  );
}
