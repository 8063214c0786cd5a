import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createPost } from "~/lib/blog/blog.server";
import { createJob, jobInputSchema } from "~/lib/careers/jobs.server";
import { type Database, schema } from "~/lib/platform/db.server";
import { subscribe } from "~/lib/visitor-forms/newsletter.server";
import sharp from "sharp";
import { SESSION_COOKIE_SHAPE, sessionTokenIn } from "../support/session-cookie";
import { call, type CallOptions, productionServerForThisFile } from "./helpers";
import { anotherSession, cookieWith, PASSWORD, signedInStaff, withSecondFactor } from "./staff-fixtures";
import { SCRIPT_ACTOR } from "~/lib/auth/security-events.server";

// Issue 12, a class that held: cross-site request forgery. A state-changing request that
// a browser sends from another origin (Origin not this site's, Origin "null" from a
// sandboxed frame or a data: page, or no Origin but Sec-Fetch-Site: cross-site) is
// refused with 403 before any route runs, on every visitor form, sign-in step and staff
// API, even with a valid session cookie; nothing changes and nobody is signed out.
// (A request with neither header is no browser's, so it carries no victim's cookie:
// docs/decisions/003.)

const server = productionServerForThisFile();
const REFUSED = '{"error":"Cross-origin request refused"}';
const state = { full: "", pending: "", postId: "", jobId: "", factorId: "", confirmToken: "", unsubscribeToken: "" };
let db: Database;

beforeAll(async () => {
  db = await server.db();
  const staff = await signedInStaff(db, "kari@fjordform.test");
  state.full = await cookieWith(staff.token);
  const other = await signedInStaff(db, "ola@fjordform.test");
  state.factorId = (await withSecondFactor(db, other.user)).factorId;
  state.pending = await cookieWith((await anotherSession(db, other.user.id, { mfaVerified: false })).token);
  const post = await createPost(
    db,
    {
      title: "A post to keep",
      excerpt: "x",
      author: "Kari",
      content: "x",
      featured_image: "",
      featured: false,
      published: true,
      slug: "",
      created_at: "",
    },
    SCRIPT_ACTOR,
  );
  state.postId = post.id;
  const job = await createJob(
    db,
    SCRIPT_ACTOR,
    jobInputSchema.parse({
      title: "A job to keep",
      location: "Oslo",
      type: "Full-time",
      description: "x",
      applyLink: "mailto:jobs@fjordform.no",
    }),
  );
  state.jobId = job.id;
  await subscribe(db, { email: "reader@example.no", ip: "198.51.100.9", source: "footer" }, server.url);
  const [mail] = await db.select().from(schema.mailOutbox);
  state.confirmToken = /\/newsletter\/confirm\?token=([\w-]{43})/.exec(mail!.textBody)![1]!;
  state.unsubscribeToken = /\/newsletter\/unsubscribe\?token=([\w-]{43})/.exec(mail!.textBody)![1]!;
});

/** Every kind of state-changing request the site takes, with the session it needs to do something. */
function writes(): (CallOptions & { path: string })[] {
  const { full, pending } = state;
  const form = (path: string, fields: Record<string, string>, cookie = full) => ({ path, form: fields, cookie });
  const json = (path: string, body: unknown, method = "POST", cookie = full) => ({ path, method, json: body, cookie });
  const post = { title: "Forged", excerpt: "x", author: "x", content: "x" };
  const job = {
    title: "Forged",
    location: "Oslo",
    type: "Full-time",
    description: "x",
    applyLink: "https://evil.example",
  };
  return [
    json("/api/contact", { company: "Forged AS", project: "x", email: "victim@example.no" }),
    json("/api/contact", { type: "newsletter", email: "victim@example.no" }),
    json("/api/gdpr-results", { email: "victim@example.no", subscribeNewsletter: true, categories: [] }),
    form("/newsletter/subscribe", { email: "victim@example.no" }),
    form("/newsletter/confirm", { token: state.confirmToken }),
    form("/newsletter/unsubscribe", { token: state.unsubscribeToken }),
    form("/login", { email: "kari@fjordform.test", password: PASSWORD }, ""),
    form("/login/mfa", { code: "123456" }, pending),
    form("/logout", {}),
    { path: "/api/session/extend", method: "POST", cookie: full },
    json("/api/auth/reauthenticate", { password: PASSWORD }),
    json("/api/auth/factors", { factor_type: "totp" }),
    json(`/api/auth/factors/${state.factorId}`, { code: "123456" }, "DELETE"),
    json(`/api/auth/factors/${state.factorId}/challenge`, {}, "POST", pending),
    json("/api/blog", post),
    json(`/api/blog-edit?id=${state.postId}`, post, "PUT"),
    { path: `/api/blog-edit?id=${state.postId}`, method: "DELETE", cookie: full },
    { path: "/api/upload-image", method: "POST", cookie: full, body: "replaced by an image below" },
    form("/blog/cms", { ...post, intent: "publish" }),
    form(`/blog/cms?edit=${state.postId}`, { ...post, intent: "publish" }),
    form("/blog/manage", { intent: "delete", id: state.postId, confirm: "on" }),
    form("/careers/cms/new", job),
    form(`/job-cms/${state.jobId}`, job),
    form("/job-cms", { intent: "delete", id: state.jobId }),
    form("/admin/settings/sessions", {}),
    form("/admin/settings/password", { current: PASSWORD, next: "forged password 1", confirm: "forged password 1" }),
    form("/admin/settings/recovery-codes", { password: PASSWORD }),
    form("/admin/settings/two-step/enrol", { intent: "start", password: PASSWORD }),
    // Any other method and path: the check comes before routing.
    { path: "/blog", method: "PATCH", cookie: full, body: "x" },
    { path: "/", method: "PUT", cookie: full, body: "x" },
  ];
}

