import { can, type Permission, type Role } from "../auth/roles";

/**
 * The staff navigation, in Norwegian like the rest of the back office. An item is the
 * current one on its own address and on the pages below it (`also`): the editor
 * belongs to "Blogg", the job form to "Stillinger".
 */
export const STAFF_NAV = [
  // The week's work first (what came in, who we write to), then what the site shows,
  // then the running of the back office itself.
  { to: "/admin", label: "Oversikt", permission: "account", also: [] },
  { to: "/admin/inbox", label: "Innboks", permission: "leads", also: [] },
  { to: "/admin/subscribers", label: "Abonnenter", permission: "subscribers", also: [] },
  { to: "/admin/newsletter", label: "Nyhetsbrev", permission: "newsletter", also: [] },
  {
    to: "/blog/manage",
    label: "Blogg",
    permission: "posts",
    also: ["/blog/cms", "/blog/new", "/blog-cms", "/admin/posts"],
  },
  { to: "/admin/work", label: "Arbeid", permission: "content", also: [] },
  { to: "/admin/pages", label: "Sider", permission: "content", also: [] },
  { to: "/job-cms", label: "Stillinger", permission: "content", also: ["/careers/cms"] },
  { to: "/admin/media", label: "Media", permission: "content", also: [] },
  { to: "/admin/staff", label: "Team", permission: "staff", also: [] },
  { to: "/admin/redirects", label: "Omdirigeringer", permission: "content", also: [] },
  { to: "/admin/mail", label: "E-post", permission: "mail", also: [] },
  { to: "/admin/security", label: "Sikkerhet", permission: "security", also: [] },
  { to: "/admin/settings", label: "Innstillinger", permission: "account", also: [] },
] as const satisfies readonly { to: string; label: string; permission: Permission; also: readonly string[] }[];

/**
 * The items a role may open (decision 059): the same permissions the server enforces, so a
 * link is never shown to a page that would answer 403. An account the two-step policy
 * sends to enrol gets none: it can open nothing else until it has.
 */
export function navFor(role: Role | null, owesEnrolment = false) {
  if (!role || owesEnrolment) return [];
  return STAFF_NAV.filter((item) => can(role, item.permission));
}

export function currentNavItem(pathname: string) {
  const within = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  // The longest matching address wins, so /admin/settings is "Innstillinger", not "Oversikt".
  const candidates = STAFF_NAV.flatMap((item) =>
    [item.to, ...item.also]
      .filter((base) => (base === "/admin" ? pathname === base : within(base)))
      .map((base) => ({ item, base })),
  );
  candidates.sort((a, b) => b.base.length - a.base.length);
  return candidates[0]?.item.to;
}
