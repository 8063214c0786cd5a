import { type Cookie, createCookie } from "react-router";
import { now } from "../platform/clock.server";
import { getConfig } from "../platform/config.server";

/**
 * The session cookie, through React Router's `createCookie` (parsing, encoding and the
 * attributes are the library's). It carries the random session token (the database
 * keeps only its hash, decision 002): HttpOnly, SameSite=Lax, Path=/, and behind HTTPS
 * Secure with the `__Host-` prefix, so no subdomain can set or read it. Not signed: the
 * token is 256 random bits looked up by its hash, so a forged value finds nothing.
 */
let made: { secure: boolean; cookie: Cookie } | undefined;

function sessionCookieJar(): Cookie {
  // The site address (and so HTTPS) is read from the configuration, which tests may change.
  const secure = getConfig().secureCookies;
  if (made?.secure !== secure) {
    const name = secure ? "__Host-session" : "session";
    made = { secure, cookie: createCookie(name, { path: "/", httpOnly: true, sameSite: "lax", secure }) };
  }
  return made.cookie;
}

export function sessionCookieName() {
  return sessionCookieJar().name;
}

/** Set-Cookie for a session token that lasts until `expiresAt` (Max-Age, from the server's clock). */
export function sessionCookie(token: string, expiresAt: Date, at = now()) {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - at.getTime()) / 1000));
  return sessionCookieJar().serialize(token, { maxAge });
}

/** Set-Cookie that removes the session cookie from the browser. */
export function clearSessionCookie() {
  return sessionCookieJar().serialize("", { maxAge: 0 });
}

/** The session token a request carries, or undefined (no cookie, or not one this site set). */
export async function readSessionToken(request: Request): Promise<string | undefined> {
  const value: unknown = await sessionCookieJar().parse(request.headers.get("cookie"));
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** The Cookie header a client sends back for a session token (for tests and tools). */
export async function sessionCookieHeader(token: string) {
  return (await sessionCookie(token, new Date(Date.now() + 60_000), new Date())).split(";")[0]!;
}
