import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import { PageEditorForm } from "~/components/staff/page-editor-form";
import { PageReviewPanel } from "~/components/staff/page-review-panel";
import { staffSession } from "~/lib/auth/guard.server";
import { can } from "~/lib/auth/roles";
import { reviewOfPage, sendBackPageDraft, submitPageDraft, withdrawPageDraft } from "~/lib/pages/page-review.server";
import { type Conflict, discardDraft, pageForEditing, saveDraft } from "~/lib/pages/page-editing.server";
import {
  conflictMessage,
  discardSchema,
  PAGE_NOTICES,
  PAGE_STATE_LABELS,
  pageReturnSchema,
  pageSubmitSchema,
  pageWithdrawSchema,
} from "~/lib/pages/page-forms";
import { draftFormSchema, isPageKey, type PageKey, pageDefinition } from "~/lib/pages/page-registry";
import { getDb } from "~/lib/platform/db.server";
import { getConfig } from "~/lib/platform/config.server";
import { mediaChoices } from "~/lib/media/media-choices.server";
import { hasPictures } from "~/lib/pages/page-fields";
import { type FormOutcome, replyToForm } from "~/lib/platform/form-reply.server";
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

export async function loader({ params, context }: Route.LoaderArgs) {
  const key = pageKeyOf(params);
  const db = getDb();
  const page = await pageForEditing(db, key, "en");
  const review = await reviewOfPage(db, key, "en");
  // A page with pictures (about's team members) offers the media library's images.
  const media = hasPictures(page.definition.groups.flatMap((group) => group.fields))
    ? await mediaChoices(db, getConfig().mediaBaseUrl)
    : [];
  return {
    media,
    key,
    label: page.definition.label,
    path: page.definition.path,
    content: page.content,
    revision: page.revision,
    hasDraft: Boolean(page.draft),
    publishedVersion: page.publishedVersion,
    published: page.publishedAt ? `${osloDateTime(page.publishedAt)} av ${page.publishedBy}` : null,
    draftSaved: page.draftUpdatedAt ? `${osloDateTime(page.draftUpdatedAt)} av ${page.draftUpdatedBy}` : null,
    // An author drafts and sends for review; publishing is `content` (decision 071).
    canPublish: can(staffSession(context).role, "content"),
    review: review && { ...review, submittedById: undefined },
  };
}

// Intents: "save" (the editor), "discard" (confirmed), and the review's "submit", "withdraw",
// "send-back" (decision 071); publishing has its own address.
export async function action({ request, context, params }: Route.ActionArgs) {
  const key = pageKeyOf(params);
  const formData = await request.formData();
  const db = getDb();
  const actor = staffActor(request, context);
  const reviewReply = await reviewAction(formData, actor, key);
  if (reviewReply) return reviewReply;
  if (formData.get("intent") === "discard") {
    return replyToForm(
      parseWithZod(formData, { schema: discardSchema }),
      async ({ revision }) => {
        const outcome = await discardDraft(db, actor, key, "en", revision);
        if (outcome.kind === "conflict") return conflictRefusal(outcome);
        return redirectWithFlash(`/admin/pages/${key}`, { kind: "success", message: PAGE_NOTICES.discarded });
      },
      { intent: "discard" },
    );
  }
  return replyToForm(
    parseWithZod(formData, { schema: draftFormSchema(pageDefinition(key)) }),
    async ({ revision, content }) => {
      const outcome = await saveDraft(db, actor, key, "en", { revision, content });
      // The typed text stays in the form (the reply carries it); nothing was saved.
      if (outcome.kind === "conflict") return conflictRefusal(outcome);
      return redirectWithFlash(`/admin/pages/${key}`, { kind: "success", message: PAGE_NOTICES.saved });
    },
    { intent: "save" },
  );
}

/** The review's intents, read before the editor's schema; undefined for any other intent. */
async function reviewAction(formData: FormData, actor: ReturnType<typeof staffActor>, key: PageKey) {
  const db = getDb();
  const back = (message: string) => redirectWithFlash(`/admin/pages/${key}`, { kind: "success", message });
  switch (formData.get("intent")) {
    case "submit":
      return replyToForm(
        parseWithZod(formData, { schema: pageSubmitSchema }),
        async ({ revision }) => {
          await submitPageDraft(db, actor, key, "en", revision);
          return back(PAGE_NOTICES.submitted);
        },
        { intent: "submit" },
      );
    case "withdraw":
      return replyToForm(
        parseWithZod(formData, { schema: pageWithdrawSchema }),
        async () => {
          await withdrawPageDraft(db, actor, key, "en");
          return back(PAGE_NOTICES.withdrawn);
        },
        { intent: "withdraw" },
      );
    case "send-back":
      return replyToForm(
        parseWithZod(formData, { schema: pageReturnSchema }),
        async ({ comment }) => {
          await sendBackPageDraft(db, actor, key, "en", comment);
          return back(PAGE_NOTICES.returned);
        },
        { intent: "send-back" },
      );
    default:
      return undefined;
  }
}

/** A change on a page someone else changed meanwhile: refused (409) with who and when. */
function conflictRefusal(conflict: Conflict): FormOutcome {
  return { error: conflictMessage(conflict.by, conflict.at ? osloDateTime(conflict.at) : null), status: 409 };
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
      <PageReviewPanel
        review={page.review}
        canPublish={page.canPublish}
        hasDraft={page.hasDraft}
        revision={page.revision}
        actionData={actionData}
      />
      <PageEditorForm
        key={page.revision}
        page={page.key}
        revision={page.revision}
        content={page.content}
        actionData={actionData}
        media={page.media}
      />
      {page.hasDraft && page.canPublish ? (
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
            actionData={actionData}
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
