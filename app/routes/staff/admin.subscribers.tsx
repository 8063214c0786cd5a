import { VerifiedBadge } from "~/components/staff/verified-badge";
import { Link } from "react-router";
import { choicesOf, FilterBar, SearchFilter, SelectFilter } from "~/components/staff/list-filters";
import { StaffList, StaffTable } from "~/components/staff/list-kit";
import { staffSession } from "~/lib/auth/guard.server";
import { getDb } from "~/lib/platform/db.server";
import { osloDateTimeOr } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import {
  parseSubscriberFilter,
  sourceLabel,
  SUBSCRIBER_SEARCH_MAX_LENGTH,
  SUBSCRIBER_STATUS_LABELS,
  SUBSCRIBER_STATUSES,
  subscriberFilterQuery,
} from "~/lib/visitor-forms/subscriber-forms";
import { listSubscribers } from "~/lib/visitor-forms/subscribers-admin.server";
import type { Route } from "./+types/admin.subscribers";

/** /admin/subscribers: every newsletter subscriber, newest first, with search, a status filter, pages and an export. */
export const meta: Route.MetaFunction = () => staffMeta("Abonnenter");

export async function loader({ context, url }: Route.LoaderArgs) {
  staffSession(context);
  const filter = parseSubscriberFilter(url.searchParams);
  const list = await listSubscribers(getDb(), filter);
  return {
    filter: { status: filter.status ?? "", q: filter.q ?? "" },
    query: subscriberFilterQuery(filter),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({
      id: row.id,
      email: row.email,
      status: row.status,
      source: sourceLabel(row.source),
      verified: row.verified,
      signedUp: osloDateTimeOr(row.createdAt),
      confirmed: osloDateTimeOr(row.confirmedAt),
      unsubscribed: osloDateTimeOr(row.unsubscribedAt),
    })),
  };
}

export default function Subscribers({ loaderData }: Route.ComponentProps) {
  const { filter, rows, page, pageCount, total, query } = loaderData;
  const filtered = Boolean(filter.status || filter.q);
  return (
    <>
      <div className="admin-head">
        <h1 className="admin-title">Abonnenter på nyhetsbrevet</h1>
        <a className="button button-small button-ghost" href={`/admin/subscribers/export.csv${query}`} download>
          Eksporter CSV
        </a>
      </div>
      <p>Bare adresser som har bekreftet påmeldingen på e-post, er aktive og får nyhetsbrevet.</p>
      <FilterBar label="Filtrer abonnenter" filtered={filtered}>
        <SelectFilter
          label="Status"
          name="status"
          value={filter.status}
          all="Alle statuser"
          choices={choicesOf(SUBSCRIBER_STATUSES, SUBSCRIBER_STATUS_LABELS)}
        />
        <SearchFilter value={filter.q} maxLength={SUBSCRIBER_SEARCH_MAX_LENGTH} placeholder="E-postadresse" />
      </FilterBar>
      <StaffList
        count={{ total, one: "abonnent", many: "abonnenter", filtered, testId: "subscriber-total" }}
        isEmpty={rows.length === 0}
        empty={filtered ? "Ingen abonnenter passer filteret." : "Ingen abonnenter ennå."}
        pages={{ page, pageCount }}
      >
        <StaffTable
          className="admin-table subscribers-table"
          rows={rows}
          columns={[
            { label: "E-post", cell: (row) => <Link to={`/admin/subscribers/${row.id}`}>{row.email}</Link> },
            {
              label: "Status",
              cell: (row) => (
                <div>
                  <span className={`badge badge-subscriber-${row.status}`}>{SUBSCRIBER_STATUS_LABELS[row.status]}</span>
                  <VerifiedBadge verified={row.verified} />
                </div>
              ),
            },
            { label: "Kilde", cell: (row) => row.source },
            { label: "Påmeldt", cell: (row) => row.signedUp },
            { label: "Bekreftet", time: true, cell: (row) => row.confirmed },
            { label: "Avmeldt", time: true, cell: (row) => row.unsubscribed },
          ]}
        />
      </StaffList>
    </>
  );
}
