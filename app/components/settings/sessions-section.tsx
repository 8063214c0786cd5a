import { Form, Link } from "react-router";
import { useIsPending } from "~/components/forms/use-is-pending";
import { FormNotice } from "~/components/form-notice";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import { StaffTable } from "~/components/staff/list-kit";
import { endSessionSchema } from "~/lib/auth/session-forms";
import { type FormResult, resultFor } from "~/lib/platform/form-result";

/** One active session as the page shows it (times already in Oslo words). */
export type SessionRow = {
  id: string;
  current: boolean;
  browser: string;
  network: string;
  signedInAt: string;
  lastUsedAt: string;
};

export const SESSIONS_PATH = "/admin/settings/sessions";

/**
 * The active sessions of the signed-in staff member: which browser, roughly where, since
 * when and last used when. On the sessions page (`manage`) each can be ended; the settings
 * overview lists them and links there. "Logg ut alle andre økter" works on both.
 */
export function SessionsSection({
  sessions,
  manage = false,
  actionData,
}: {
  sessions: SessionRow[];
  manage?: boolean;
  actionData?: FormResult;
}) {
  const busy = useIsPending({ action: SESSIONS_PATH, intent: "end-others", state: "submitting" });
  const columns = [
    {
      label: "Nettleser",
      cell: (row: SessionRow) => (
        // One element: on a phone the cell is a two-column grid (label, content).
        <span>
          <strong>{row.browser}</strong>
          {row.current ? <span className="badge badge-current">Denne økten</span> : null}
        </span>
      ),
    },
    { label: "Nettverk", cell: (row: SessionRow) => row.network },
    { label: "Logget inn", time: true, cell: (row: SessionRow) => row.signedInAt },
    { label: "Sist brukt", time: true, cell: (row: SessionRow) => row.lastUsedAt },
    ...(manage
      ? [
          {
            label: "Avslutt",
            hideLabel: true,
            cell: (row: SessionRow) => <EndSessionForm row={row} actionData={actionData} />,
          },
        ]
      : []),
  ];
  return (
    <section className="admin-panel sessions-panel" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Aktive økter</h2>
      <p>
        Nettverket er omtrentlig (de første delene av IP-adressen). Kjenner du ikke igjen en økt, avslutt den og bytt
        passord.
      </p>
      {/* Above the rows, not in one: the ended session's row is gone when the answer shows. */}
      <FormNotice data={resultFor("end-session", actionData)} />
      <StaffTable className="admin-table session-table" columns={columns} rows={sessions} />
      {manage ? null : (
        <p>
          <Link to={SESSIONS_PATH}>Avslutt én bestemt økt</Link>
        </p>
      )}
      <Form method="post" action={SESSIONS_PATH} className="sessions-end-others">
        <input type="hidden" name="intent" value="end-others" />
        <button type="submit" className="button button-small button-ghost" disabled={busy || sessions.length < 2}>
          Logg ut alle andre økter
        </button>
        <FormNotice data={resultFor("end-others", actionData)} />
      </Form>
    </section>
  );
}

/**
 * One row's form: the answer's field errors (the box not ticked) are this row's when the id
 * it carries back is this row's; its line is the section's.
 */
function EndSessionForm({ row, actionData }: { row: SessionRow; actionData?: FormResult }) {
  const answer = resultFor("end-session", actionData);
  const mine = answer && { intent: answer.intent, result: answer.result };
  return (
    <ConfirmedActionForm
      intent="end-session"
      schema={endSessionSchema}
      actionData={mine?.result.initialValue?.id === row.id ? mine : undefined}
      checkboxLabel={row.current ? "Ja, logg meg ut" : "Ja, avslutt økten"}
      question={
        row.current
          ? "Avslutte denne økten? Du blir logget ut her."
          : `Avslutte økten i ${row.browser}? Den nettleseren må logge inn igjen.`
      }
      button={row.current ? "Avslutt denne økten" : "Avslutt økten"}
      danger
      id={`end-session-${row.id}`}
      className="staff-action-form"
      hidden={{ id: row.id }}
    />
  );
}
