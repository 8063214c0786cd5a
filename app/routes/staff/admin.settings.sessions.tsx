import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { SessionsSection } from "~/components/settings/sessions-section";
import { SettingsHeading } from "~/components/settings/settings-ui";
import { settingsRequest } from "~/lib/auth/settings-page.server";
import { endOthersSchema, endSessionSchema, SESSION_MESSAGES } from "~/lib/auth/session-forms";
import { endOneSession, sessionRows } from "~/lib/auth/session-list.server";
import { clearSessionCookie, endOtherSessions } from "~/lib/auth/session.server";
import { type FormOutcome, replyToForm } from "~/lib/platform/form-reply.server";
import { staffMeta } from "~/lib/site/seo";
import type { Route } from "./+types/admin.settings.sessions";

/** /admin/settings/sessions: the active sessions, ending one of them, or all the others. */
export const meta: Route.MetaFunction = () => staffMeta("Aktive økter");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, db } = await settingsRequest(request, context);
  const sessions = await sessionRows(db, session);
  return {
    sessions,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, db, meta } = await settingsRequest(request, context);
  const formData = await request.formData();
  if (formData.get("intent") === "end-session") {
    return replyToForm(
      parseWithZod(formData, { schema: endSessionSchema }),
      async ({ id }): Promise<FormOutcome | Response> => {
        const outcome = await endOneSession(db, session, id, meta);
        if (outcome.kind === "gone") return { error: SESSION_MESSAGES.gone, status: 404 };
        // This browser's own session: signed out, as by "Logg ut".
        if (outcome.current) return redirect("/login", { headers: { "Set-Cookie": await clearSessionCookie() } });
        return { message: SESSION_MESSAGES.ended, resetForm: true };
      },
      { intent: "end-session" },
    );
  }
  return replyToForm(
    parseWithZod(formData, { schema: endOthersSchema }),
    async (): Promise<FormOutcome> => ({
      message: SESSION_MESSAGES.endedOthers(await endOtherSessions(db, session, meta)),
    }),
    { intent: "end-others" },
  );
}

export default function Sessions({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading />
      <SessionsSection sessions={loaderData.sessions} actionData={actionData} manage />
    </>
  );
}
