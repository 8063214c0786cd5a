import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { publishDraft } from "~/lib/pages/page-editing.server";
import { conflictMessage, PAGE_NOTICES, publishSchema } from "~/lib/pages/page-forms";
import { isPageKey, pageDefinition } from "~/lib/pages/page-registry";
import { getDb } from "~/lib/platform/db.server";
import { type FormOutcome, replyToForm } from "~/lib/platform/form-reply.server";
import type { FormResult } from "~/lib/platform/form-result";
import { osloDateTime } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.pages.page.publish";

/**
 * POST /admin/pages/:page/publish: makes the saved draft live, for every process at once
 * (this process clears its caches; the table's trigger tells the others). Only the draft
 * the editor showed is published: a newer one, saved by a colleague meanwhile, is refused
 * here with their name. A GET goes back to the editor.
 */
export const meta: Route.MetaFunction = () => staffMeta("Publiser side");

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/admin/pages/${params.page}`);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  if (!isPageKey(params.page)) throw data(null, { status: 404 });
  const key = params.page;
  return replyToForm(
    parseWithZod(await request.formData(), { schema: publishSchema }),
    async ({ revision }): Promise<FormOutcome | Response> => {
      const outcome = await publishDraft(getDb(), staffActor(request, context), key, "en", revision);
      switch (outcome.kind) {
        case "published":
          return redirectWithFlash(`/admin/pages/${key}`, { kind: "success", message: PAGE_NOTICES.published });
        case "conflict":
          return { error: conflictMessage(outcome.by, outcome.at ? osloDateTime(outcome.at) : null), status: 409 };
        default:
          return { error: "Det er ikke noe utkast å publisere.", status: 409 };
      }
    },
    { intent: "publish" },
  );
}

/** The refusal's line; a form without its revision (400) was not sent by the editor as it is now. */
function refusalOf(actionData: FormResult | undefined) {
  return actionData?.error ?? (actionData ? "Skjemaet manglet revisjonen; last siden på nytt." : undefined);
}

export default function PublishRefused({ actionData, params }: Route.ComponentProps) {
  return (
    <>
      <h1 className="admin-title">Ikke publisert: {isPageKey(params.page) ? pageDefinition(params.page).label : ""}</h1>
      <p className="auth-message error" role="alert">
        {refusalOf(actionData)}
      </p>
      <p>
        <Link to={`/admin/pages/${params.page}`}>Tilbake til siden</Link>
      </p>
    </>
  );
}
