import type { Permission } from "./roles";

/**
 * The one permission of every staff page and staff API, keyed by the route's pattern as
 * React Router reports it (the paths of app/routes.ts joined: "/admin/inbox/:id"). Pages,
 * their `.data` requests and their actions share a pattern, so one entry covers all three.
 *
 * The guards read this table (guard.server.ts): a staff route missing from it is refused
 * to everyone, owners included, and tests/security/route-permissions.test.ts fails until
 * it is added, so a new route cannot go out open. "public" marks the JSON endpoints that
 * visitors use (their staff methods, if any, still need `posts`, see API_WRITE).
 * docs/decisions/059 has the same table by role.
 */
export const ROUTE_PERMISSIONS: Record<string, Permission | "public"> = {
  // Blog: every role writes; lib/blog keeps an author to their own posts and drafts.
  "/blog/manage": "posts",
  "/blog/cms": "posts",
  "/blog/new": "posts",
  "/blog-cms": "posts",
  "/admin/posts/new": "posts",
  "/admin/posts": "posts",
  "/admin/posts/:id/revisions": "posts",
  "/admin/posts/:id/preview-links": "posts",
  // Jobs, showcase, pages, media, redirects.
  "/careers/cms/new": "content",
  "/job-cms": "content",
  "/job-cms/:id": "content",
  "/admin/work": "content",
  "/admin/work/:id": "content",
  // Pages: every role drafts; publishing, restoring, discarding is `content` (lib/pages, decision 071).
  "/admin/pages": "page-drafts",
  "/admin/pages/:page": "page-drafts",
  "/admin/pages/:page/publish": "content",
  "/admin/pages/:page/preview": "page-drafts",
  "/admin/pages/:page/history": "page-drafts",
  "/admin/media": "content",
  "/admin/media/:id": "content",
  "/admin/redirects": "content",
  // One's own account.
  "/admin": "account",
  "/admin/settings": "account",
  "/admin/settings/two-step/enrol": "account",
  "/admin/settings/two-step/disable": "account",
  "/admin/settings/recovery-codes": "account",
  "/admin/settings/passkeys": "account",
  "/admin/settings/password": "account",
  "/admin/settings/sessions": "account",
  "/admin/settings/profile": "account",
  // What visitors sent us, and whom we write to.
  "/admin/inbox": "leads",
  "/admin/inbox/export.csv": "leads",
  "/admin/inbox/:id": "leads",
  "/admin/applications": "applications",
  "/admin/applications/export.csv": "applications",
  "/admin/applications/templates": "applications",
  "/admin/applications/templates/:key": "applications",
  "/admin/applications/:id": "applications",
  "/admin/applications/:id/cv": "applications",
  "/admin/applications/:id/export.zip": "applications",
  "/admin/subscribers": "subscribers",
  "/admin/subscribers/export.csv": "subscribers",
  "/admin/subscribers/:id": "subscribers",
  "/admin/newsletter": "newsletter",
  "/admin/newsletter/new": "newsletter",
  "/admin/newsletter/from-post": "newsletter",
  "/admin/newsletter/:id": "newsletter",
  "/admin/newsletter/:id/preview.html": "newsletter",
  "/admin/newsletter/:id/test": "newsletter",
  "/admin/newsletter/:id/send": "newsletter",
  // Running the studio: owners only.
  "/admin/mail": "mail",
  "/admin/mail/:id": "mail",
  "/admin/staff": "staff",
  "/admin/staff/:id": "staff",
  "/admin/security": "security",
  "/admin/backups": "backups",
  "/admin/backups/:name": "backups",
  "/admin/settings/studio": "studio",
  // The JSON API.
  "/api/session/extend": "account",
  "/api/auth/reauthenticate": "account",
  "/api/auth/factors": "account",
  "/api/auth/factors/:id/:verb?": "account",
  "/api/upload-image": "posts",
  "/api/blog": "public",
  "/api/blog-edit": "posts",
  "/api/contact": "public",
  "/api/gdpr-results": "public",
  "/api/form-challenge": "public",
};

/** The staff methods of a "public" endpoint: POST /api/blog writes a post. */
export const API_WRITE: Record<string, Permission> = { "/api/blog": "posts" };

/** "admin/inbox/:id" (React Router's form) or "/admin/inbox/:id" → the table's key. */
export const patternKey = (pattern: string) => `/${pattern.replace(/^\/+/, "")}`;

/** The permission a route needs; undefined when the table does not name it (then: refused). */
export function permissionOf(pattern: string): Permission | "public" | undefined {
  return ROUTE_PERMISSIONS[patternKey(pattern)];
}
