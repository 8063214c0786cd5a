import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import { LineDiffView } from "~/components/staff/line-diff-view";
import { CompareTable, VersionTable } from "~/components/staff/version-table";
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
        <VersionTable
          whenLabel="Lagret"
          shown={shown?.number}
          rows={revisions.map((row) => ({
            id: row.number,
            name: [
              `Versjon ${row.number}`,
              row.number === current ? " (nå)" : "",
              row.restoredFrom !== null ? `, gjenopprettet fra versjon ${row.restoredFrom}` : "",
              row.published ? "" : " · utkast",
            ].join(""),
            when: `${row.at} av ${row.by}`,
            show: row.number === current ? "Gjeldende" : { to: revisionsPath(id, row.number), label: "Se endringer" },
          }))}
        />
      )}
      {shown ? (
        <section className="admin-panel post-compare" aria-labelledby="post-compare-heading">
          <h2 id="post-compare-heading">
            Versjon {shown.number} ({shown.savedAt}) sammenlignet med innlegget nå
          </h2>
          {changed.length > 0 ? (
            <CompareTable
              fields={changed.map((field) => ({ ...field, name: field.field }))}
              thenLabel={`Versjon ${shown.number}`}
              nowLabel="Nå"
            />
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
