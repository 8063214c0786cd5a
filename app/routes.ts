import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { services } from "./content/services";

export default [
  index("routes/home.tsx"),
  route("work", "routes/work.tsx"),
  route("about", "routes/about.tsx"),
  route("blog", "routes/blog.tsx"),
  route("careers", "routes/careers.tsx"),
  route("contact", "routes/contact.tsx"),
  // One module renders the five service pages.
  ...services.map(({ slug }) => route(slug, "routes/service.tsx", { id: `service-${slug}` })),
  route("terms", "routes/terms.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("gdpr-checklist", "routes/gdpr-checklist.tsx"),
  route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
  route("login", "routes/login.tsx"),
  route("login/mfa", "routes/login.mfa.tsx"),
  route("login/status", "routes/login.status.ts"),
  route("logout", "routes/logout.ts"),
  route("admin", "routes/admin.tsx", [
    index("routes/admin._index.tsx"),
    route("settings", "routes/admin.settings.tsx"),
    route("subscribers", "routes/admin.subscribers.tsx"),
  ]),
  route("api/session/extend", "routes/api.session.extend.ts"),
  route("api/auth/factors", "routes/api.auth.factors.ts"),
  route("api/auth/factors/:id/:verb?", "routes/api.auth.factor.ts"),
  route("__test/clock", "routes/test-clock.ts"),
  route("api/contact", "routes/api.contact.ts"),
  route("api/gdpr-results", "routes/api.gdpr-results.ts"),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
