import { createContext, data, type MiddlewareFunction, redirect, type RouterContextProvider } from "react-router";
import { getDb, isDatabaseUnavailable } from "../platform/db.server";
import { clientIpOf } from "../platform/request-context";
import { getSession, readSessionToken, requestMeta, type StaffSession } from "./session.server";
import { endedSessionNotice, sessionEndedRedirect } from "./session-end.server";
import type { EndedNotice } from "./session-end";

/**
 * Server-side guards: every staff page and staff API call goes through one of these,
 * so hiding a link is never the only protection.
 *
 * The session is read at most once per request: the root middleware puts a reader in
 * the router context, and the first caller (a guard, the root loader's session banner)
 * pays for the query. Only for GET and HEAD: a POST's action may change the session
 * (re-authentication, extension, sign-out), and the loaders that render its answer in
 * the same request must see the change, so there every read asks the database again.
 */
type Context = Readonly<RouterContextProvider>;

const sessionReaderContext = createContext<() => Promise<StaffSession | null>>();
/** Asked only when a staff page finds no session: why the cookie's session ended, if /login explains it. */
const endedNoticeContext = createContext<() => Promise<EndedNotice | null>>();

export const readStaffSession: MiddlewareFunction<Response> = ({ request, context }) => {
  // Without a session cookie there is nothing to read: no database access at all.
  const read = async () =>
    (await readSessionToken(request)) ? getSession(getDb(), request, requestMeta(request, clientIpOf(context))) : null;
  context.set(endedNoticeContext, () => endedSessionNotice(getDb(), request));
  if (request.method !== "GET" && request.method !== "HEAD") {
    context.set(sessionReaderContext, read);
    return;
  }
  let once: Promise<StaffSession | null> | undefined;
  context.set(sessionReaderContext, () => (once ??= read()));
};

/** The signed-in staff member (second factor possibly still owed), or null. */
export function currentStaff(context: Context) {
  return context.get(sessionReaderContext)();
}

/** Why this request's session ended, if /login explains it; null on any doubt (then the home page). */
function endedSessionOf(context: Context) {
  const read = context.get(endedNoticeContext);
  return read().catch(() => null);
}

/**
 * For staff pages: not signed in → redirect to the home page, except a browser whose
 * session the server ended meanwhile (a password reset, expiry, "sign out all other
 * sessions"), which goes to /login with a line saying why; second factor owed → its
 * step; the database down → 503, which the staff layout's error page explains.
 */
export async function requireStaff(context: Context): Promise<StaffSession> {
  const session = await currentStaff(context).catch((error: unknown) => {
    if (isDatabaseUnavailable(error)) throw data(null, { status: 503 });
    throw error;
  });
  if (!session) {
    const notice = await endedSessionOf(context);
    throw notice ? await sessionEndedRedirect(notice) : redirect("/");
  }
  if (session.mfaPending) throw redirect("/login/mfa");
  return session;
}

const signedInContext = createContext<StaffSession>();

/** The staff area's middleware (routes/staff/guarded.ts): no page below it loads for anyone else. */
export const requireStaffPage: MiddlewareFunction<Response> = async ({ context }) => {
  context.set(signedInContext, await requireStaff(context));
};

/**
 * The signed-in staff member, for loaders and actions below the staff guard, as the
 * session was when the request arrived (no second read).
 */
export function staffSession(context: Context) {
  return context.get(signedInContext);
}

/** For the staff JSON API: 401 without a (fully verified) session. */
export async function requireStaffApi(context: Context): Promise<StaffSession> {
  const session = await currentStaff(context);
  if (!session || session.mfaPending) {
    throw Response.json({ error: "Not signed in" }, { status: 401, headers: { "Cache-Control": "no-store" } });
  }
  return session;
}
