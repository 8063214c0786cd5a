import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import { PageEditorForm } from "~/components/staff/page-editor-form";
import { discardDraft, pageForEditing, saveDraft } from "~/lib/pages/page-editing.server";
import { conflictMessage, discardSchema, PAGE_NOTICES, PAGE_STATE_LABELS } from "~/lib/pages/page-forms";
import { draftFormSchema, isPageKey, type PageKey, pageDefinition } from "~/lib/pages/page-registry";
import { getDb } from "~/lib/platform/db.server";
import { osloDateTime } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.pages.page";

/**
 * /admin/pages/:page: one page's words. "Lagre utkast" posts here; publish, discard,
 * preview and history are their own addresses below this one.
 */
export const meta: Route.MetaFunction = ({ data }) => staffMeta(data ? `Rediger: ${data.label}` : "Sider");

function pageKeyOf(params: { page: string }) {
  if (!isPageKey(params.page)) throw data(null, { status: 404 });
  return params.page;
}

export async function loader({ params }: Route.LoaderArgs) {
  const key = pageKeyOf(params);
  const page = await pageForEditing(getDb(), key, "en");
  return {
    key,
    label: page.definition.label,
    path: page.definition.path,
    content: page.content,
    revision: page.revision,
    hasDraft: Boolean(page.draft),
    publishedVersion: page.publishedVersion,
    published: page.publishedAt ? `${osloDateTime(page.publishedAt)} av ${page.publishedBy}` : null,
    draftSaved: page.draftUpdatedAt ? `${osloDateTime(page.draftUpdatedAt)} av ${page.draftUpdatedBy}` : null,
  };
}

// Two intents: "save" (the editor) and "discard" (confirmed); publishing has its own address.
export async function action({ request, context, params }: Route.ActionArgs) {
  const key = pageKeyOf(params);
  const formData = await request.formData();
  if (formData.get("intent") === "discard") return discard(request, context, key, formData);
  const submission = parseWithZod(formData, { schema: draftFormSchema(pageDefinition(key)) });
  if (submission.status !== "success") return data({ result: submission.reply(), error: undefined }, 400);
  const { revision, content } = submission.value;
  const outcome = await saveDraft(getDb(), staffActor(request, context), key, "en", { revision, content });
  if (outcome.kind === "conflict") {
    // The typed text stays in the form (the reply carries it); nothing was saved.
    const error = conflictMessage(outcome.by, outcome.at ? osloDateTime(outcome.at) : null);
    return data({ result: submission.reply(), error }, 409);
  }
  return redirectWithFlash(`/admin/pages/${key}`, { kind: "success", message: PAGE_NOTICES.saved });
}

async function discard(request: Request, context: Route.ActionArgs["context"], key: PageKey, formData: FormData) {
  const submission = parseWithZod(formData, { schema: discardSchema });
  const confirmed = { intent: "discard", result: submission.reply() };
  if (submission.status !== "success") return data({ confirmed, result: undefined, error: undefined }, 400);
  const outcome = await discardDraft(getDb(), staffActor(request, context), key, "en", submission.value.revision);
  if (outcome.kind === "conflict") {
    const error = conflictMessage(outcome.by, outcome.at ? osloDateTime(outcome.at) : null);
    return data({ confirmed: { ...confirmed, error }, result: undefined, error: undefined }, 409);
  }
  return redirectWithFlash(`/admin/pages/${key}`, { kind: "success", message: PAGE_NOTICES.discarded });
}

export default function PageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/pages">← Til sidene</Link>
      </p>
      <div className="admin-head">
        <h1 className="admin-title">{page.label}</h1>
        <a className="button button-small button-ghost" href={page.path}>
          Se siden på nettstedet
        </a>
      </div>
      <p className="page-editor-state">
        <span className={page.hasDraft ? "badge" : "badge badge-published"}>
          {page.hasDraft ? PAGE_STATE_LABELS.draft : PAGE_STATE_LABELS.published}
        </span>{" "}
        {page.published ? `Publisert ${page.published}.` : "Viser originaltekstene."}{" "}
        {page.draftSaved ? `Utkast lagret ${page.draftSaved}.` : null}
      </p>
      <nav className="page-editor-links" aria-label="Siden">
        <Link to={`/admin/pages/${page.key}/preview`}>Forhåndsvis</Link>
        <Link to={`/admin/pages/${page.key}/history`}>Historikk</Link>
      </nav>
      <PageEditorForm
        key={page.revision}
        page={page.key}
        revision={page.revision}
        content={page.content}
        lastResult={actionData?.result}
        error={actionData?.error}
      />
      {page.hasDraft ? (
        <section className="admin-panel page-publish" aria-labelledby="page-publish">
          <h2 id="page-publish">Publiser</h2>
          <p className="field-hint">Det lagrede utkastet blir synlig for alle besøkende med en gang.</p>
          <Form method="post" action={`/admin/pages/${page.key}/publish`}>
            <input type="hidden" name="intent" value="publish" />
            <input type="hidden" name="revision" value={page.revision} />
            <button type="submit" className="button button-small">
              Publiser
            </button>
          </Form>
          <h2 id="page-discard">Forkast utkast</h2>
          <ConfirmedActionForm
            intent="discard"
            schema={discardSchema}
            actionData={actionData && "confirmed" in actionData ? actionData.confirmed : undefined}
            id="discard-form"
            checkboxLabel="Ja, forkast utkastet og behold den publiserte teksten"
            question="Forkaste utkastet? Endringene i det kan ikke hentes tilbake."
            button="Forkast utkast"
            danger
          >
            <input type="hidden" name="revision" value={page.revision} />
          </ConfirmedActionForm>
        </section>
      ) : null}
    </>
  );
}
