import { Form, Link, useSearchParams } from "react-router";
import { staffSession } from "~/lib/auth/guard.server";
import { getDb } from "~/lib/platform/db.server";
import { osloDateTime } from "~/lib/platform/oslo-time";
import { staffMeta } from "~/lib/site/seo";
import {
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  leadFilterQuery,
  parseLeadFilter,
  SEARCH_MAX_LENGTH,
} from "~/lib/visitor-forms/lead-forms";
import { listLeads } from "~/lib/visitor-forms/leads.server";
import { Pager } from "~/components/staff/pager";
import type { Route } from "./+types/admin.inbox";

/** /admin/inbox: what visitors sent, newest first, with filters, search and pages. */
export const meta: Route.MetaFunction = () => staffMeta("Innboks");

export async function loader({ request, context }: Route.LoaderArgs) {
  staffSession(context);
  const filter = parseLeadFilter(new URL(request.url).searchParams);
  const list = await listLeads(getDb(), filter);
  return {
    filter: { type: filter.type ?? "", status: filter.status ?? "", q: filter.q ?? "" },
    query: leadFilterQuery(filter),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      unread: row.readAt === null,
      from: row.company ?? row.email,
      email: row.email,
      received: osloDateTime(row.createdAt),
    })),
  };
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { filter, rows, page, pageCount, total, query } = loaderData;
  const [params] = useSearchParams();
  const filtered = Boolean(filter.type || filter.status || filter.q);
  const pageLink = (to: number) => {
    const next = new URLSearchParams(params);
    if (to > 1) next.set("page", String(to));
    else next.delete("page");
    const search = next.toString();
    return search ? `?${search}` : ".";
  };
  return (
    <>
      <div className="admin-head">
        <h1 className="admin-title">Innboks</h1>
        {/* A document request: the browser saves the file. */}
        <a className="button button-small button-ghost" href={`/admin/inbox/export.csv${query}`} download>
          Eksporter CSV
        </a>
      </div>
      {params.get("erased") ? (
        <p className="auth-message success" role="status">
          Henvendelsen er slettet, med notater og e-poster.
        </p>
      ) : null}
      <Form method="get" className="inbox-filters" role="search" aria-label="Filtrer henvendelser">
        <label>
          Type
          <select name="type" defaultValue={filter.type}>
            <option value="">Alle typer</option>
            {LEAD_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {LEAD_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select name="status" defaultValue={filter.status}>
            <option value="">Alle statuser</option>
            {LEAD_STATUSES.map((status) => (
              <option key={status} value={status}>
                {LEAD_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="inbox-search">
          Søk
          <input
            type="search"
            name="q"
            defaultValue={filter.q}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Firma, e-post eller tekst"
          />
        </label>
        <button type="submit" className="button button-small">
          Filtrer
        </button>
        {filtered ? (
          <Link to="." className="button button-small button-ghost">
            Nullstill
          </Link>
        ) : null}
      </Form>
      <p>
        {total === 1 ? "1 henvendelse" : `${total.toLocaleString("nb-NO")} henvendelser`}
        {filtered ? " som passer filteret" : ""}.
      </p>
      {rows.length === 0 ? (
        <p className="empty">{filtered ? "Ingen henvendelser passer filteret." : "Ingen henvendelser ennå."}</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table inbox-table">
            <thead>
              <tr>
                <th scope="col">Fra</th>
                <th scope="col">Type</th>
                <th scope="col">Mottatt</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className={row.unread ? "is-unread" : undefined}>
                  <td data-label="Fra">
                    <div>
                      {row.unread ? <span className="badge badge-unread">Ulest</span> : null}
                      <Link to={`/admin/inbox/${row.id}`}>{row.from}</Link>
                      {row.from !== row.email ? <small className="inbox-email">{row.email}</small> : null}
                    </div>
                  </td>
                  <td data-label="Type">{LEAD_KIND_LABELS[row.kind]}</td>
                  <td data-label="Mottatt">{row.received}</td>
                  <td data-label="Status">
                    <div>
                      <span className={`badge badge-status-${row.status}`}>{LEAD_STATUS_LABELS[row.status]}</span>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pageCount={pageCount} link={pageLink} />
    </>
  );
}
