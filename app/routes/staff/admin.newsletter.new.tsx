import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { IssueForm } from "~/components/staff/newsletter-forms";
import { DRAFT_SAVED, issueSchema } from "~/lib/newsletter/issue-forms";
import { createIssue } from "~/lib/newsletter/issues.server";
import { mediaChoices } from "~/lib/media/media-choices.server";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { replyToForm } from "~/lib/platform/form-reply.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.newsletter.new";

/** /admin/newsletter/new: write a new issue; saving makes it a draft. */
export const meta: Route.MetaFunction = () => staffMeta("Nytt nyhetsbrev");

export async function loader() {
  return { media: await mediaChoices(getDb(), getConfig().mediaBaseUrl) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: issueSchema });
  return replyToForm(submission, async (input) => {
    const id = await createIssue(getDb(), input, staffActor(request, context));
    return redirectWithFlash(`/admin/newsletter/${id}`, { kind: "success", message: DRAFT_SAVED });
  });
}

export default function NewIssue({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link to="/admin/newsletter">← Til nyhetsbrevene</Link>
      </p>
      <h1 className="admin-title">Nytt nyhetsbrev</h1>
      <IssueForm
        defaults={{ subject: "", preheader: "", body: "", featuredImage: "" }}
        media={loaderData.media}
        actionData={actionData}
        submitLabel="Lagre kladd"
      />
    </>
  );
}
