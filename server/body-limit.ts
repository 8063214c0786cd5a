import type { MiddlewareHandler } from "hono";
import { BLOG_POST_BODY_RULES } from "~/lib/blog/blog-api.server";
import { BLOG_EDITOR_PATHS, POST_PREVIEW_PATH } from "~/lib/blog/blog-forms";
import { log } from "~/lib/platform/log.server";
import {
  type BodyLimitError,
  type BodyRules,
  BodyTooLargeError,
  declaredLength,
  limitBody,
} from "~/lib/platform/request-body.server";
import { UPLOAD_BODY_RULES, uploadTooLargeMessage } from "~/lib/media/uploads.server";
import { getConfig } from "~/lib/platform/config.server";
import { showcaseBodyRules } from "~/lib/showcase/showcase-upload.server";
import { APPLICATION_BODY_RULES } from "~/lib/applications/application-upload.server";

/**
 * One limit on every request body, before any route sees it: 64 KB, which is far
 * more than any visitor form (the contact form allows 5,000 characters) and a sign-in
 * ever sends, read within 10 s. A few staff routes carry more: blog posts and job
 * listings 256 KB, the image upload its 5 MB, the showcase form two videos of VIDEO_MAX_MB and a poster.
 *
 * A declared Content-Length over the limit is answered 413 at once, without reading
 * a byte. Any other body (chunked, or within its declared length) reaches the route
 * as a stream that stops at the limit or the deadline; whatever the route then made
 * of the failed read, the answer is 413 or 408.
 */
const DEFAULT_RULES: BodyRules = { maxBytes: 64 * 1024, deadlineMs: 10_000 };
const STAFF_CONTENT_RULES: BodyRules = { maxBytes: 256 * 1024, deadlineMs: 30_000 };

type RouteRules = BodyRules & { tooLargeMessage?: (bytes: number) => string };

function rulesFor(path: string): RouteRules {
  const route = path.replace(/(?:\.data|\/)$/, "");
  if (route === "/api/upload-image") return { ...UPLOAD_BODY_RULES, tooLargeMessage: uploadTooLargeMessage };
  // The showcase form carries a video or two and a poster; each file has its own limit.
  if (route === "/admin/work/new" || /^\/admin\/work\/[^/]+$/.test(route))
    return showcaseBodyRules(getConfig().videoMaxBytes);
  // A job application: the text fields and a CV of up to 10 MB (decision 057).
  if (/^\/careers\/[^/]+$/.test(route) && route !== "/careers/cms") return APPLICATION_BODY_RULES;
  // A post: through the JSON API, or the editor's own form (its four addresses) and its live preview.
  if (route === "/api/blog" || route === "/api/blog-edit" || route === POST_PREVIEW_PATH || BLOG_EDITOR_PATHS.includes(route))
    return BLOG_POST_BODY_RULES;
  // The job form: a description and three lists, URL-encoded (ø is 6 bytes there).
  if (route === "/job-cms" || route.startsWith("/job-cms/") || route === "/careers/cms/new") return STAFF_CONTENT_RULES;
  return DEFAULT_RULES;
}

export function requestBodyLimits(): MiddlewareHandler {
  return async (c, next) => {
    const rules = rulesFor(c.req.path);
    const declared = declaredLength(c.req.raw);
    if (declared !== undefined && declared > rules.maxBytes) {
      return refusal(c.req.path, 413, rules.tooLargeMessage?.(declared) ?? "The request is too large.");
    }
    // GET and HEAD bodies never reach a route (and not asking spares building the Request).
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const body = c.req.raw.body;
    if (!body) return next();

    const limited = limitBody(body, rules);
    c.req.raw = new Request(c.req.raw, { body: limited.stream, duplex: "half" } as RequestInit);
    try {
      await next();
    } finally {
      limited.dispose();
    }
    const failure: BodyLimitError | undefined = limited.failure;
    if (!failure) return;
    // The route saw its read fail and answered something (often a 500): the client is
    // owed the real reason. c.res is cleared first, or Hono would merge the old headers in.
    if (c.res.status !== failure.status) {
      log.info("request body refused", { path: c.req.path, status: failure.status, routeStatus: c.res.status });
      await c.res.body?.cancel().catch(() => {});
      const message =
        failure instanceof BodyTooLargeError && rules.tooLargeMessage
          ? rules.tooLargeMessage(failure.bytes)
          : failure.message;
      c.res = undefined as unknown as Response;
      c.res = refusal(c.req.path, failure.status, message);
    }
  };
}

function refusal(path: string, status: 408 | 413, message: string) {
  const headers = { "Cache-Control": "no-store" };
  return path.startsWith("/api/")
    ? Response.json({ error: message }, { status, headers })
    : new Response(message, { status, headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
}
