import { data, redirect } from "react-router";
import { staffSession } from "~/lib/auth/guard.server";
import { getIssue } from "~/lib/newsletter/issues.server";
import { sendTestIssue } from "~/lib/newsletter/sending.server";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.newsletter.test";

/** POST /admin/newsletter/:id/test: the issue to the signed-in staff member's own address only. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const db = getDb();
  const issue = await getIssue(db, params.id);
  if (!issue) throw data(null, { status: 404 });
  const { siteUrl, mediaBaseUrl } = getConfig();
  const me = staffSession(context).email;
  await sendTestIssue(db, issue, me, { siteUrl, mediaBaseUrl }, staffActor(request, context));
  return redirectWithFlash(`/admin/newsletter/${issue.id}`, { kind: "success", message: `Testen er lagt i utboksen til ${me}.` });
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/admin/newsletter/${params.id}`);
}
