import { parseWithZod } from "@conform-to/zod/v4";
import { StaffList, StaffTable } from "~/components/staff/list-kit";
import { AddRedirectForm, RemoveRedirectForm, removeAnswerFor } from "~/components/staff/redirect-forms";
import { RowMenu } from "~/components/staff/row-menu";
import { getDb } from "~/lib/platform/db.server";
import { osloDateTime } from "~/lib/platform/dates";
import { NotFoundError } from "~/lib/platform/domain-errors";
import { type FormOutcome, replyToForm } from "~/lib/platform/form-reply.server";
import { addRedirectSchema, REDIRECT_KIND_LABELS, removeRedirectSchema } from "~/lib/redirects/redirect-forms";
import { addRedirect, listRedirects, removeRedirect } from "~/lib/redirects/redirects.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.redirects";

/**
 * /admin/redirects ("Omdirigeringer"): old addresses that send visitors on with a 301.
 * Moved posts, jobs and case studies add theirs automatically; staff add and remove their own.
 */
export const meta: Route.MetaFunction = () => staffMeta("Omdirigeringer");

export async function loader() {
  const rows = await listRedirects(getDb());
  return {
    rows: rows.map((row) => ({
      id: row.id,
      from: row.from,
      to: row.to,
      kind: REDIRECT_KIND_LABELS[row.kind],
      createdAt: osloDateTime(row.createdAt),
      createdBy: row.createdBy ?? "Systemet",
      hits: row.hits,
      lastHit: row.lastHitAt ? osloDateTime(row.lastHitAt) : null,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const db = getDb();
  const actor = staffActor(request, context);
  if (formData.get("intent") === "remove") {
    return replyToForm(
      parseWithZod(formData, { schema: removeRedirectSchema }),
      async ({ id }): Promise<FormOutcome> => {
        try {
          await removeRedirect(db, actor, id);
        } catch (error) {
          // Gone already (a colleague was quicker): said in the row's form, not as a 404 page.
          if (error instanceof NotFoundError) return { error: error.message, status: 404 };
          throw error;
        }
        return { message: "Omdirigeringen er fjernet.", resetForm: true };
      },
      { intent: "remove" },
    );
  }
  return replyToForm(
    parseWithZod(formData, { schema: addRedirectSchema }),
    async (input): Promise<FormOutcome> => {
      const added = await addRedirect(db, actor, input);
      // Refused: the message stands under the field it is about; the form keeps what was typed.
      if (added.kind === "refused") return { fieldErrors: { [added.field]: [added.message] }, status: 409 };
      return { message: `${added.from} omdirigeres nå til ${added.to}.`, resetForm: true };
    },
    { intent: "add" },
  );
}

export default function Redirects({ loaderData, actionData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <>
      <h1 className="admin-title">Omdirigeringer</h1>
      <p>
        En gammel adresse som sender besøkende videre til en ny (301). Når adressen til et innlegg, en stilling
        eller et prosjekt endres, legges den gamle til her automatisk.
      </p>
      <section className="admin-panel" aria-labelledby="add-redirect-heading">
        <h2 id="add-redirect-heading">Legg til en omdirigering</h2>
        <AddRedirectForm actionData={actionData} />
      </section>
      <h2>Alle omdirigeringer</h2>
      <StaffList isEmpty={rows.length === 0} empty="Ingen omdirigeringer ennå.">
        <StaffTable
          className="admin-table"
          rows={rows}
          columns={[
            { label: "Fra", cell: (row) => <code>{row.from}</code> },
            { label: "Til", cell: (row) => <code>{row.to}</code> },
            { label: "Type", cell: (row) => row.kind },
            { label: "Lagt til", time: true, cell: (row) => row.createdAt },
            { label: "Av", cell: (row) => row.createdBy },
            {
              label: "Brukt",
              cell: (row) =>
                row.hits === 0
                  ? "Aldri"
                  : `${row.hits === 1 ? "1 gang" : `${row.hits.toLocaleString("nb-NO")} ganger`}, sist ${row.lastHit}`,
            },
            {
              // "Fjern" behind the row menu, in its part for what cannot be undone, as on /job-cms:
              // a tick and a click in every row made the table read as a column of buttons.
              label: "Handlinger",
              cell: (row) => (
                <RowMenu
                  name={row.from}
                  open={removeAnswerFor(row.id, actionData) !== undefined}
                  danger={<RemoveRedirectForm id={row.id} from={row.from} actionData={actionData} />}
                />
              ),
            },
          ]}
        />
      </StaffList>
    </>
  );
}
