import { can, type Permission, type Role } from "../auth/roles";

/**
 * The staff navigation, in Norwegian like the rest of the back office, in groups: the
 * sidebar shows each group under its heading (decision 060). An item is the current one on
 * its own address and on the pages below it (`also`): the editor belongs to "Blogg", the job
 * form to "Stillinger". Adding a page is one line in its group.
 */
export type StaffNavItem = {
  to: string;
  label: string;
  /** What the role must be allowed to open it (decision 059): the same check the server makes. */
  permission: Permission;
  /** Other addresses whose pages belong to this item. */
  also?: readonly string[];
};

export type StaffNavGroup = {
  /** The heading over the group; none for the overview, which stands alone at the top. */
  label: string | null;
  items: readonly StaffNavItem[];
};

export const STAFF_NAV_GROUPS: readonly StaffNavGroup[] = [
  { label: null, items: [{ to: "/admin", label: "Oversikt", permission: "account" }] },
  {
    // What the site shows.
    label: "Innhold",
    items: [
      {
        to: "/blog/manage",
        label: "Blogg",
        permission: "posts",
        also: ["/blog/cms", "/blog/new", "/blog-cms", "/admin/posts"],
      },
      { to: "/admin/pages", label: "Sider", permission: "page-drafts" },
      { to: "/admin/work", label: "Arbeid", permission: "content" },
      { to: "/job-cms", label: "Stillinger", permission: "content", also: ["/careers/cms"] },
      { to: "/admin/media", label: "Media", permission: "content" },
      { to: "/admin/redirects", label: "Omdirigeringer", permission: "content" },
    ],
  },
  {
    // Who wrote to us, and whom we write to.
    label: "Kontakt",
    items: [
      { to: "/admin/inbox", label: "Innboks", permission: "leads" },
      { to: "/admin/applications", label: "Søknader", permission: "applications" },
      { to: "/admin/subscribers", label: "Abonnenter", permission: "subscribers" },
      { to: "/admin/newsletter", label: "Nyhetsbrev", permission: "newsletter" },
      { to: "/admin/mail", label: "E-post", permission: "mail" },
    ],
  },
  {
    // The running of the back office itself.
    label: "Admin",
    items: [
      { to: "/admin/staff", label: "Team", permission: "staff" },
      { to: "/admin/security", label: "Sikkerhet", permission: "security" },
      { to: "/admin/backups", label: "Sikkerhetskopier", permission: "backups" },
      { to: "/admin/settings", label: "Innstillinger", permission: "account" },
    ],
  },
];

/** Every item, in the sidebar's order. */
export const STAFF_NAV: readonly StaffNavItem[] = STAFF_NAV_GROUPS.flatMap((group) => group.items);

/**
 * The groups and items a role may open (decision 059): the same permissions the server
 * enforces, so a link is never shown to a page that would answer 403; a group left with
 * nothing is left out. An account the two-step policy sends to enrol gets none: it can
 * open nothing else until it has.
 */
export function navFor(role: Role | null, owesEnrolment = false): StaffNavGroup[] {
  if (!role || owesEnrolment) return [];
  return STAFF_NAV_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter((item) => can(role, item.permission)),
  })).filter((group) => group.items.length > 0);
}

export function currentNavItem(pathname: string) {
  const within = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  // The longest matching address wins, so /admin/settings is "Innstillinger", not "Oversikt".
  const candidates = STAFF_NAV.flatMap((item) =>
    [item.to, ...(item.also ?? [])]
      .filter((base) => (base === "/admin" ? pathname === base : within(base)))
      .map((base) => ({ item, base })),
  );
  candidates.sort((a, b) => b.base.length - a.base.length);
  return candidates[0]?.item.to;
}
