import { Link } from "react-router";
import { StaffList, StaffTable } from "~/components/staff/list-kit";
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
      {/* No empty state or pager: the pages are the site's own, all of them on one page. */}
      <StaffList count={{ total: loaderData.pages.length, one: "side", many: "sider", filtered: false }}>
        <StaffTable
          className="admin-table pages-table"
          rows={loaderData.pages.map((page) => ({ ...page, id: page.key }))}
          columns={[
            { label: "Side", cell: (page) => <Link to={`/admin/pages/${page.key}`}>{page.label}</Link> },
            {
              label: "Status",
              cell: (page) => (
                <span className={page.hasDraft ? "badge" : "badge badge-published"}>
                  {page.hasDraft ? PAGE_STATE_LABELS.draft : PAGE_STATE_LABELS.published}
                </span>
              ),
            },
            {
              label: "Sist endret",
              cell: (page) =>
                page.changedAt ? `${osloDateTime(page.changedAt)} av ${page.changedBy}` : "Aldri endret (originaltekstene)",
            },
            { label: "På nettstedet", cell: (page) => <a href={page.path}>{page.path}</a> },
          ]}
        />
      </StaffList>
    </>
  );
}
