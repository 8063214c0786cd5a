import { useId } from "react";
import { Link } from "react-router";

/** A result line of a settings form: errors and successes alike are announced (role=alert). */
export type FormNotice = { error?: string; message?: string };

export function Notice({ notice }: { notice?: FormNotice | null }) {
  const text = notice?.error || notice?.message;
  if (!text) return null;
  return (
    <p className={`auth-message ${notice?.error ? "error" : "success"}`} role="alert">
      {text}
    </p>
  );
}

/**
 * The current password, asked again before a sensitive change when it was not entered in
 * this session within the last few minutes (the server decides; see auth/reauth.server.ts).
 */
export function PasswordField({ needed }: { needed: boolean }) {
  const id = useId();
  if (!needed) return null;
  return (
    <>
      <label htmlFor={id}>Current password</label>
      <input id={id} name="password" type="password" autoComplete="current-password" maxLength={1024} required />
    </>
  );
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
      <h1 className="admin-title">Settings</h1>
      {backLink ? (
        <p>
          <Link to="/admin/settings">Back to all settings</Link>
        </p>
      ) : null}
    </>
  );
}
