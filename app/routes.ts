import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { services } from "./content/services";
import { BLOG_EDITOR_PATHS } from "./lib/blog/blog-forms";

export default [
  index("routes/site/home.tsx"),
  route("work", "routes/site/work.tsx"),
  route("work/:slug", "routes/site/work.detail.tsx"),
  route("about", "routes/site/about.tsx"),
  route("blog", "routes/site/blog.tsx"),
  route("blog/rss.xml", "routes/site/blog.rss.ts"),
  route("blog/tag/:tag", "routes/site/blog.tag.tsx"),
  // A draft's private preview link (docs/decisions/052).
  route("blog/preview/:token", "routes/site/blog.preview.tsx"),
  route("blog/:slug", "routes/site/blog.post.tsx"),
  route("careers", "routes/site/careers.tsx"),
  route("careers/:slug", "routes/site/careers.detail.tsx"),
  route("contact", "routes/site/contact.tsx"),
  // One module renders the five service pages.
  ...services.map(({ slug }) => route(slug, "routes/site/service.tsx", { id: `service-${slug}` })),
  // One module renders the terms and the privacy policy.
  route("terms", "routes/site/legal.tsx", { id: "legal-terms" }),
  route("privacy", "routes/site/legal.tsx", { id: "legal-privacy" }),
  route("gdpr-checklist", "routes/site/gdpr-checklist.tsx"),
  route("newsletter/confirm", "routes/site/newsletter.confirm.tsx"),
  route("newsletter/unsubscribe", "routes/site/newsletter.unsubscribe.tsx"),
  // The footer sign-up as a plain form, for pages without JavaScript.
  route("newsletter/subscribe", "routes/site/newsletter.subscribe.ts"),
  route("login", "routes/auth/login.tsx"),
  route("login/mfa", "routes/auth/login.mfa.tsx"),
  route("login/mfa/passkey", "routes/auth/login.mfa.passkey.ts"),
  route("login/status", "routes/auth/login.status.ts"),
  // Signing in with a passkey alone (decision 065): its options and its answer, JSON.
  route("login/passkey", "routes/auth/login.passkey.ts"),
  // One-time links from e-mails, and "Forgot password?" (public: the person is not signed in).
  route("login/invitation", "routes/auth/login.invitation.tsx"),
  route("login/forgot-password", "routes/auth/login.forgot-password.tsx"),
  route("login/reset-password", "routes/auth/login.reset-password.tsx"),
  route("login/confirm-email", "routes/auth/login.confirm-email.tsx"),
  route("logout", "routes/auth/logout.ts"),
  // The staff area: one layout (staff header, no marketing header or footer) and one
  // guard for every page in it. URLs are the spec's; the folders are not.
  layout("routes/staff/layout.tsx", [
    route("blog/manage", "routes/staff/blog.manage.tsx"), // shows "Ikke autorisert" itself
    layout("routes/staff/guarded.ts", [
      // One editor component at every address the spec names; ?edit={id} for edit mode.
      ...BLOG_EDITOR_PATHS.map((path) => path.slice(1)).map((path) =>
        route(path, "routes/staff/blog.editor.tsx", { id: `editor:${path}` }),
      ),
      route("admin/posts", "routes/staff/admin.posts.ts"),
      route("careers/cms/new", "routes/staff/careers.cms.new.tsx"),
      route("job-cms", "routes/staff/job-cms.tsx"),
      route("job-cms/:id", "routes/staff/job-cms.edit.tsx"),
      route("admin", "routes/staff/admin.tsx", [
        index("routes/staff/admin._index.tsx"),
        route("settings", "routes/staff/admin.settings.tsx"),
        // One page per settings intent; the overview's forms post to them.
        route("settings/two-step/enrol", "routes/staff/admin.settings.two-step.enrol.tsx"),
        route("settings/two-step/disable", "routes/staff/admin.settings.two-step.disable.tsx"),
        route("settings/passkeys", "routes/staff/admin.settings.passkeys.tsx"),
        route("settings/recovery-codes", "routes/staff/admin.settings.recovery-codes.tsx"),
        route("settings/password", "routes/staff/admin.settings.password.tsx"),
        route("settings/sessions", "routes/staff/admin.settings.sessions.tsx"),
        route("settings/profile", "routes/staff/admin.settings.profile.tsx"),
        route("settings/studio", "routes/staff/admin.settings.studio.tsx"),
        route("staff", "routes/staff/admin.staff.tsx"),
        route("staff/:id", "routes/staff/admin.staff.account.tsx"),
        route("subscribers", "routes/staff/admin.subscribers.tsx"),
        route("subscribers/export.csv", "routes/staff/admin.subscribers.export.ts"),
        route("subscribers/:id", "routes/staff/admin.subscribers.subscriber.tsx"),
        route("security", "routes/staff/admin.security.tsx"),
        route("mail", "routes/staff/admin.mail.tsx"),
        route("mail/:id", "routes/staff/admin.mail.message.tsx"),
        route("inbox", "routes/staff/admin.inbox.tsx"),
        route("inbox/export.csv", "routes/staff/admin.inbox.export.ts"),
        route("inbox/:id", "routes/staff/admin.inbox.lead.tsx"),
        // Job applications (decision 057): the list, the CSV, one application, its CV and its export (a zip).
        route("applications", "routes/staff/admin.applications.tsx"),
        route("applications/export.csv", "routes/staff/admin.applications.export.ts"),
        // "Svarmaler": the stored answers "Svar" starts from (decision 064).
        route("applications/templates", "routes/staff/admin.applications.templates.tsx"),
        route("applications/templates/:key", "routes/staff/admin.applications.template.tsx"),
        route("applications/:id", "routes/staff/admin.applications.item.tsx"),
        route("applications/:id/cv", "routes/staff/admin.applications.cv.ts"),
        route("applications/:id/export.zip", "routes/staff/admin.applications.item-export.ts"),
        route("media", "routes/staff/admin.media.tsx"),
        route("media/:id", "routes/staff/admin.media.item.tsx"),
        route("newsletter", "routes/staff/admin.newsletter.tsx"),
        route("newsletter/new", "routes/staff/admin.newsletter.new.tsx"),
        route("newsletter/from-post", "routes/staff/admin.newsletter.from-post.ts"),
        route("newsletter/:id", "routes/staff/admin.newsletter.issue.tsx"),
        route("newsletter/:id/preview.html", "routes/staff/admin.newsletter.preview.ts"),
        route("newsletter/:id/test", "routes/staff/admin.newsletter.test.ts"),
        route("newsletter/:id/send", "routes/staff/admin.newsletter.send.tsx"),
        // The showcase: the list (order, publish); "new" or one item (edit, delete).
        route("work", "routes/staff/admin.work.tsx"),
        route("work/:id", "routes/staff/admin.work.item.tsx"),
        // Page content: the list, one page's editor, and one address per further intent.
        route("pages", "routes/staff/admin.pages.tsx"),
        route("pages/:page", "routes/staff/admin.pages.page.tsx"),
        route("pages/:page/publish", "routes/staff/admin.pages.page.publish.tsx"),
        route("pages/:page/preview", "routes/staff/admin.pages.page.preview.tsx"),
        route("pages/:page/history", "routes/staff/admin.pages.page.history.tsx"),
        route("redirects", "routes/staff/admin.redirects.tsx"),
        route("backups", "routes/staff/admin.backups.tsx"),
        route("backups/:name", "routes/staff/admin.backups.download.ts"),
        // A post's revisions (compare, restore) and its draft's private preview links (docs/decisions/052).
        route("posts/:id/revisions", "routes/staff/admin.posts.revisions.tsx"),
        route("posts/:id/preview-links", "routes/staff/admin.posts.preview-links.ts"),
      ]),
    ]),
  ]),
  route("api/session/extend", "routes/api/api.session.extend.ts"),
  route("api/auth/reauthenticate", "routes/api/api.auth.reauthenticate.ts"),
  route("api/auth/factors", "routes/api/api.auth.factors.ts"),
  route("api/auth/factors/:id/:verb?", "routes/api/api.auth.factor.ts"),
  route("__test/:hook", "routes/system/test-hooks.ts"),
  route("api/upload-image", "routes/api/api.upload-image.ts"),
  route("api/blog", "routes/api/api.blog.ts"),
  route("api/blog-edit", "routes/api/api.blog-edit.ts"),
  route("api/contact", "routes/api/api.contact.ts"),
  route("api/gdpr-results", "routes/api/api.gdpr-results.ts"),
  route("api/form-challenge", "routes/api/api.form-challenge.ts"),
  route("sitemap.xml", "routes/system/sitemap-xml.ts"),
  route("robots.txt", "routes/system/robots-txt.ts"),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
