import { timingSafeEqual } from "node:crypto";
import { redirect } from "react-router";
import { getConfig } from "./config.server";
import { cookieSignature } from "./secrets.server";

/**
 * Flash notices (docs/decisions/047): what a staff action says after its redirect
 * ("Bildet er slettet."). The action sets a short-lived cookie with the notice, the next
 * page's staff layout reads it once, shows it and clears it. Not a query flag: the address
 * stays clean, a reload or a shared link does not say it again, and the text is the
 * server's own, not something a crafted URL can make the page say.
 *
 * The cookie is HttpOnly, SameSite=Lax, Path=/ (Secure with the `__Host-` prefix behind
 * HTTPS, like the session cookie), and signed with a key derived from SECRETS_KEY, so only
 * this site can have written it. Written synchronously, so an action can
 * `throw redirectWithFlash(…)` like React Router's own `redirect`.
 */
export type FlashNotice = { kind: "success" | "error"; message: string };

/** Long enough for the browser to follow the redirect; a notice nobody saw is stale after that. */
const FLASH_SECONDS = 60;
/** A notice is one line; anything longer in the cookie was not written by us. */
const MAX_MESSAGE_LENGTH = 500;

function flashCookieName() {
  return getConfig().secureCookies ? "__Host-flash" : "flash";
}

function attributes(maxAge: number) {
  const secure = getConfig().secureCookies ? "; Secure" : "";
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

/** Set-Cookie that carries `notice` to the next page. */
export function flashCookie(notice: FlashNotice) {
  const body = Buffer.from(JSON.stringify({ kind: notice.kind, message: notice.message })).toString("base64url");
  return `${flashCookieName()}=${body}.${cookieSignature(body)}; ${attributes(FLASH_SECONDS)}`;
}

/** Set-Cookie that removes the notice once it has been shown. */
export function clearFlashCookie() {
  return `${flashCookieName()}=; ${attributes(0)}`;
}

/** A 303 to `url` that says `notice` there (post/redirect/get: a reload sends nothing again). */
export function redirectWithFlash(url: string, notice: FlashNotice, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", flashCookie(notice));
  return redirect(url, { ...init, status: init.status ?? 303, headers });
}

function cookieValue(header: string | null, name: string) {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

function signatureMatches(body: string, signature: string) {
  const expected = Buffer.from(cookieSignature(body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function noticeOf(json: string): FlashNotice | null {
  try {
    const value = JSON.parse(json) as Partial<FlashNotice>;
    const kindOk = value.kind === "success" || value.kind === "error";
    const messageOk =
      typeof value.message === "string" && value.message !== "" && value.message.length <= MAX_MESSAGE_LENGTH;
    return kindOk && messageOk ? { kind: value.kind!, message: value.message! } : null;
  } catch {
    return null;
  }
}

/**
 * The notice a request carries, and the Set-Cookie that clears it (also for a cookie that
 * fails its signature, so a bad one does not linger). `undefined` when there is none.
 */
export function readFlash(request: Request): { notice: FlashNotice | null; clear: string } | undefined {
  const raw = cookieValue(request.headers.get("cookie"), flashCookieName());
  if (raw === undefined) return undefined;
  const [body = "", signature = ""] = raw.split(".");
  const notice = signatureMatches(body, signature) ? noticeOf(Buffer.from(body, "base64url").toString("utf8")) : null;
  return { notice, clear: clearFlashCookie() };
}
