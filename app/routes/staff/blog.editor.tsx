import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Link, useNavigate } from "react-router";
import { BlogEditorForm, type EditorResult } from "~/components/staff/blog-editor-form";
import { getPostById, savePostWithImageAlt, withImageAlt } from "~/lib/blog/blog.server";
import { POST_NOT_FOUND, PUBLISH_AT_PAST, postFormSchema, postFromForm, savedToast, textareaText } from "~/lib/blog/blog-forms";
import { osloWallClock, scheduledTimes, setPostSchedule } from "~/lib/blog/post-schedule.server";
import { tagsToText } from "~/lib/blog/post-tags";
import { mediaChoices } from "~/lib/media/media-choices.server";
import { now } from "~/lib/platform/clock.server";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { fromOsloWallClock, osloDateTime, osloTimestamp } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/blog.editor";
import { DomainError } from "~/lib/platform/domain-errors";
import { DOMAIN_ERROR_STATUS } from "~/lib/platform/http.server";

/** The blog editor: a new post, or with `?edit={id}` that post. The staff guard (guarded.ts) covers loader and action. */
export const meta: Route.MetaFunction = () => staffMeta("Blogginnlegg");

const editIdOf = (url: URL) => url.searchParams.get("edit") || undefined;

export async function loader({ url }: Route.LoaderArgs) {
  const editId = editIdOf(url);
  // The library's images, for the picker beside the upload.
  const media = await mediaChoices(getDb(), getConfig().mediaBaseUrl);
  const none = { post: null, createdAtText: "", scheduledText: "", media };
  if (!editId) return { ...none, mode: "create" as const, loadError: null };
  const found = await getPostById(getDb(), editId);
  if (!found) return { ...none, mode: "edit" as const, loadError: POST_NOT_FOUND };
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
    },
    createdAtText: osloTimestamp(found.created_at),
    scheduledText: publishAt ? osloDateTime(publishAt) : "",
    loadError: null,
    media,
  };
}

/** Saves the post (as the JSON API does, audited) and its image's alt text, then the page moves on to the list. */
export async function action({ request, context, url }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: postFormSchema });
  if (submission.status !== "success") return data<EditorResult>({ result: submission.reply() }, 400);
  const editId = editIdOf(url);
  const input = postFromForm(submission.value);
  input.created_at = fromOsloWallClock(input.created_at);
  // "Publiser senere": saved as a draft that goes live at this Oslo time (decision 051).
  const publishAt = submission.value.intent === "schedule" ? new Date(fromOsloWallClock(submission.value.publish_at)) : null;
  if (publishAt && !(publishAt.getTime() > now().getTime()))
    return data<EditorResult>({ result: submission.reply({ fieldErrors: { publish_at: [PUBLISH_AT_PAST] } }) }, 400);
  const actor = staffActor(request, context);
  try {
    await getDb().transaction(async (tx) => {
      const post = await savePostWithImageAlt(tx, actor, input, submission.value.image_alt, editId);
      await setPostSchedule(tx, actor, post.id, publishAt);
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const formErrors = [`Feil ved lagring: ${error.message}`];
    return data<EditorResult>({ result: submission.reply({ formErrors }) }, DOMAIN_ERROR_STATUS[error.kind]);
  }
  const saved = publishAt
    ? `Innlegget er planlagt og publiseres ${osloDateTime(publishAt)}.`
    : savedToast(editId ? "edit" : "create", input.published);
  return { result: submission.reply(), saved } satisfies EditorResult;
}

/**
 * A session that ended while the post was written: the guard answers the save with a
 * redirect home. The editor says so instead ("Ikke autorisert"), as a 401, so that no
 * loader is asked again (which the guard would also send home).
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) return data({ unauthorized: true as const }, 401);
    throw error;
  }
}

export default function Editor({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, post, createdAtText, scheduledText, loadError, media } = loaderData;
  const navigate = useNavigate();
  const [uploadUnauthorized, setUploadUnauthorized] = useState(false);

  // An edit link to a post that is gone: an alert "Feil ved henting av blogginnlegg: …", then back to the list.
  useEffect(() => {
    if (!loadError) return;
    window.alert(`Feil ved henting av blogginnlegg: ${loadError}`);
    navigate("/blog/manage");
  }, [loadError, navigate]);

  if (uploadUnauthorized || (actionData && "unauthorized" in actionData)) {
    return (
      <section className="container narrow notice-page" lang="nb">
        <h1>Ikke autorisert</h1>
        <p className="lead">Økten din er utløpt. Endringene er ikke lagret.</p>
        <Link to="/" className="button">
          Til forsiden
        </Link>
      </section>
    );
  }

  return (
    <div className="container admin" lang="nb">
      <div className="admin-head">
        <h1 className="admin-title">{mode === "edit" ? "Rediger innlegg" : "Nytt innlegg"}</h1>
        <Link to="/blog/manage">← Tilbake til oversikten</Link>
      </div>
      <BlogEditorForm
        key={post?.id ?? "new"}
        mode={mode}
        defaults={post ?? undefined}
        createdAtText={createdAtText}
        scheduledText={scheduledText}
        media={media}
        actionData={actionData}
        onUnauthorized={() => setUploadUnauthorized(true)}
      />
    </div>
  );
}
