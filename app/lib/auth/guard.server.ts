import { type AppLoadContext, redirect } from "react-router";
import { getDb } from "../platform/db.server";
import { getSession, requestMeta, type StaffSession } from "./session.server";

/**
 * Server-side guards: every staff page and staff API call goes through one of these,
 * so hiding a link is never the only protection.
 */
export async function currentStaff(request: Request, context: AppLoadContext) {
  return getSession(getDb(), request, requestMeta(request, context.clientIp));
}

/** For staff pages: not signed in → redirect to the home page; second factor owed → its step. */
export async function requireStaff(request: Request, context: AppLoadContext): Promise<StaffSession> {
  const session = await currentStaff(request, context);
  if (!session) throw redirect("/");
  if (session.mfaPending) throw redirect("/login/mfa");
  return session;
}

/** For the staff JSON API: 401 without a (fully verified) session. */
export async function requireStaffApi(request: Request, context: AppLoadContext): Promise<StaffSession> {
  const session = await currentStaff(request, context);
  if (!session || session.mfaPending) {
    throw Response.json({ error: "Not signed in" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  }
  return session;
}
