import { Link } from "react-router";
import { StaffList, StaffTable } from "~/components/staff/list-kit";
import { staffSession } from "~/lib/auth/guard.server";
import { listOutbox, outboxCounts } from "~/lib/mail/outbox-admin.server";
import {
  MAIL_STATUS_LABELS,
  MAIL_STATUSES,
  MAIL_TAB_LABELS,
  mailKindLabel,
  outboxFilterQuery,
  parseOutboxFilter,
} from "~/lib/mail/outbox-forms";
import { getDb } from "~/lib/platform/db.server";
import { osloDateTimeOr } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.mail";

/** /admin/mail: the mail outbox, newest first: what waits, what was sent, what failed. */
export const meta: Route.MetaFunction = () => staffMeta("E-post");

export async function loader({ context, url }: Route.LoaderArgs) {
  staffSession(context);
  const filter = parseOutboxFilter(url.searchParams);
  const db = getDb();
  const [list, counts] = await Promise.all([listOutbox(db, filter), outboxCounts(db)]);
  return {
    status: filter.status ?? null,
    counts,
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({
      id: row.id,
      kind: mailKindLabel(row.kind),
      to: row.toAddress,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      created: osloDateTimeOr(row.createdAt),
      lastAttempt: osloDateTimeOr(row.lastAttemptAt),
    })),
  };
}

export default function Mail({ loaderData }: Route.ComponentProps) {
  const { status, counts, rows, page, pageCount, total } = loaderData;
  const tabs = [
    { to: "/admin/mail", label: "Alle", count: counts.pending + counts.sent + counts.failed, current: status === null },
    ...MAIL_STATUSES.map((value) => ({
      to: `/admin/mail${outboxFilterQuery(value)}`,
      label: MAIL_TAB_LABELS[value],
      count: counts[value],
      current: status === value,
    })),
  ];
  return (
    <>
      <h1 className="admin-title">E-post</h1>
      <p>
        Alt systemet sender, går gjennom utboksen: meldinger som venter, som er sendt, og som feilet etter alle forsøk.
        Innholdet i sendte meldinger slettes etter 7 dager, meldingene etter 90.
      </p>
      <nav className="tabs" aria-label="Utboksen">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.to}>
              <Link to={tab.to} aria-current={tab.current ? "page" : undefined}>
                {tab.label} <span className="tab-count">{tab.count.toLocaleString("nb-NO")}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <StaffList
        count={{ total, one: "melding", many: "meldinger", filtered: false }}
        isEmpty={rows.length === 0}
        empty="Ingen meldinger her."
        pages={{ page, pageCount }}
      >
        <StaffTable
          className="admin-table mail-table"
          rows={rows}
          columns={[
            { label: "Til", cell: (row) => row.to },
            {
              label: "Emne",
              cell: (row) => (
                <div>
                  <Link to={`/admin/mail/${row.id}`}>{row.subject}</Link>
                  <small className="mail-kind">{row.kind}</small>
                </div>
              ),
            },
            { label: "Lagt i kø", cell: (row) => row.created },
            { label: "Siste forsøk", time: true, cell: (row) => row.lastAttempt },
            { label: "Forsøk", cell: (row) => row.attempts },
            {
              label: "Status",
              cell: (row) => (
                <div>
                  <span className={`badge badge-mail-${row.status}`}>{MAIL_STATUS_LABELS[row.status]}</span>
                  {row.status !== "sent" && row.lastError ? <small className="lead-mail-error">{row.lastError}</small> : null}
                </div>
              ),
            },
          ]}
        />
      </StaffList>
    </>
  );
}
