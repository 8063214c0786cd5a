import { Link } from "react-router";
import { StaffList, StaffTable } from "~/components/staff/list-kit";
import { FromPostForm } from "~/components/staff/newsletter-forms";
import { staffSession } from "~/lib/auth/guard.server";
import { issuePageSchema, SEND_STATES } from "~/lib/newsletter/issue-forms";
import { listIssues, publishedPostChoices } from "~/lib/newsletter/issues.server";
import { countActiveSubscribers } from "~/lib/newsletter/sending.server";
import { getDb } from "~/lib/platform/db.server";
import { osloDateTime } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.newsletter";

/** /admin/newsletter: the issues, drafts and sent (with their counts), and where to start a new one. */
export const meta: Route.MetaFunction = () => staffMeta("Nyhetsbrev");

export async function loader({ context, url }: Route.LoaderArgs) {
  staffSession(context);
  const db = getDb();
  const { page } = issuePageSchema.parse(Object.fromEntries(url.searchParams));
  const [list, posts, active] = await Promise.all([listIssues(db, page), publishedPostChoices(db), countActiveSubscribers(db)]);
  return {
    active,
    posts,
    page: list.page,
    pageCount: list.pageCount,
    total: list.total,
    issues: list.issues.map((issue) => ({
      id: issue.id,
      subject: issue.subject,
      state: issue.state,
      when: osloDateTime(issue.startedAt ?? issue.updatedAt),
      progress: issue.progress,
    })),
  };
}

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const { issues, posts, active, page, pageCount, total } = loaderData;
  return (
    <>
      <div className="admin-head">
        <h1 className="admin-title">Nyhetsbrev</h1>
        <Link className="button button-small" to="/admin/newsletter/new">
          Nytt nyhetsbrev
        </Link>
      </div>
      <p>
        {active === 1 ? "1 aktiv abonnent" : `${active.toLocaleString("nb-NO")} aktive abonnenter`} (bekreftet, ikke
        avmeldt).
      </p>
      {posts.length > 0 ? <FromPostForm posts={posts} /> : null}
      <h2>Utgaver ({total})</h2>
      <StaffList isEmpty={issues.length === 0} empty="Ingen nyhetsbrev ennå." pages={{ page, pageCount }}>
        <StaffTable
          className="admin-table"
          rows={issues}
          columns={[
            { label: "Emne", cell: (issue) => <Link to={`/admin/newsletter/${issue.id}`}>{issue.subject}</Link> },
            {
              label: "Status",
              cell: (issue) => (
                <div>
                  <span className={`badge badge-issue-${issue.state}`}>{SEND_STATES[issue.state]}</span>
                </div>
              ),
            },
            { label: "Dato", time: true, cell: (issue) => issue.when },
            { label: "Mottakere", cell: (issue) => (issue.progress ? issue.progress.recipients : "–") },
            {
              label: "Sendt / feilet",
              cell: (issue) => (issue.progress ? `${issue.progress.sent} / ${issue.progress.failed}` : "–"),
            },
          ]}
        />
      </StaffList>
    </>
  );
}
