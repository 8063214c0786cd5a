import { z } from "zod";
import { services } from "~/content/services";
import { confirmSchema } from "../platform/confirm-forms";
import { STAFF_PATH_PREFIXES } from "../platform/staff-paths";

/**
 * The rules of a redirect, browser-safe: the staff form checks with them as the server
 * does. A redirect leads from a path on this site to a path on this site or an https URL,
 * and nowhere else: an open redirect (javascript:, data:, http:, `//evil.example`, a
 * backslash some browsers read as a slash) would let anyone borrow the studio's address
 * for a phishing link.
 */

/** Where a redirect may never start: the back office, the API, files and system paths. */
export const RESERVED_PREFIXES = [
  ...STAFF_PATH_PREFIXES,
  "/logout",
  "/api",
  "/uploads",
  "/assets",
  "/fonts",
  "/media",
  "/__test",
  "/healthz",
] as const;

/** Addresses a page of the site answers (app/routes.ts); a redirect from them would never be used. */
export const PAGE_PATHS: readonly string[] = [
  "/",
  "/work",
  "/about",
  "/blog",
  "/blog/rss.xml",
  "/careers",
  "/contact",
  ...services.map((service) => `/${service.slug}`),
  "/terms",
  "/privacy",
  "/gdpr-checklist",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
  "/newsletter/subscribe",
  "/sitemap.xml",
  "/robots.txt",
];

/** The detail pages whose address is a slug in the database: the domain checks those. */
export const SLUG_PAGES = ["/blog/", "/careers/", "/work/"] as const;

export const REDIRECT_MESSAGES = {
  fromShape: "Skriv en adresse på dette nettstedet som begynner med /, for eksempel /gammel-side (uten ? og #).",
  fromReserved: "Adresser i administrasjonen, API-et, innlogging og filer kan ikke omdirigeres.",
  fromIsPage: "Den adressen viser allerede en side. Bare adresser som ellers gir «finnes ikke» kan omdirigeres.",
  toShape: "Skriv en adresse på dette nettstedet (som begynner med /) eller en fullstendig https://-adresse.",
  same: "Fra og til er samme adresse: det ville gi en sløyfe.",
} as const;

const MAX_LENGTH = 300;
// A path's characters (RFC 3986 pchar and "/"); "%" only as a complete escape.
const PATH = /^\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/]|%[0-9A-Fa-f]{2})*$/;
const QUERY_OR_FRAGMENT = /^(?:\?[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*)?(?:#[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*)?$/;

/** A path without its trailing slash ("/old/" and "/old" are one address), or undefined when it is no plain path. */
export function normalisePath(value: string) {
  // "/ønske" is written as the browser sends it: "/%C3%B8nske".
  const encoded = value.replace(/[^\p{ASCII}]/gu, (char) => encodeURIComponent(char));
  const path = encoded.length > 1 ? encoded.replace(/\/+$/, "") : encoded;
  if (path.length === 0 || path.length > MAX_LENGTH || !PATH.test(path)) return undefined;
  // No "//" (a protocol-relative address) and no "." or ".." segments.
  if (path.includes("//") || path.split("/").some((segment) => segment === "." || segment === "..")) return undefined;
  return path;
}

export function isReservedPath(path: string) {
  return RESERVED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) ||
    // The site's own files at the top (/favicon.ico, /og-image.png …) are served before the
    // routes; an old /about.html or /index.php may still be redirected.
    /^\/[^/]+\.(?:ico|png|svg|webmanifest|webp|jpe?g|gif|js|css|map|woff2?)$/i.test(path);
}

/** The "from" as stored, or the message to show. */
export function checkFrom(value: string): { path: string } | { error: string } {
  const path = normalisePath(value.trim());
  if (!path) return { error: REDIRECT_MESSAGES.fromShape };
  if (isReservedPath(path)) return { error: REDIRECT_MESSAGES.fromReserved };
  if (PAGE_PATHS.includes(path)) return { error: REDIRECT_MESSAGES.fromIsPage };
  return { path };
}

/**
 * The "to" as stored (a site path keeps its query and fragment; an https URL is written
 * the way the URL parser reads it), or the message to show.
 */
export function checkTo(value: string): { target: string } | { error: string } {
  const raw = value.trim();
  if (raw.length === 0 || raw.length > MAX_LENGTH * 2) return { error: REDIRECT_MESSAGES.toShape };
  if (raw.startsWith("/")) {
    const cut = raw.search(/[?#]/);
    const path = normalisePath(cut === -1 ? raw : raw.slice(0, cut));
    const rest = cut === -1 ? "" : raw.slice(cut);
    return path && QUERY_OR_FRAGMENT.test(rest) ? { target: path + rest } : { error: REDIRECT_MESSAGES.toShape };
  }
  // Only "https://host…", typed out: no other scheme, no credentials, nothing the parser would repair.
  if (!/^https:\/\/[^/\\\s]/i.test(raw) || /[\s\\<>"`]|\p{Cc}/u.test(raw)) {
    return { error: REDIRECT_MESSAGES.toShape };
  }
  try {
    const url = new URL(raw);
    if (url.protocol !== "https:" || !url.hostname || url.username || url.password) {
      return { error: REDIRECT_MESSAGES.toShape };
    }
    return { target: url.href };
  } catch {
    return { error: REDIRECT_MESSAGES.toShape };
  }
}

/** The site path a target leads to (without query and fragment), or undefined for an https URL. */
export function sitePathOf(target: string) {
  if (!target.startsWith("/")) return undefined;
  const cut = target.search(/[?#]/);
  return normalisePath(cut === -1 ? target : target.slice(0, cut));
}

/** The staff form: "from" and "to", checked by the rules above (the server adds loops and chains). */
export const addRedirectSchema = z
  .object({
    intent: z.literal("add"),
    from: z.string({ error: "Skriv adressen det skal omdirigeres fra." }).trim().max(MAX_LENGTH, REDIRECT_MESSAGES.fromShape),
    to: z.string({ error: "Skriv adressen det skal omdirigeres til." }).trim().max(MAX_LENGTH * 2, REDIRECT_MESSAGES.toShape),
  })
  .superRefine((value, context) => {
    const from = checkFrom(value.from);
    if ("error" in from) context.addIssue({ code: "custom", path: ["from"], message: from.error });
    const to = checkTo(value.to);
    if ("error" in to) context.addIssue({ code: "custom", path: ["to"], message: to.error });
    if ("path" in from && "target" in to && sitePathOf(to.target) === from.path) {
      context.addIssue({ code: "custom", path: ["to"], message: REDIRECT_MESSAGES.same });
    }
  });

export type AddRedirectInput = z.output<typeof addRedirectSchema>;

export const removeRedirectSchema = confirmSchema("remove", "Kryss av for å bekrefte at omdirigeringen skal fjernes.").extend({
  id: z.uuid(),
});

export const REDIRECT_KIND_LABELS = { automatic: "Automatisk", manual: "Manuell" } as const;
