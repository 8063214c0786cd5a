import { CheckboxFilter, FilterBar, SelectFilter } from "~/components/staff/list-filters";
import { StaffList, StaffTable } from "~/components/staff/list-kit";
import { auditFilterChoices, listSecurityEvents } from "~/lib/auth/audit-log.server";
import { staffSession } from "~/lib/auth/guard.server";
import { isFailureEvent, securityEventDescription } from "~/lib/auth/security-event-descriptions";
import { NO_ACCOUNT, parseAuditFilter, securityEventLabel } from "~/lib/auth/security-event-labels";
import { getDb } from "~/lib/platform/db.server";
import { osloDateTime } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.security";

/** /admin/security: the security log, newest first, by account and by kind. */
export const meta: Route.MetaFunction = () => staffMeta("Sikkerhet");

/** The details as "key: value" pairs, whatever shape a feature recorded them in. */
function detailPairs(details: Record<string, unknown>) {
  return Object.entries(details).map(([key, value]) => ({
    key,
    value: value === null || value === undefined ? "–" : typeof value === "object" ? JSON.stringify(value) : String(value),
  }));
}

export async function loader({ context, url }: Route.LoaderArgs) {
  staffSession(context);
  const filter = parseAuditFilter(url.searchParams);
  const db = getDb();
  const [list, choices] = await Promise.all([listSecurityEvents(db, filter), auditFilterChoices(db)]);
  return {
    filter: { account: filter.account ?? "", kind: filter.kind ?? "", failures: Boolean(filter.failures) },
    accounts: choices.accounts.map((account) => ({
      id: account.id,
      label: account.fullName ? `${account.fullName} (${account.email})` : account.email,
    })),
    kinds: choices.kinds
      .map((kind) => ({ kind, label: securityEventLabel(kind) }))
      .sort((a, b) => a.label.localeCompare(b.label, "nb")),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({
      id: row.id,
      at: osloDateTime(row.createdAt),
      account: row.userId ? (row.fullName || row.email || "Slettet konto") : null,
      email: row.email,
      kind: row.action,
      label: securityEventLabel(row.action),
      description: securityEventDescription(row.action),
      failed: isFailureEvent(row.action),
      ip: row.ipAddress ?? "–",
      details: detailPairs(row.details),
    })),
  };
}

export default function Security({ loaderData }: Route.ComponentProps) {
  const { filter, accounts, kinds, rows, total, page, pageCount } = loaderData;
  const filtered = Boolean(filter.account || filter.kind || filter.failures);
  return (
    <>
      <h1 className="admin-title">Sikkerhet</h1>
      <p>Hendelser som angår kontoer og data: innlogging, endringer i kontoen og hva staben har gjort. Loggen beholdes i 90 dager.</p>
      <FilterBar label="Filtrer hendelser" filtered={filtered}>
        <SelectFilter
          label="Konto"
          name="account"
          value={filter.account}
          all="Alle kontoer"
          choices={[...accounts.map((account) => ({ value: account.id, label: account.label })), { value: NO_ACCOUNT, label: "Uten konto" }]}
        />
        <SelectFilter
          label="Hendelse"
          name="kind"
          value={filter.kind}
          all="Alle hendelser"
          choices={kinds.map((kind) => ({ value: kind.kind, label: kind.label }))}
        />
        <CheckboxFilter label="Bare feil" name="failures" checked={filter.failures} />
      </FilterBar>
      <StaffList
        count={{ total, one: "hendelse", many: "hendelser", filtered }}
        isEmpty={rows.length === 0}
        empty={filtered ? "Ingen hendelser passer filteret." : "Ingen hendelser ennå."}
        pages={{ page, pageCount }}
      >
        <StaffTable
          className="admin-table security-table"
          rows={rows}
          rowProps={(row) => (row.failed ? { className: "event-failed-row" } : {})}
          columns={[
            { label: "Tid", time: true, cell: (row) => row.at },
            {
              label: "Konto",
              cell: (row) =>
                row.account ? (
                  <div>
                    {row.account}
                    {row.email && row.email !== row.account ? <small className="inbox-email">{row.email}</small> : null}
                  </div>
                ) : (
                  "–"
                ),
            },
            { label: "Hendelse", cell: (row) => <EventCell row={row} /> },
            { label: "IP-adresse", cell: (row) => row.ip },
            {
              label: "Detaljer",
              cell: (row) =>
                row.details.length === 0 ? (
                  "–"
                ) : (
                  <dl className="event-details">
                    {row.details.map((pair) => (
                      <div key={pair.key}>
                        <dt>{pair.key}</dt>
                        <dd>{pair.value}</dd>
                      </div>
                    ))}
                  </dl>
                ),
            },
          ]}
        />
      </StaffList>
    </>
  );
}

/**
 * The event in words. A failure says so with a sign and the word "Feilet" (not by colour
 * alone), so it stands out in a long list and reads out the same to a screen reader.
 */
function EventCell({ row }: { row: { kind: string; label: string; description: string | null; failed: boolean } }) {
  return (
    <div title={row.kind}>
      {row.failed ? (
        <span className="event-outcome event-outcome-failed">
          <span aria-hidden="true">⚠</span> Feilet
        </span>
      ) : null}
      <span className="event-label">{row.label}</span>
      {row.description ? <small className="event-description">{row.description}</small> : null}
    </div>
  );
}
