import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import { LineDiffView } from "~/components/staff/line-diff-view";
import { getPostById } from "~/lib/blog/blog.server";
import { diffCounts } from "~/lib/blog/line-diff";
import { editorPath, restoreRevisionSchema, revisionsPath } from "~/lib/blog/post-history-forms";
import { restorePostRevision } from "~/lib/blog/post-restore.server";
import { compareRevision, listRevisions } from "~/lib/blog/post-revisions.server";
import { osloDateTime } from "~/lib/platform/dates";
import { getDb } from "~/lib/platform/db.server";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { replyToForm } from "~/lib/platform/form-reply.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import { staffSession } from "~/lib/auth/guard.server";
import type { Route } from "./+types/admin.posts.revisions";

/**
 * /admin/posts/:id/revisions: every save of a post (who, when), newest first;
 * `?revision=N` shows it beside the post as it is now (the fields, and the text as a line
 * diff) and restores it, confirmed, as a new revision (docs/decisions/052).
 */
export const meta: Route.MetaFunction = ({ data }) => staffMeta(data ? `Versjoner: ${data.title}` : "Versjoner");

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const db = getDb();
  // An author: their own posts only (decision 059).
  const post = await getPostById(db, params.id, staffSession(context));
  if (!post) throw data(null, { status: 404 });
  const asked = new URL(request.url).searchParams.get("revision");
  const number = asked !== null && /^\d{1,9}$/.test(asked) ? Number(asked) : null;
  const [revisions, comparison] = await Promise.all([
    listRevisions(db, post.id),
    number === null ? undefined : compareRevision(db, post.id, number),
  ]);
  if (number !== null && !comparison) throw data(null, { status: 404 });
  return {
    id: post.id,
    title: post.title,
    current: revisions[0]?.number ?? 0,
    revisions: revisions.map((row) => ({
      number: row.number,
      at: osloDateTime(row.savedAt),
      by: row.by,
      restoredFrom: row.restoredFrom,
      published: row.published,
    })),
    shown: comparison
      ? { ...comparison, savedAt: osloDateTime(comparison.savedAt), counts: diffCounts(comparison.content) }
      : null,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  // A post or revision that is not there throws NotFoundError: replyToForm makes it the page's 404.
  return replyToForm(
    parseWithZod(await request.formData(), { schema: restoreRevisionSchema }),
    async ({ revision }) => {
      const made = await restorePostRevision(getDb(), staffActor(request, context), params.id, revision);
      const message = `Versjon ${revision} er gjenopprettet som versjon ${made.revision}.`;
      return redirectWithFlash(editorPath(params.id), { kind: "success", message });
    },
    { intent: "restore" },
  );
}

export default function PostRevisions({ loaderData, actionData }: Route.ComponentProps) {
  const { id, title, current, revisions, shown } = loaderData;
  // Only what differs is set side by side; the rest is named in one line.
  const changed = shown?.fields.filter((field) => field.changed) ?? [];
  const same = shown?.fields.filter((field) => !field.changed) ?? [];
  return (
    <>
      <p>
        <Link to={editorPath(id)}>← Tilbake til innlegget</Link>
      </p>
      <h1 className="admin-title">Versjoner: {title}</h1>
      <p className="field-hint">Hver lagring blir en versjon. Å gjenopprette en versjon lagrer den som en ny; ingenting går tapt.</p>
      {revisions.length === 0 ? (
        <p>Innlegget er ikke lagret siden versjoner ble tatt vare på.</p>
      ) : (
        <div className="table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Versjon</th>
                <th scope="col">Lagret</th>
                <th scope="col">Vis</th>
              </tr>
            </thead>
            <tbody>
              {revisions.map((row) => (
                <tr key={row.number} aria-current={shown?.number === row.number ? "true" : undefined}>
                  <td data-label="Versjon">
                    Versjon {row.number}
                    {row.number === current ? " (nå)" : ""}
                    {row.restoredFrom !== null ? `, gjenopprettet fra versjon ${row.restoredFrom}` : ""}
                    {row.published ? "" : " · utkast"}
                  </td>
                  <td data-label="Lagret">
                    {row.at} av {row.by}
                  </td>
                  <td data-label="Vis">
                    {row.number === current ? (
                      "Gjeldende"
                    ) : (
                      <Link to={revisionsPath(id, row.number)}>Se endringer</Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {shown ? (
        <section className="admin-panel post-compare" aria-labelledby="post-compare-heading">
          <h2 id="post-compare-heading">
            Versjon {shown.number} ({shown.savedAt}) sammenlignet med innlegget nå
          </h2>
          {changed.length > 0 ? (
            <div className="table-wrap">
              <table className="admin-table page-compare-table">
                <thead>
                  <tr>
                    <th scope="col">Felt</th>
                    <th scope="col">Versjon {shown.number}</th>
                    <th scope="col">Nå</th>
                  </tr>
                </thead>
                <tbody>
                  {changed.map((field) => (
                    <tr key={field.field} className="page-compare-changed">
                      <th scope="row" data-label="Felt">
                        {field.label}
                      </th>
                      <td data-label={`Versjon ${shown.number}`}>{field.then}</td>
                      <td data-label="Nå">{field.now}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {same.length > 0 ? <p className="field-hint">Uendret: {same.map((field) => field.label).join(", ")}.</p> : null}
          <h3>Innhold</h3>
          <p className="field-hint">
            Fra versjon {shown.number} til nå: {shown.counts.added} linjer lagt til (+), {shown.counts.removed} fjernet (−).
          </p>
          <LineDiffView lines={shown.content} label={`Innholdet fra versjon ${shown.number} til nå`} />
          <ConfirmedActionForm
            intent="restore"
            schema={restoreRevisionSchema}
            actionData={actionData}
            checkboxLabel={`Ja, gjør versjon ${shown.number} til gjeldende tekst (som en ny versjon)`}
            question={`Gjenopprette versjon ${shown.number}? Tittel, utdrag, forfatter, bilde og innhold blir som da; adressen og om innlegget er publisert, blir som nå.`}
            button="Gjenopprett"
          >
            <input type="hidden" name="revision" value={shown.number} />
          </ConfirmedActionForm>
        </section>
      ) : null}
    </>
  );
}
