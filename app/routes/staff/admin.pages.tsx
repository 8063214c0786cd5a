import { Link } from "react-router";
import { listPages } from "~/lib/pages/page-editing.server";
import { PAGE_STATE_LABELS } from "~/lib/pages/page-forms";
import { getDb } from "~/lib/platform/db.server";
import { osloDateTime } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.pages";

/** /admin/pages ("Sider"): every page whose words staff edit, its state and its last change. */
export const meta: Route.MetaFunction = () => staffMeta("Sider");

export async function loader() {
  return { pages: await listPages(getDb(), "en") };
}

export default function PagesList({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="admin-title">Sider</h1>
      <p className="field-hint">
        Tekstene på forsiden og tjenestesidene. Endringer lagres som utkast og vises først når de er publisert.
      </p>
      <div className="table-wrap">
        <table className="admin-table pages-table">
          <thead>
            <tr>
              <th scope="col">Side</th>
              <th scope="col">Status</th>
              <th scope="col">Sist endret</th>
              <th scope="col">På nettstedet</th>
            </tr>
          </thead>
          <tbody>
            {loaderData.pages.map((page) => (
              <tr key={page.key}>
                <td data-label="Side">
                  <Link to={`/admin/pages/${page.key}`}>{page.label}</Link>
                </td>
                <td data-label="Status">
                  <span className={page.hasDraft ? "badge" : "badge badge-published"}>
                    {page.hasDraft ? PAGE_STATE_LABELS.draft : PAGE_STATE_LABELS.published}
                  </span>
                </td>
                <td data-label="Sist endret">
                  {page.changedAt ? `${osloDateTime(page.changedAt)} av ${page.changedBy}` : "Aldri endret (originaltekstene)"}
                </td>
                <td data-label="På nettstedet">
                  <a href={page.path}>{page.path}</a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
