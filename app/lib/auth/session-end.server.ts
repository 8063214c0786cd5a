import { and, eq } from "drizzle-orm";
import { redirect } from "react-router";
import { type Database, schema } from "../platform/db.server";
import { hashToken } from "../platform/tokens.server";
import { clearSessionCookie, readSessionToken } from "./session-cookie.server";
import { ENDED_NOTICE_OF, type EndedNotice } from "./session-end";

/**
 * For a request whose cookie names a session that has ended: the /login flag that says
 * why, when the ending is one /login explains (session-end.ts), else null. Only the
 * holder of the cookie learns this, and only about that cookie's session.
 */
export async function endedSessionNotice(db: Database, request: Request): Promise<EndedNotice | null> {
  const token = await readSessionToken(request);
  if (!token) return null;
  const s = schema.userSessions;
  const [row] = await db
    .select({ reason: s.endedReason })
    .from(s)
    .where(and(eq(s.sessionToken, hashToken(token)), eq(s.isActive, false)));
  return (row?.reason && ENDED_NOTICE_OF[row.reason]) || null;
}

/** To /login with the reason, and without the dead cookie: the next visit is a plain signed-out one. */
export async function sessionEndedRedirect(notice: EndedNotice) {
  return redirect(`/login?ended=${notice}`, { headers: { "Set-Cookie": await clearSessionCookie() } });
}
