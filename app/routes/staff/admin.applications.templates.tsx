import { Link } from "react-router";
import { StaffList, StaffTable } from "~/components/staff/list-kit";
import { REPLY_LANGUAGE_LABELS, REPLY_TEMPLATE_LABELS } from "~/lib/applications/application-forms";
import { templateKey } from "~/lib/applications/reply-templates";
import { listReplyTemplates } from "~/lib/applications/reply-templates.server";
import { osloDateTime } from "~/lib/platform/dates";
import { getDb } from "~/lib/platform/db.server";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.applications.templates";

/** /admin/applications/templates ("Svarmaler"): the six answers "Svar" starts from (decision 064). */
export const meta: Route.MetaFunction = () => staffMeta("Svarmaler");

export async function loader() {
  const templates = await listReplyTemplates(getDb());
  return {
    rows: templates.map((row) => ({
      id: templateKey(row.template, row.language),
      label: REPLY_TEMPLATE_LABELS[row.template],
      language: REPLY_LANGUAGE_LABELS[row.language],
      subject: row.subject,
      changed:
        row.updatedByName && row.updatedAt
          ? `Versjon ${row.version}, ${osloDateTime(row.updatedAt)} av ${row.updatedByName}`
          : `Versjon ${row.version}, fra installasjonen`,
    })),
  };
}

export default function ReplyTemplates({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link to="/admin/applications">← Til søknadene</Link>
      </p>
      <h1 className="admin-title">Svarmaler</h1>
      <p className="field-hint">
        Teksten «Svar» på en søknad begynner med. Navnet, stillingen og studioet fylles inn, og du kan endre svaret før
        det sendes. En endret mal gjelder nye svar; sendte svar står som de ble sendt.
      </p>
      <StaffList>
        <StaffTable
          className="admin-table"
          rows={loaderData.rows}
          columns={[
            {
              label: "Mal",
              cell: (row) => (
                <Link to={`/admin/applications/templates/${row.id}`}>
                  {row.label} ({row.language})
                </Link>
              ),
            },
            { label: "Emne", cell: (row) => row.subject },
            { label: "Sist endret", cell: (row) => row.changed },
          ]}
        />
      </StaffList>
    </>
  );
}
