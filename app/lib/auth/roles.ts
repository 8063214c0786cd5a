/**
 * Staff roles and what each may do (docs/decisions/059). Browser-safe: the navigation and
 * the Team page read the same table the server enforces.
 *
 * A permission names an area of the back office, not a single page: the route table
 * (route-permissions.ts) says which area each address belongs to, and this says which
 * roles may open that area. Least privilege: an author writes; an editor runs the
 * content and the inbox; only an owner runs the studio (staff, security, settings).
 */
export const ROLES = ["owner", "editor", "author"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { owner: "Eier", editor: "Redaktør", author: "Skribent" };

/** One line per role for the Team page, so whoever assigns one knows what it gives. */
export const ROLE_HINTS: Record<Role, string> = {
  owner: "Alt, også team, sikkerhetslogg, sikkerhetskopier og studioinnstillinger.",
  editor:
    "Alt innhold, nyhetsbrev, innboks og søknader. Ikke team, sikkerhet, sikkerhetskopier eller studioinnstillinger.",
  author: "Egne blogginnlegg og endringer på sidene som utkast. Kan ikke publisere, og ser ikke henvendelser, søknader eller abonnenter.",
};

export const PERMISSIONS = [
  /** Signed in at all: the dashboard, one's own settings, sessions and second factor. */
  "account",
  /** Blog posts: an author only their own, and never publishing (checked in lib/blog). */
  "posts",
  /** Publishing and scheduling posts, and every post whoever wrote it. */
  "publish",
  /** Pages, showcase, job listings, media library, redirects; publishing pages. */
  "content",
  /**
   * The page editor without publishing (decision 071): open the pages, save a draft, preview,
   * history, send a draft for review. Publishing, restoring and discarding stay `content`,
   * checked in lib/pages.
   */
  "page-drafts",
  "newsletter",
  "subscribers",
  /** The leads inbox and its export. */
  "leads",
  /** Job applications, their CVs and answers (decision 057). */
  "applications",
  /** The outgoing mail log (who was written to, and whether it arrived). */
  "mail",
  /** The Team page: invitations, roles, deactivation, the two-step policy. */
  "staff",
  "security",
  /** The studio's details (address, organisation number, …). */
  "studio",
  /** Backups: every row and file of the studio in one download (decision 058). */
  "backups",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EDITOR: readonly Permission[] = [
  "account",
  "posts",
  "publish",
  "content",
  "page-drafts",
  "newsletter",
  "subscribers",
  "leads",
  "applications",
];

export const GRANTS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  editor: EDITOR,
  author: ["account", "posts", "page-drafts"],
};

export function can(role: Role, permission: Permission) {
  return GRANTS[role].includes(permission);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
