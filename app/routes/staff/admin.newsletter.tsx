import { Form, Link } from "react-router";
import { Pager } from "~/components/staff/pager";
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
      {posts.length > 0 ? (
        <Form method="post" action="/admin/newsletter/from-post" className="inline-form newsletter-from-post">
          <label htmlFor="from-post">Start fra et publisert innlegg</label>
          <select id="from-post" name="postId" required>
            {posts.map((post) => (
              <option key={post.id} value={post.id}>
                {post.title}
              </option>
            ))}
          </select>
          <button type="submit" className="button button-small button-ghost">
            Lag kladd
          </button>
        </Form>
      ) : null}
      <h2>Utgaver ({total})</h2>
      {issues.length === 0 ? (
        <p className="empty">Ingen nyhetsbrev ennå.</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Emne</th>
                <th scope="col">Status</th>
                <th scope="col">Dato</th>
                <th scope="col">Mottakere</th>
                <th scope="col">Sendt / feilet</th>
              </tr>
            </thead>
            <tbody>
              {issues.map((issue) => (
                <tr key={issue.id}>
                  <td data-label="Emne">
                    <Link to={`/admin/newsletter/${issue.id}`}>{issue.subject}</Link>
                  </td>
                  <td data-label="Status">
                    <div>
                      <span className={`badge badge-issue-${issue.state}`}>{SEND_STATES[issue.state]}</span>
                    </div>
                  </td>
                  <td data-label="Dato">{issue.when}</td>
                  <td data-label="Mottakere">{issue.progress ? issue.progress.recipients : "–"}</td>
                  <td data-label="Sendt / feilet">
                    {issue.progress ? `${issue.progress.sent} / ${issue.progress.failed}` : "–"}
                  </td>
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
