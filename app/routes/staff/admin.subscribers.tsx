import { Link } from "react-router";
import { choicesOf, FilterBar, ListCount, SearchFilter, SelectFilter } from "~/components/staff/list-filters";
import { Pager } from "~/components/staff/pager";
import { staffSession } from "~/lib/auth/guard.server";
import { getDb } from "~/lib/platform/db.server";
import { osloDateTime } from "~/lib/platform/dates";
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

const when = (at: Date | null) => (at ? osloDateTime(at) : "–");

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
      signedUp: when(row.createdAt),
      confirmed: when(row.confirmedAt),
      unsubscribed: when(row.unsubscribedAt),
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
      <ListCount total={total} one="abonnent" many="abonnenter" filtered={filtered} testId="subscriber-total" />
      {rows.length === 0 ? (
        <p className="empty">{filtered ? "Ingen abonnenter passer filteret." : "Ingen abonnenter ennå."}</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table subscribers-table">
            <thead>
              <tr>
                <th scope="col">E-post</th>
                <th scope="col">Status</th>
                <th scope="col">Kilde</th>
                <th scope="col">Påmeldt</th>
                <th scope="col">Bekreftet</th>
                <th scope="col">Avmeldt</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="E-post">
                    <Link to={`/admin/subscribers/${row.id}`}>{row.email}</Link>
                  </td>
                  <td data-label="Status">
                    <div>
                      <span className={`badge badge-subscriber-${row.status}`}>{SUBSCRIBER_STATUS_LABELS[row.status]}</span>
                    </div>
                  </td>
                  <td data-label="Kilde">{row.source}</td>
                  <td data-label="Påmeldt">{row.signedUp}</td>
                  <td data-label="Bekreftet">{row.confirmed}</td>
                  <td data-label="Avmeldt">{row.unsubscribed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pageCount={pageCount} />
    </>
  );
}
