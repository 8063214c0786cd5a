import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { BlogEditorForm, type EditorResult } from "~/components/staff/blog-editor-form";
import { getPostById, getPostSeo, savePostWithImageAlt, withImageAlt } from "~/lib/blog/blog.server";
import { EMPTY_SEO } from "~/lib/seo/seo-fields";
import {
  POST_NOT_FOUND,
  PUBLISH_AT_PAST,
  postFormSchema,
  postFromForm,
  savedToast,
  textareaText,
} from "~/lib/blog/blog-forms";
import { osloWallClock, scheduledTimes, setPostSchedule } from "~/lib/blog/post-schedule.server";
import { tagsToText } from "~/lib/blog/post-tags";
import { mediaChoices } from "~/lib/media/media-choices.server";
import { now } from "~/lib/platform/clock.server";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { fromOsloWallClock, osloDateTime, osloTimestamp } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import { staffSession } from "~/lib/auth/guard.server";
import { can } from "~/lib/auth/roles";
import type { Route } from "./+types/blog.editor";
import { DomainError } from "~/lib/platform/domain-errors";
import { DOMAIN_ERROR_STATUS } from "~/lib/platform/http.server";
import { EditorSaveProblem, type SaveProblem } from "~/components/staff/editor-save-problem";
import { PostRevisionsPanel, PreviewLinksPanel } from "~/components/staff/post-history-panels";
import { postHistoryForEditor } from "~/lib/blog/post-editor-history.server";
import { editorPath } from "~/lib/blog/post-history-forms";
import { StaleRevisionError } from "~/lib/blog/post-revisions.server";
import { reviewOfPost, sendBackForChanges, submitForReview, withdrawFromReview } from "~/lib/blog/post-review.server";
import { sendBackSchema, sentBackNotice, SUBMITTED, withdrawSchema, WITHDRAWN } from "~/lib/blog/post-review-forms";
import { PostReviewPanel } from "~/components/staff/post-review-panel";
import { replyToForm } from "~/lib/platform/form-reply.server";

/** The blog editor: a new post, or with `?edit={id}` that post. The staff guard (guarded.ts) covers loader and action. */
export const meta: Route.MetaFunction = () => staffMeta("Blogginnlegg");

const editIdOf = (url: URL) => url.searchParams.get("edit") || undefined;

export async function loader({ url, context }: Route.LoaderArgs) {
  const viewer = staffSession(context);
  const editId = editIdOf(url);
  // The library's images, for the picker beside the upload.
  const media = await mediaChoices(getDb(), getConfig().mediaBaseUrl);
  const none = { post: null, createdAtText: "", scheduledText: "", media, history: null, review: null };
  const canPublish = can(viewer.role, "publish");
  if (!editId) return { ...none, mode: "create" as const, loadError: null, canPublish };
  const found = await getPostById(getDb(), editId, viewer); // an author: their own only (decision 059)
  if (!found) return { ...none, mode: "edit" as const, loadError: POST_NOT_FOUND, canPublish };
  // A scheduled post: its time in the "Publiser senere" field, and said beside it.
  const publishAt = (await scheduledTimes(getDb())).get(found.id);
  // The image's alt text as the public post gives it: the media library's (decision 030).
  const [post] = await withImageAlt(getDb(), [found]);
  const { id, title, excerpt, author, featured_image, image_alt, featured, content, slug, tags } = post!;
  return {
    mode: "edit" as const,
    // The fields' first values, as the text boxes will hold them (so an untouched post is not "changed").
    post: {
      id,
      title,
      excerpt: textareaText(excerpt),
      author,
      featured_image,
      image_alt,
      featured,
      content: textareaText(content),
      slug,
      tags: tagsToText(tags),
      publish_at: publishAt ? osloWallClock(publishAt) : "",
      // Search-engine fields (decision 056).
      ...((await getPostSeo(getDb(), id)) ?? EMPTY_SEO),
    },
    createdAtText: osloTimestamp(found.created_at),
    scheduledText: publishAt ? osloDateTime(publishAt) : "",
    loadError: null,
    canPublish,
    media,
    // Its revisions (the one opened goes back with the save) and a draft's preview links: docs/decisions/052.
    history: await postHistoryForEditor(getDb(), id, found.published),
    // Waiting for review, or sent back with a comment (docs/decisions/066).
    review: await reviewOfPost(getDb(), id),
  };
}

