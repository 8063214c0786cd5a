import { createContext, data, type MiddlewareFunction, redirect, type RouterContextProvider } from "react-router";
import { getDb, isDatabaseUnavailable } from "../platform/db.server";
import { clientIpOf } from "../platform/request-context";
import { getSession, readSessionToken, requestMeta, type StaffSession } from "./session.server";
import { endedSessionNotice, sessionEndedRedirect } from "./session-end.server";
import type { EndedNotice } from "./session-end";
import { ENROL_PATH } from "./access-policy";
import { owesTwoStepEnrolment } from "./access-policy.server";
import { PASSKEYS_PATH } from "./passkey-forms";
import { API_WRITE, patternKey, permissionOf } from "./route-permissions";
import { can } from "./roles";
import { logSecurityEvent } from "./security-events.server";

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

/**
 * What an account that owes two-step enrolment (the studio's policy, decision 059) may
 * still reach: the enrolment page, the passkeys page (a passkey counts, decision 065) and
 * what keeps its session and password step working.
 */
const DURING_ENROLMENT = new Set([ENROL_PATH, PASSKEYS_PATH, "/api/session/extend", "/api/auth/reauthenticate"]);

export const ENROL_FIRST = "Totrinnsbekreftelse må slås på før du kan gjøre noe annet.";
export const NO_ACCESS = "Rollen din gir ikke tilgang til dette.";

type Refusal = { kind: "enrol" } | { kind: "forbidden" };

/**
 * The one permission check (decision 059): the route's entry in route-permissions.ts
 * against the account's role, after the two-step policy. A route the table does not name
 * is refused to everyone, so a new route is closed until someone decides who may open it.
 */
async function refusalFor(session: StaffSession, route: string, method: string): Promise<Refusal | null> {
  const key = patternKey(route);
  if (!DURING_ENROLMENT.has(key) && (await owesTwoStepEnrolment(getDb(), session))) return { kind: "enrol" };
  const declared = permissionOf(key);
  const needed = declared === "public" && method !== "GET" && method !== "HEAD" ? API_WRITE[key] : declared;
  if (needed && needed !== "public" && can(session.role, needed)) return null;
  await logSecurityEvent(getDb(), {
    p_user_id: session.userId,
    p_action: "access_denied",
    p_details: { route: key, method, role: session.role },
  });
  return { kind: "forbidden" };
}

/** For a staff page (its document, `.data` request or action): refused → the enrolment page, or a 403 page. */
export async function authorizeStaffPage(session: StaffSession, pattern: string, request: Request) {
  const refusal = await refusalFor(session, pattern, request.method);
  if (refusal?.kind === "enrol") throw redirect(ENROL_PATH);
  if (refusal) throw data(NO_ACCESS, { status: 403 });
}

const signedInContext = createContext<StaffSession>();

/**
 * The staff area's middleware (routes/staff/guarded.ts): no page below it loads for
 * anyone else, nor for a role the route's permission does not include. `pattern` is the
 * matched route's ("admin/inbox/:id"), the same for the page, its `.data` and its action.
 */
export const requireStaffPage: MiddlewareFunction<Response> = async ({ context, pattern, request }) => {
  const session = await requireStaff(context);
  await authorizeStaffPage(session, pattern, request);
  context.set(signedInContext, session);
};

/**
 * The signed-in staff member, for loaders and actions below the staff guard, as the
 * session was when the request arrived (no second read).
 */
export function staffSession(context: Context) {
  return context.get(signedInContext);
}

/**
 * For the staff JSON API: 401 without a (fully verified) session; 403 when two-step
 * enrolment is owed or the role lacks the route's permission (route-permissions.ts).
 * Pass the loader's or action's arguments: the route's pattern picks the permission.
 */
export async function requireStaffApi({
  context,
  pattern,
  request,
}: {
  context: Context;
  pattern: string;
  request: Request;
}): Promise<StaffSession> {
  const session = await currentStaff(context);
  const headers = { "Cache-Control": "no-store" };
  if (!session || session.mfaPending) throw Response.json({ error: "Not signed in" }, { status: 401, headers });
  const refusal = await refusalFor(session, pattern, request.method);
  if (refusal?.kind === "enrol")
    throw Response.json({ error: ENROL_FIRST, enrol: ENROL_PATH }, { status: 403, headers });
  if (refusal) throw Response.json({ error: NO_ACCESS }, { status: 403, headers });
  return session;
}
