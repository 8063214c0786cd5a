import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { savePost } from "~/lib/blog/blog.server";
import { postInputSchema } from "~/lib/blog/blog-forms";
import { createPreviewLink, revokePreviewLink } from "~/lib/blog/post-preview-links.server";
import { type Database, schema } from "~/lib/platform/db.server";
import { call, productionServerForThisFile } from "./helpers";
import { cookieWith, signedInStaff } from "./staff-fixtures";

// A draft's private preview link (docs/decisions/052), from the outside: it opens one draft
// for whoever holds it, and nothing else; it is never cached, indexed, counted or logged
// with its token; guessing gets nowhere; only staff make or revoke links, from this site.

const server = productionServerForThisFile({ LOG_LEVEL: "info" });
const SECRET_TITLE = "Utkast: oppkjøpet av Nordlys AS";
const OTHER_TITLE = "Utkast: en annen hemmelighet";
let db: Database;
let actor: { userId: string; ip: string; userAgent: string };
let staffCookie = "";
let draftId = "";
let otherId = "";

const draft = (title: string) =>
  postInputSchema.parse({ title, excerpt: "Ikke for offentligheten ennå", author: "Kari", content: "Avsnitt.", published: false });

beforeAll(async () => {
  db = await server.db();
  const staff = await signedInStaff(db, "kari@fjordform.test");
  staffCookie = await cookieWith(staff.token);
  actor = { userId: staff.user.id, ip: "198.51.100.7", userAgent: "security test" };
  draftId = (await savePost(db, actor, draft(SECRET_TITLE))).id;
  otherId = (await savePost(db, actor, draft(OTHER_TITLE))).id;
});

/** A person's browser (a bare "Mozilla/5.0" counts as a bot). */
const BROWSER = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};
const randomToken = () => randomBytes(32).toString("base64url");

describe("a draft's preview link", () => {
  it("shows the draft, says noindex twice and may be kept by no cache; revoked, it is a 404 at once", async () => {
    const link = await createPreviewLink(db, actor, draftId);
    const path = `/blog/preview/${link.token}`;
    for (let visit = 0; visit < 2; visit++) {
      const reply = await call(server.url, path);
      expect(reply.status).toBe(200);
      expect(reply.body).toContain(SECRET_TITLE);
      expect(reply.body).not.toContain(OTHER_TITLE);
      expect(reply.headers.get("cache-control")).toBe("no-store");
      expect(reply.headers.get("x-robots-tag")).toMatch(/noindex/);
      expect(reply.body).toMatch(/<meta name="robots" content="noindex"/);
      expect(reply.headers.get("etag")).toBeNull(); // no page-cache entry answered it
      // The token's address is never named as the page's own (canonical, og:url).
      const named = reply.body.match(/<link rel="canonical"[^>]*>|<meta property="og:url"[^>]*>/g) ?? [];
      expect(named).toHaveLength(2);
      expect(named.filter((tag) => tag.includes("/blog/preview"))).toEqual([]);
    }
    await revokePreviewLink(db, actor, draftId, link.id);
    const after = await call(server.url, path);
    expect(after.status).toBe(404);
    expect(after.body).toContain("This page doesn’t exist.");
    expect(after.body).not.toContain(SECRET_TITLE);
  });

  it("is in no list: not on /blog, in the feed, the sitemap or /api/blog", async () => {
    await createPreviewLink(db, actor, draftId);
    for (const path of ["/blog", "/blog/rss.xml", "/sitemap.xml", "/api/blog"]) {
      const reply = await call(server.url, path);
      expect([path, reply.body.includes(SECRET_TITLE) || reply.body.includes("/blog/preview/")]).toEqual([path, false]);
    }
  });

  it("is neither counted as a page view nor written to the request log with its token", async () => {
    const link = await createPreviewLink(db, actor, draftId);
    expect((await call(server.url, `/blog/preview/${link.token}`, { headers: BROWSER })).status).toBe(200);
    // Views are written in order: once a later one is stored, the preview's would be too.
    const marker = "/about";
    expect((await call(server.url, marker, { headers: BROWSER })).status).toBe(200);
    await expect
      .poll(async () => (await db.select().from(schema.pageViews).where(eq(schema.pageViews.path, marker))).length, {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    const views = await db.select({ path: schema.pageViews.path }).from(schema.pageViews);
    expect(views.filter((view) => view.path.startsWith("/blog/preview"))).toEqual([]);
    await expect.poll(() => server.output().includes('"path":"/blog/preview/…"'), { timeout: 30_000 }).toBe(true);
    expect(server.output()).not.toContain(link.token);
  });

  it("cannot be guessed: made-up, malformed and cut-short tokens are all the same 404", async () => {
    const link = await createPreviewLink(db, actor, draftId);
    const guesses = [
      randomToken(),
      randomToken(),
      link.token.slice(0, 42),
      `${link.token}A`,
      link.token.toUpperCase() === link.token ? link.token.toLowerCase() : link.token.toUpperCase(),
      "",
      "..%2F..%2Fadmin",
      "a".repeat(5_000),
    ];
    for (const guess of guesses) {
      const reply = await call(server.url, `/blog/preview/${guess}`);
      expect([guess.slice(0, 50), reply.status]).toEqual([guess.slice(0, 50), 404]);
      expect(reply.body).not.toContain(SECRET_TITLE);
    }
  });

  it("opens only its own post; another post's link cannot be revoked through this post's address", async () => {
    const mine = await createPreviewLink(db, actor, draftId);
    const theirs = await createPreviewLink(db, actor, otherId);
    const reply = await call(server.url, `/blog/preview/${theirs.token}`);
    expect(reply.body).toContain(OTHER_TITLE);
    expect(reply.body).not.toContain(SECRET_TITLE);

    // Staff revoking "their" link through "my" post's address: refused, the link still works.
    const revoke = await call(server.url, `/admin/posts/${draftId}/preview-links`, {
      cookie: staffCookie,
      origin: server.url,
      form: { intent: "revoke-preview-link", link: theirs.id, confirm: "on" },
    });
    expect(revoke.status).toBe(404);
    expect((await call(server.url, `/blog/preview/${theirs.token}`)).status).toBe(200);
    expect((await call(server.url, `/blog/preview/${mine.token}`)).body).toContain(SECRET_TITLE);
  });

  it("staff make links only from this site (the origin check), and visitors not at all", async () => {
    const count = async () => (await db.select().from(schema.blogPreviewLinks).where(eq(schema.blogPreviewLinks.postId, otherId))).length;
    const before = await count();
    const path = `/admin/posts/${otherId}/preview-links`;
    const form = { intent: "create-preview-link" };
    const foreign = await call(server.url, path, { cookie: staffCookie, origin: "https://evil.example", form });
    expect(foreign.status).toBe(403);
    const visitor = await call(server.url, path, { origin: server.url, form });
    expect(visitor.status).toBeGreaterThanOrEqual(300);
    expect(visitor.status).toBeLessThan(500);
    expect(await count()).toBe(before);
    // The same request from staff on this site does make one (so the refusals above mean something).
    const own = await call(server.url, path, { cookie: staffCookie, origin: server.url, form });
    expect(own.status).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});