/** Saves the post (as the JSON API does, audited) and its image's alt text, then the page moves on to the list. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const formData = await request.formData();
  const editId = editIdOf(url);
  // "Send tilbake" and "Trekk tilbake" (docs/decisions/066): forms of their own beside the
  // post's; lib/blog checks who may (a reviewer, the post's author) and audits.
  const intent = formData.get("intent");
  if (intent === "send-back") {
    return replyToForm(
      parseWithZod(formData, { schema: sendBackSchema }),
      async ({ comment }) => {
        const { title } = await sendBackForChanges(getDb(), staffActor(request, context), editId ?? "", comment);
        return { message: sentBackNotice(title), resetForm: true };
      },
      { intent },
    );
  }
  if (intent === "withdraw") {
    return replyToForm(
      parseWithZod(formData, { schema: withdrawSchema }),
      async () => {
        await withdrawFromReview(getDb(), staffActor(request, context), editId ?? "");
        return { message: WITHDRAWN };
      },
      { intent },
    );
  }
  const submission = parseWithZod(formData, { schema: postFormSchema });
  if (submission.status !== "success") return data<EditorResult>({ result: submission.reply() }, 400);
  const input = postFromForm(submission.value);
  input.created_at = fromOsloWallClock(input.created_at);
  // "Publiser senere": saved as a draft that goes live at this Oslo time (decision 051).
  const publishAt =
    submission.value.intent === "schedule" ? new Date(fromOsloWallClock(submission.value.publish_at)) : null;
  if (publishAt && !(publishAt.getTime() > now().getTime()))
    return data<EditorResult>({ result: submission.reply({ fieldErrors: { publish_at: [PUBLISH_AT_PAST] } }) }, 400);
  const actor = staffActor(request, context);
  try {
    const forReview = submission.value.intent === "submit";
    const options = { expectedRevision: editId ? submission.value.revision : undefined, forReview };
    await getDb().transaction(async (tx) => {
      const post = await savePostWithImageAlt(tx, actor, input, submission.value.image_alt, editId, options);
      await setPostSchedule(tx, actor, post.id, publishAt);
      // "Send til godkjenning": the text just saved is what goes to the queue.
      if (forReview) await submitForReview(tx, actor, post.id);
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // A colleague saved first: refused, the typed text kept in the form (decision 048).
    if (error instanceof StaleRevisionError) {
      return data<EditorResult>({ result: submission.reply(), error: error.message, stale: true }, 409);
    }
    const formErrors = [`Feil ved lagring: ${error.message}`];
    return data<EditorResult>({ result: submission.reply({ formErrors }) }, DOMAIN_ERROR_STATUS[error.kind]);
  }
  const saved = publishAt
    ? `Innlegget er planlagt og publiseres ${osloDateTime(publishAt)}.`
    : submission.value.intent === "submit"
      ? SUBMITTED
      : savedToast(editId ? "edit" : "create", input.published);
  const reply: EditorResult = { result: submission.reply(), saved };
  return reply;
}

/**
 * A session that ended while the post was written: the guard answers the save with a
 * redirect (home, or /login saying why). The editor says so instead ("Ikke autorisert"),
 * as a 401, so that no loader is asked again (which the guard would also send away), and
 * keeps the text on screen. The same for a save that never reached the server (the
 * network gone) or failed there: the page stays, with the text (docs/decisions/052).
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400)
      return data({ unauthorized: true as const }, 401);
    if (error instanceof TypeError) return data({ offline: true as const }, 503);
    return data({ failed: true as const }, 500);
  }
}

export default function Editor({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, post, createdAtText, scheduledText, loadError, media, history, canPublish, review } = loaderData;
  // The review forms answer with an `intent`; the post's own form without one.
  const reviewReply = actionData && "result" in actionData && actionData.intent ? actionData : undefined;
  const editorReply = actionData && "result" in actionData && !actionData.intent ? actionData : undefined;
  const navigate = useNavigate();
  const [uploadUnauthorized, setUploadUnauthorized] = useState(false);
  const problem = saveProblem(actionData, uploadUnauthorized, post?.id);

  // An edit link to a post that is gone: an alert "Feil ved henting av blogginnlegg: …", then back to the list.
  useEffect(() => {
    if (!loadError) return;
    window.alert(`Feil ved henting av blogginnlegg: ${loadError}`);
    navigate("/blog/manage");
  }, [loadError, navigate]);

  return (
    <div className="container admin" lang="nb">
      <div className="admin-head">
        <h1 className="admin-title">{mode === "edit" ? "Rediger innlegg" : "Nytt innlegg"}</h1>
        <Link to="/blog/manage">← Tilbake til oversikten</Link>
      </div>
      {problem ? <EditorSaveProblem problem={problem} /> : null}
      {/* An author sees it on a new post too: the way to publishing is "Send til godkjenning". */}
      {post || !canPublish ? (
        <PostReviewPanel review={review} canPublish={canPublish} published={Boolean(history?.published)} actionData={reviewReply} />
      ) : null}
      <BlogEditorForm
        key={post?.id ?? "new"}
        mode={mode}
        defaults={post ?? undefined}
        createdAtText={createdAtText}
        scheduledText={scheduledText}
        media={media}
        actionData={editorReply}
        inReview={review?.status === "submitted"}
        onUnauthorized={() => setUploadUnauthorized(true)}
        postId={post?.id}
        revision={history?.revision}
        canPublish={canPublish}
      />
      {post && history ? (
        <div className="post-history-panels">
          <PostRevisionsPanel postId={post.id} history={history} />
          <PreviewLinksPanel postId={post.id} history={history} />
        </div>
      ) : null}
    </div>
  );
}

/** What went wrong with the last save, if anything: shown above the form, whose text stays. */
function saveProblem(
  actionData: Route.ComponentProps["actionData"],
  uploadUnauthorized: boolean,
  postId?: string,
): SaveProblem | null {
  if (uploadUnauthorized || (actionData && "unauthorized" in actionData)) return { kind: "unauthorized" };
  if (!actionData) return null;
  if ("offline" in actionData) return { kind: "offline" };
  if ("failed" in actionData) return { kind: "failed" };
  if ("stale" in actionData && actionData.stale && postId) {
    return { kind: "stale", message: actionData.error ?? "", editUrl: editorPath(postId) };
  }
  return null;
}
