import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { type FormNotice, Notice } from "./settings-ui";

export const PASSWORD_PATH = "/admin/settings/password";

/** "Change password": always with the current password. */
export function PasswordSection({ notice }: { notice?: FormNotice | null }) {
  const busy = useNavigation().state === "submitting";
  const ids = { current: useId(), next: useId(), confirm: useId() };
  return (
    <section className="admin-panel" aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      <p>At least 12 characters. A long phrase is easiest to remember.</p>
      <Notice notice={notice} />
      <Form method="post" action={PASSWORD_PATH} className="stack-form">
        <label htmlFor={ids.current}>Current password</label>
        <input id={ids.current} name="current" type="password" autoComplete="current-password" required />
        <label htmlFor={ids.next}>New password</label>
        <input
          id={ids.next}
          name="next"
          type="password"
          autoComplete="new-password"
          minLength={12}
          maxLength={128}
          required
        />
        <label htmlFor={ids.confirm}>New password again</label>
        <input
          id={ids.confirm}
          name="confirm"
          type="password"
          autoComplete="new-password"
          minLength={12}
          maxLength={128}
          required
        />
        <button type="submit" className="button button-small" disabled={busy}>
          Change password
        </button>
      </Form>
    </section>
  );
}
