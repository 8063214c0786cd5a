import { SessionsSection } from "~/components/settings/sessions-section";
import { SettingsHeading } from "~/components/settings/settings-ui";
import { settingsRequest } from "~/lib/auth/settings-page.server";
import { staffMeta } from "~/lib/site/seo";
import { endOtherSessions, listActiveSessions } from "~/lib/auth/session.server";
import type { Route } from "./+types/admin.settings.sessions";

/** /admin/settings/sessions: the active sessions, and signing out all the others. */
export const meta: Route.MetaFunction = () => staffMeta("Aktive økter");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { session, db } = await settingsRequest(request, context);
  const sessions = await listActiveSessions(db, session.userId);
  return { sessions: sessions.map((s) => ({ ...s, current: s.id === session.id })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, db, meta } = await settingsRequest(request, context);
  const count = await endOtherSessions(db, session, meta);
  return { message: `Logget ut av ${count} ${count === 1 ? "annen økt" : "andre økter"}.` };
}

export default function Sessions({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SettingsHeading />
      <SessionsSection sessions={loaderData.sessions} notice={actionData} />
    </>
  );
}
