/**
 * The staff navigation, in Norwegian like the rest of the back office, in groups: the
 * sidebar shows each group under its heading (decision 060). An item is the current one on
 * its own address and on the pages below it (`also`): the editor belongs to "Blogg", the job
 * form to "Stillinger". Adding a page is one line in its group.
 */
export type StaffNavItem = {
  to: string;
  label: string;
  /** Other addresses whose pages belong to this item. */
  also?: readonly string[];
};

export type StaffNavGroup = {
  /** The heading over the group; none for the overview, which stands alone at the top. */
  label: string | null;
  items: readonly StaffNavItem[];
};

export const STAFF_NAV_GROUPS: readonly StaffNavGroup[] = [
  { label: null, items: [{ to: "/admin", label: "Oversikt" }] },
  {
    // What the site shows.
    label: "Innhold",
    items: [
      { to: "/blog/manage", label: "Blogg", also: ["/blog/cms", "/blog/new", "/blog-cms", "/admin/posts"] },
      { to: "/admin/pages", label: "Sider" },
      { to: "/admin/work", label: "Arbeid" },
      { to: "/job-cms", label: "Stillinger", also: ["/careers/cms"] },
      { to: "/admin/media", label: "Media" },
      { to: "/admin/redirects", label: "Omdirigeringer" },
    ],
  },
  {
    // Who wrote to us, and whom we write to.
    label: "Kontakt",
    items: [
      { to: "/admin/inbox", label: "Innboks" },
      { to: "/admin/subscribers", label: "Abonnenter" },
      { to: "/admin/newsletter", label: "Nyhetsbrev" },
      { to: "/admin/mail", label: "E-post" },
    ],
  },
  {
    // The running of the back office itself.
    label: "Admin",
    items: [
      { to: "/admin/staff", label: "Team" },
      { to: "/admin/security", label: "Sikkerhet" },
      { to: "/admin/settings", label: "Innstillinger" },
    ],
  },
];

/** Every item, in the sidebar's order. */
export const STAFF_NAV: readonly StaffNavItem[] = STAFF_NAV_GROUPS.flatMap((group) => group.items);

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
