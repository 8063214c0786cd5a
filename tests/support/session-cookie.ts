import { readSessionToken, sessionCookieHeader } from "~/lib/auth/session.server";

/** A request to /admin carrying this session token, in the cookie a browser would send back. */
export async function requestWithToken(token: string) {
  return new Request("http://localhost/admin", { headers: { cookie: await sessionCookieHeader(token) } });
}

/** The session token a Set-Cookie header gives the browser, read the way the app reads it (undefined: none). */
export async function sessionTokenIn(setCookie: string | null | undefined) {
  if (!setCookie) return undefined;
  return readSessionToken(new Request("http://localhost/", { headers: { cookie: setCookie.split(";")[0]! } }));
}

/** The attributes of a session Set-Cookie without `Secure` (the tests' servers speak plain HTTP). */
export const SESSION_COOKIE_SHAPE = /^session=[A-Za-z0-9%]+; Max-Age=(\d+); Path=\/; HttpOnly; SameSite=Lax$/;
