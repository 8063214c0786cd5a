import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { formReply } from "~/lib/platform/form-reply.server";
import { DomainError } from "~/lib/platform/domain-errors";
import { DOMAIN_ERROR_STATUS } from "~/lib/platform/http.server";
import { osloDateTime } from "~/lib/platform/dates";
import { getDb } from "~/lib/platform/db.server";
import { createPreviewLink, revokePreviewLink } from "~/lib/blog/post-preview-links.server";
import { editorPath, type PreviewLinkResult, previewLinkSchema } from "~/lib/blog/post-history-forms";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.posts.preview-links";

/**
 * POST /admin/posts/:id/preview-links: the editor's preview-link panel (a fetcher, so the
 * text being written stays as it is) makes a link or revokes one (docs/decisions/052).
 * Behind the staff guard and the same-origin check like every staff action; audited by
 * the domain functions. A new link's address is in this answer only: it is not stored.
 */
/** Nothing to show here: the links are in the post's editor. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(editorPath(params.id));
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: previewLinkSchema });
  if (submission.status !== "success") return formReply(submission);
  const { value } = submission;
  const actor = staffActor(request, context);
  const db = getDb();
  try {
    if (value.intent === "create-preview-link") {
      const made = await createPreviewLink(db, actor, params.id);
      return data<PreviewLinkResult>({
        intent: value.intent,
        result: submission.reply({ resetForm: true }),
        message: "Lenken er laget. Kopier den nå: av sikkerhetsgrunner vises den bare denne ene gangen.",
        link: { url: made.url, expiresAt: osloDateTime(made.expiresAt) },
      });
    }
    await revokePreviewLink(db, actor, params.id, value.link);
    return data<PreviewLinkResult>({
      intent: value.intent,
      result: submission.reply({ resetForm: true }),
      message: "Lenken er trukket tilbake. Den virker ikke lenger.",
    });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return formReply(submission, { error: error.message, status: DOMAIN_ERROR_STATUS[error.kind] }, { intent: value.intent });
  }
}
