/**
 * Every page a visitor or staff member can open, for the screenshots (scripts/screenshots.ts)
 * and the layout check (tests/e2e/layout.spec.ts): the public pages are the sitemap's plus
 * these, the staff pages the staff navigation's plus these.
 */
import { STAFF_NAV } from "../../app/lib/staff/staff-nav";

export const PUBLIC_NOT_IN_SITEMAP = [
  "/contact",
  "/gdpr-checklist",
  "/login",
  "/login/forgot-password",
  "/no-such-page",
];

export const STAFF_PAGES = [
  ...STAFF_NAV.map((item) => item.to),
  "/blog/cms",
  "/job-cms",
  "/careers/cms/new",
  "/admin/newsletter/new",
  "/admin/work/new",
  "/admin/pages/design",
  "/admin/pages/design/preview",
  "/admin/pages/design/history?version=0",
  "/admin/settings/profile",
  "/admin/settings/password",
  "/admin/settings/sessions",
  "/admin/settings/studio",
];

/** The public pages of a running site: its sitemap's addresses (as paths) and the ones it leaves out. */
export async function publicPages(base: string) {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  return [...new Set([...paths, ...PUBLIC_NOT_IN_SITEMAP])];
}