/** A small upload: refused before the body is read, so it must fit in the socket's buffer. */
async function imageForm() {
  const form = new FormData();
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#184b54" } })
    .png()
    .toBuffer();
  form.append("image", new Blob([new Uint8Array(png)], { type: "image/png" }), "forged.png");
  return form;
}

async function snapshot() {
  const tables = ["blog_posts", "job_listings", "contact_requests", "newsletter_subscribers", "gdpr_submissions"];
  const more = [
    "mail_outbox",
    "media",
    "mfa_factors",
    "mfa_challenges",
    "mfa_recovery_codes",
    "login_attempts",
    "security_events",
  ];
  const counts: Record<string, number> = {};
  for (const table of [...tables, ...more]) {
    counts[table] = (await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n;
  }
  return {
    counts,
    posts: await db.select().from(schema.blogPosts),
    jobs: await db.select().from(schema.jobListings),
    subscribers: await db.select().from(schema.newsletterSubscribers),
    users: await db.select().from(schema.users),
    sessions: await db
      .select({
        id: schema.userSessions.id,
        active: schema.userSessions.isActive,
        expires: schema.userSessions.expiresAt,
        reauth: schema.userSessions.reauthenticatedAt,
      })
      .from(schema.userSessions),
  };
}

describe("a state-changing request from another site", () => {
  const port = () => Number(new URL(server.url).port);
  const foreign = (): { name: string; headers: Record<string, string> }[] => [
    { name: "a foreign Origin", headers: { origin: "https://evil.example" } },
    { name: 'Origin "null" (sandboxed frame, data: page)', headers: { origin: "null" } },
    { name: "the same host on another port", headers: { origin: `http://127.0.0.1:${port() + 1}` } },
    { name: "the same host over https", headers: { origin: `https://127.0.0.1:${port()}` } },
    { name: "a look-alike host", headers: { origin: `http://127.0.0.1.evil.example:${port()}` } },
    { name: "no Origin, Sec-Fetch-Site: cross-site", headers: { "sec-fetch-site": "cross-site" } },
  ];

  it("is refused with 403 on every form and API, with a valid session, and nothing changes", async () => {
    const before = await snapshot();
    for (const variant of foreign()) {
      for (const request of writes()) {
        const body = request.path === "/api/upload-image" ? await imageForm() : request.body;
        const reply = await call(server.url, request.path, { ...request, body, headers: variant.headers });
        const what = `${variant.name}: ${request.method ?? "POST"} ${request.path}`;
        expect([what, reply.status, reply.body]).toEqual([what, 403, REFUSED]);
        expect(reply.headers.get("set-cookie"), what).toBeNull();
      }
    }
    expect(await snapshot()).toEqual(before);
    // Still signed in: the forged logout did nothing.
    expect((await call(server.url, "/admin", { cookie: state.full })).status).toBe(200);
  });

  it("a GET never changes anything either (logout and the newsletter links are POSTs)", async () => {
    const before = await snapshot();
    const headers = { "sec-fetch-site": "cross-site", "x-http-method-override": "DELETE" };
    for (const path of [
      "/logout",
      `/newsletter/confirm?token=${state.confirmToken}`,
      `/newsletter/unsubscribe?token=${state.unsubscribeToken}`,
      `/api/blog-edit?id=${state.postId}`,
    ]) {
      const reply = await call(server.url, path, { cookie: state.full, headers });
      expect([path, reply.status < 500]).toEqual([path, true]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("the same requests from this site are carried out (so the 403s are the origin check's)", async () => {
    const own = { origin: server.url };
    const contact = await call(server.url, "/api/contact", {
      ...own,
      json: { company: "Fjord AS", project: "A site", email: "kari.nordmann@example.no" },
    });
    expect(contact.status).toBe(201);
    const edit = await call(server.url, `/api/blog-edit?id=${state.postId}`, {
      ...own,
      method: "PUT",
      cookie: state.full,
      json: { title: "Edited here", excerpt: "x", author: "Kari", content: "x" },
    });
    expect(edit.status).toBe(200);
    const unsubscribe = await call(server.url, "/newsletter/unsubscribe", {
      ...own,
      form: { token: state.unsubscribeToken },
    });
    expect(unsubscribe.status).toBe(200);
    const [subscriber] = await db.select().from(schema.newsletterSubscribers);
    expect(subscriber!.status).toBe("unsubscribed");
  });

  it("the session cookie is SameSite=Lax and HttpOnly, so browsers keep it off cross-site POSTs too", async () => {
    const reply = await call(server.url, "/login", {
      origin: server.url,
      form: { email: "kari@fjordform.test", password: PASSWORD },
    });
    expect(reply.status).toBe(200);
    // The known-browser cookie comes along (decision 067); this is about the session's.
    const session = reply.headers.getSetCookie().find((cookie) => cookie.startsWith("session="));
    expect(session).toMatch(SESSION_COOKIE_SHAPE);
    expect(await sessionTokenIn(session)).toMatch(/^[\w-]{43}$/);
  });
});
