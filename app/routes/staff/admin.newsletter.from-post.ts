import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { DRAFT_SAVED, fromPostSchema } from "~/lib/newsletter/issue-forms";
import { createIssueFromPost } from "~/lib/newsletter/issues.server";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.newsletter.from-post";

/** POST /admin/newsletter/from-post: a draft prefilled from a published post, then its page. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: fromPostSchema });
  const id =
    submission.status === "success"
      ? await createIssueFromPost(getDb(), submission.value.postId, staffActor(request, context), getConfig().siteUrl)
      : null;
  if (!id) {
    throw redirectWithFlash("/admin/newsletter", { kind: "error", message: "Fant ikke det innlegget. Velg et publisert innlegg." });
  }
  return redirectWithFlash(`/admin/newsletter/${id}`, { kind: "success", message: DRAFT_SAVED });
}

export function loader() {
  return redirect("/admin/newsletter");
}
