/**
 * The staff navigation, in Norwegian like the rest of the back office. An item is the
 * current one on its own address and on the pages below it (`also`): the editor
 * belongs to "Blogg", the job form to "Stillinger".
 */
export const STAFF_NAV = [
  // The week's work first (what came in, who we write to), then what the site shows,
  // then the running of the back office itself.
  { to: "/admin", label: "Oversikt", also: [] },
  { to: "/admin/inbox", label: "Innboks", also: [] },
  { to: "/admin/applications", label: "Søknader", also: [] },
  { to: "/admin/subscribers", label: "Abonnenter", also: [] },
  { to: "/admin/newsletter", label: "Nyhetsbrev", also: [] },
  { to: "/blog/manage", label: "Blogg", also: ["/blog/cms", "/blog/new", "/blog-cms", "/admin/posts"] },
  { to: "/admin/work", label: "Arbeid", also: [] },
  { to: "/admin/pages", label: "Sider", also: [] },
  { to: "/job-cms", label: "Stillinger", also: ["/careers/cms"] },
  { to: "/admin/media", label: "Media", also: [] },
  { to: "/admin/staff", label: "Team", also: [] },
  { to: "/admin/redirects", label: "Omdirigeringer", also: [] },
  { to: "/admin/mail", label: "E-post", also: [] },
  { to: "/admin/security", label: "Sikkerhet", also: [] },
  { to: "/admin/settings", label: "Innstillinger", also: [] },
] as const;

export function currentNavItem(pathname: string) {
  const within = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  // The longest matching address wins, so /admin/settings is "Innstillinger", not "Oversikt".
  const candidates = STAFF_NAV.flatMap((item) =>
    [item.to, ...item.also].filter((base) => (base === "/admin" ? pathname === base : within(base))).map((base) => ({ item, base })),
  );
  candidates.sort((a, b) => b.base.length - a.base.length);
  return candidates[0]?.item.to;
}
