import { VerifiedBadge } from "~/components/staff/verified-badge";
import { choicesOf, FilterBar, SearchFilter, SelectFilter } from "~/components/staff/list-filters";
import { StaffList } from "~/components/staff/list-kit";
import { RecordTable } from "~/components/staff/record-kit";
import { staffSession } from "~/lib/auth/guard.server";
import { getDb } from "~/lib/platform/db.server";
import { osloDateTime } from "~/lib/platform/dates";
import { previewLine } from "~/lib/platform/text-preview";
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
import type { Route } from "./+types/admin.inbox";

/** /admin/inbox: what visitors sent, newest first, with filters, search and pages. */
export const meta: Route.MetaFunction = () => staffMeta("Innboks");

export async function loader({ context, url }: Route.LoaderArgs) {
  staffSession(context);
  const filter = parseLeadFilter(url.searchParams);
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
      verified: row.verified,
      from: row.company ?? row.email,
      email: row.email,
      // What they wrote, or for a GDPR checklist its score: one line to scan by (#32).
      preview: row.kind === "gdpr" ? `GDPR-sjekkliste: ${row.scorePercent ?? 0} %` : previewLine(row.project),
      received: osloDateTime(row.createdAt),
    })),
  };
}

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { filter, rows, page, pageCount, total, query } = loaderData;
  const filtered = Boolean(filter.type || filter.status || filter.q);
  return (
    <>
      <div className="admin-head">
        <h1 className="admin-title">Innboks</h1>
        {/* A document request: the browser saves the file. */}
        <a className="button button-small button-ghost" href={`/admin/inbox/export.csv${query}`} download>
          Eksporter CSV
        </a>
      </div>
      <FilterBar label="Filtrer henvendelser" filtered={filtered}>
        <SelectFilter label="Type" name="type" value={filter.type} all="Alle typer" choices={choicesOf(LEAD_KINDS, LEAD_KIND_LABELS)} />
        <SelectFilter
          label="Status"
          name="status"
          value={filter.status}
          all="Alle statuser"
          choices={choicesOf(LEAD_STATUSES, LEAD_STATUS_LABELS)}
        />
        <SearchFilter value={filter.q} maxLength={SEARCH_MAX_LENGTH} placeholder="Firma, e-post eller tekst" />
      </FilterBar>
      <StaffList
        count={{ total, one: "henvendelse", many: "henvendelser", filtered }}
        isEmpty={rows.length === 0}
        empty={filtered ? "Ingen henvendelser passer filteret." : "Ingen henvendelser ennå."}
        pages={{ page, pageCount }}
      >
        <RecordTable
          rows={rows}
          sender={{
            label: "Fra",
            href: (row) => `/admin/inbox/${row.id}`,
            name: (row) => row.from,
            detail: (row) => (row.from !== row.email ? row.email : undefined),
            badges: (row) => <VerifiedBadge verified={row.verified} />,
          }}
          columns={[
            { label: "Type", cell: (row) => LEAD_KIND_LABELS[row.kind] },
            { label: "Mottatt", time: true, cell: (row) => row.received },
            {
              label: "Status",
              cell: (row) => (
                <div>
                  <span className={`badge badge-status-${row.status}`}>{LEAD_STATUS_LABELS[row.status]}</span>
                </div>
              ),
            },
          ]}
        />
      </StaffList>
    </>
  );
}
