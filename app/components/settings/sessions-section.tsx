import { Form, useNavigation } from "react-router";
import { FormNotice } from "~/components/form-notice";
import { osloTimestamp } from "~/lib/platform/dates";

export type SessionRow = {
  id: string;
  current: boolean;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string | Date;
};

export const SESSIONS_PATH = "/admin/settings/sessions";

/** The active sessions of the signed-in staff member, and "Logg ut alle andre økter". */
export function SessionsSection({
  sessions,
  notice,
}: {
  sessions: SessionRow[];
  notice?: { message?: string; error?: string } | null;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="admin-panel" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Aktive økter</h2>
      <FormNotice data={notice ?? undefined} />
      <ul className="session-list">
        {sessions.map((s) => (
          <li key={s.id}>
            <strong>{s.current ? "Denne nettleseren" : describeAgent(s.userAgent)}</strong> ·{" "}
            {s.ipAddress ?? "ukjent adresse"} · logget inn {osloTimestamp(new Date(s.createdAt))}
          </li>
        ))}
      </ul>
      <Form method="post" action={SESSIONS_PATH}>
        <button type="submit" className="button button-small button-ghost" disabled={busy || sessions.length < 2}>
          Logg ut alle andre økter
        </button>
      </Form>
    </section>
  );
}

function describeAgent(userAgent: string | null) {
  if (!userAgent) return "Ukjent nettleser";
  const browser = /Firefox\//.test(userAgent)
    ? "Firefox"
    : /Edg\//.test(userAgent)
      ? "Edge"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Nettleser";
  const os = /Windows/.test(userAgent)
    ? "Windows"
    : /Mac OS X/.test(userAgent)
      ? "macOS"
      : /Android/.test(userAgent)
        ? "Android"
        : /iPhone|iPad/.test(userAgent)
          ? "iOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return os ? `${browser} på ${os}` : browser;
}
