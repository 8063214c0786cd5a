import { and, eq } from "drizzle-orm";
import { enqueueMail } from "../mail/mail.server";
import { newBrowserEmail } from "../mail/templates/new-browser.server";
import { now } from "../platform/clock.server";
import { getConfig } from "../platform/config.server";
import { osloLongDateTime } from "../platform/dates";
import { type Database, schema } from "../platform/db.server";
import { KNOWN_BROWSER_DAYS } from "../platform/retention.server";
import { hashToken, isWellFormedToken, randomToken } from "../platform/tokens.server";
import { getStudioDetails } from "../studio/studio-details.server";
import { approximateNetwork, browserLabel } from "./browser-label";

/**
 * The "new sign-in" notice (decision 067). A browser that signs in gets a long-lived cookie
 * with a random id; each account keeps the SHA-256 of the ids it has signed in from
 * (`known_browsers`). A sign-in whose id the account does not know e-mails its owner once.
 *
 * The cookie decides nothing but that e-mail: no check is skipped for a known browser, so
 * a stolen or forged id gains nothing but silence, and a forged or unknown value is
 * replaced by a fresh random one (whoever planted it does not learn the id we store).
 */
export const NEW_BROWSER_MAIL_KIND = "new-browser";
export const SESSIONS_PAGE = "/admin/settings/sessions";

const MAX_AGE_S = KNOWN_BROWSER_DAYS * 24 * 60 * 60; // 400 days: the most Chrome keeps a cookie

export function knownBrowserCookieName() {
  // __Host- behind HTTPS, like the session cookie: no subdomain can set or read it.
  return getConfig().secureCookies ? "__Host-browser" : "browser";
}

/** The id the request's known-browser cookie carries, or null (none, or not one of ours). */
export function readBrowserId(cookieHeader: string | null): string | null {
  const name = knownBrowserCookieName();
  for (const part of (cookieHeader ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) {
      const value = part.slice(at + 1).trim();
      return isWellFormedToken(value) ? value : null;
    }
  }
  return null;
}

function browserCookie(id: string) {
  const secure = getConfig().secureCookies ? "; Secure" : "";
  return `${knownBrowserCookieName()}=${id}; Max-Age=${MAX_AGE_S}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

/** A browser signing in: its id from the cookie (null when it has none), what it is, where it is. */
export type BrowserSignIn = { browserId: string | null; userAgent: string; ip: string };

/**
 * Called once, where a sign-in creates its session (session.server.ts `createSession`), so
 * every way in (password, invitation, passkey) goes through it. Records the browser for
 * the account, queues the notice when the account has signed in before but never from this
 * browser, and returns the Set-Cookie that keeps (and renews) the browser's id.
 *
 * An account's first browser is its baseline, not news: an invitation just accepted, a
 * first sign-in with a password from `user:create`, or the first sign-in after this
 * feature arrived would otherwise tell people about themselves.
 */
export async function noteBrowser(db: Database, userId: string, browser: BrowserSignIn) {
  const at = now();
  const k = schema.knownBrowsers;
  const claimed = browser.browserId;
  // Keep an id this site already knows (one browser, several accounts); anything else is replaced.
  const [seen] = claimed
    ? await db
        .select({ id: k.id })
        .from(k)
        .where(eq(k.browserHash, hashToken(claimed)))
        .limit(1)
    : [];
  const id = claimed && seen ? claimed : randomToken();
  const label = browserLabel(browser.userAgent);

  const updated = await db
    .update(k)
    .set({ lastSeenAt: at })
    .where(and(eq(k.userId, userId), eq(k.browserHash, hashToken(id))))
    .returning({ id: k.id });
  if (updated.length === 0) {
    await db.transaction(async (tx) => {
      const [before] = await tx.select({ id: k.id }).from(k).where(eq(k.userId, userId)).limit(1);
      const inserted = await tx
        .insert(k)
        .values({ userId, browserHash: hashToken(id), label, firstSeenAt: at, lastSeenAt: at })
        .onConflictDoNothing()
        .returning({ id: k.id });
      // Two sign-ins of one browser at once: only the one that stored it tells.
      if (before && inserted.length > 0) await enqueueNotice(tx, userId, label, browser.ip, at);
    });
  }
  return browserCookie(id);
}

async function enqueueNotice(tx: Database, userId: string, browser: string, ip: string, at: Date) {
  const [person] = await tx
    .select({ email: schema.users.email, fullName: schema.profiles.fullName })
    .from(schema.users)
    .leftJoin(schema.profiles, eq(schema.profiles.id, schema.users.id))
    .where(eq(schema.users.id, userId));
  if (!person) return;
  const siteUrl = getConfig().siteUrl;
  const mail = await newBrowserEmail({
    siteUrl,
    studio: await getStudioDetails(tx),
    name: person.fullName ?? "",
    email: person.email,
    when: osloLongDateTime(at),
    browser,
    network: approximateNetwork(ip),
    url: `${siteUrl}${SESSIONS_PAGE}`,
  });
  await enqueueMail(tx, { kind: NEW_BROWSER_MAIL_KIND, to: person.email, ...mail });
}
