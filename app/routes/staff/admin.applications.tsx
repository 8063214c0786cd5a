import { VerifiedBadge } from "~/components/staff/verified-badge";
import { Link } from "react-router";
import { FilterBar, SelectFilter } from "~/components/staff/list-filters";
import { StaffList } from "~/components/staff/list-kit";
import { RecordTable } from "~/components/staff/record-kit";
import { applicationJobChoices, listApplications } from "~/lib/applications/application-admin.server";
import { APPLICATION_STATUS_LABELS, applicationFilterSchema } from "~/lib/applications/application-forms";
import { getDb } from "~/lib/platform/db.server";
import { osloDateTime } from "~/lib/platform/dates";
import { previewLine } from "~/lib/platform/text-preview";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.applications";

/** /admin/applications ("Søknader"): every application or one listing's, newest first (decision 057). */
export const meta: Route.MetaFunction = () => staffMeta("Søknader");

export async function loader({ url }: Route.LoaderArgs) {
  const filter = applicationFilterSchema.parse(Object.fromEntries(url.searchParams));
  const db = getDb();
  const [list, jobs] = await Promise.all([listApplications(db, filter), applicationJobChoices(db)]);
  return {
    job: filter.job ?? "",
    jobs: jobs.map((job) => ({ value: job.id, label: `${job.title} (${job.n})` })),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      jobTitle: row.jobTitle,
      status: row.status,
      unread: row.readAt === null,
      verified: row.verified,
      // The start of the letter: one line to scan by (#32).
      preview: previewLine(row.letterStart),
      received: osloDateTime(row.createdAt),
    })),
  };
}

export default function Applications({ loaderData }: Route.ComponentProps) {
  const { job, jobs, rows, page, pageCount, total } = loaderData;
  const filtered = Boolean(job);
  return (
    <>
      <div className="admin-head">
        <h1 className="admin-title">Søknader</h1>
        <div className="admin-head-actions">
          <Link className="button button-small button-ghost" to="/admin/applications/templates">
            Svarmaler
          </Link>
          <a
            className="button button-small button-ghost"
            href={`/admin/applications/export.csv${job ? `?job=${job}` : ""}`}
            download
          >
            Eksporter CSV
          </a>
        </div>
      </div>
      <FilterBar label="Filtrer søknader" filtered={filtered}>
        <SelectFilter label="Stilling" name="job" value={job} all="Alle stillinger" choices={jobs} />
      </FilterBar>
      <StaffList
        count={{ total, one: "søknad", many: "søknader", filtered }}
        isEmpty={rows.length === 0}
        empty={filtered ? "Ingen søknader på denne stillingen." : "Ingen søknader ennå."}
        pages={{ page, pageCount }}
      >
        <RecordTable
          rows={rows}
          sender={{
            label: "Søker",
            href: (row) => `/admin/applications/${row.id}`,
            name: (row) => row.name,
            detail: (row) => row.email,
            badges: (row) => <VerifiedBadge verified={row.verified} />,
          }}
          columns={[
            { label: "Stilling", cell: (row) => row.jobTitle },
            { label: "Mottatt", cell: (row) => row.received },
            {
              label: "Status",
              cell: (row) => (
                <div>
                  <span className={`badge badge-application-${row.status}`}>
                    {APPLICATION_STATUS_LABELS[row.status]}
                  </span>
                </div>
              ),
            },
          ]}
        />
      </StaffList>
    </>
  );
}
