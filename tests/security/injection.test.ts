import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createPost } from "~/lib/blog/blog.server";
import { createJob, jobInputSchema } from "~/lib/careers/jobs.server";
import { type Database, schema } from "~/lib/platform/db.server";
import { sessionTokenIn } from "../support/session-cookie";
import { call, type CallOptions, productionServerForThisFile } from "./helpers";
import { anotherSession, cookieWith, signedInStaff, withSecondFactor } from "./staff-fixtures";
import { SCRIPT_ACTOR } from "~/lib/auth/security-events.server";

// Issue 12, a class that held: SQL injection. Classic payloads in every input that
// reaches a query (paths, query strings, form fields, JSON fields) are answered like any
// other wrong input (a 4xx, or stored as the text it is), never with a 500 or a database
// message; every table and row is intact afterwards, and nobody is signed in by them.

const server = productionServerForThisFile();
const PAYLOADS = [
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  "1; DELETE FROM blog_posts",
  "' UNION SELECT email, password_hash FROM users --",
  "%' AND 1=0 UNION SELECT NULL --",
  "\\'; TRUNCATE job_listings CASCADE; --",
  "$$; DROP TABLE newsletter_subscribers; $$",
  "admin@fjordform.test'--",
];
// `pg_` only as a word of its own: an asset file name's hash may contain "pG_".
const DATABASE_WORDS =
  /syntax error|SQLSTATE|Failed query|(?<![\w-])pg_|drizzle|relation "|column "|unterminated|invalid input syntax/i;
const state = { full: "", pending: "", reauth: "", postId: "", postSlug: "", jobSlug: "" };
let db: Database;

beforeAll(async () => {
  db = await server.db();
  state.full = await cookieWith((await signedInStaff(db, "kari@fjordform.test")).token);
  // Wrong passwords lock an account: the guesses at passwords go to accounts of their own.
  await signedInStaff(db, "target@fjordform.test");
  state.reauth = await cookieWith((await signedInStaff(db, "reauth@fjordform.test")).token);
  const other = await signedInStaff(db, "ola@fjordform.test");
  await withSecondFactor(db, other.user);
  state.pending = await cookieWith((await anotherSession(db, other.user.id, { mfaVerified: false })).token);
  const post = await createPost(
    db,
    {
      title: "The post that must survive",
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
  state.postSlug = post.slug;
  const job = await createJob(
    db,
    SCRIPT_ACTOR,
    jobInputSchema.parse({
      title: "The job that must survive",
      location: "Oslo",
      type: "Full-time",
      description: "x",
      applyLink: "mailto:jobs@fjordform.no",
    }),
  );
  state.jobSlug = job.slug;
});

/** Every table with its rows: what an injection would have changed. */
async function everything() {
  const tables = (
    await db.execute<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
    )
  ).rows.map((row) => row.name);
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    if (EXPECTED_TO_CHANGE.includes(table)) continue;
    rows[table] = (await db.execute(sql.raw(`select * from "${table}" order by 1`))).rows;
  }
  // Sessions: guessing may end one (the code budget, a lockout), but none is made or completed.
  const sessions = await db
    .select({ id: schema.userSessions.id, verified: schema.userSessions.mfaVerifiedAt })
    .from(schema.userSessions)
    .orderBy(schema.userSessions.id);
  return { tables, rows, sessions };
}
/** The logs of the attempts themselves, and the sessions (compared on their own above). */
const EXPECTED_TO_CHANGE = [
  "login_attempts",
  "security_events",
  "mfa_code_attempts",
  "rate_limits",
  "page_views",
  "mail_outbox",
  "user_sessions",
];

type Target = { name: string; request: (payload: string) => CallOptions & { path: string }; accepted?: number[] };
const e = encodeURIComponent;
const own = () => ({ origin: server.url });
const TARGETS: Target[] = [
  { name: "blog slug", request: (p) => ({ path: `/blog/${e(p)}` }), accepted: [404] },
  { name: "careers slug", request: (p) => ({ path: `/careers/${e(p)}` }), accepted: [404] },
  { name: "job editor id", request: (p) => ({ path: `/job-cms/${e(p)}`, cookie: state.full }), accepted: [404] },
  {
    name: "post editor ?edit",
    request: (p) => ({ path: `/blog/cms?edit=${e(p)}`, cookie: state.full }),
    accepted: [200],
  },
  {
    name: "GET /api/blog-edit?id",
    request: (p) => ({ path: `/api/blog-edit?id=${e(p)}`, cookie: state.full }),
    accepted: [404],
  },
  {
    name: "DELETE /api/blog-edit?id",
    request: (p) => ({ path: `/api/blog-edit?id=${e(p)}`, method: "DELETE", cookie: state.full, ...own() }),
    accepted: [404],
  },
  { name: "unsubscribe ?token", request: (p) => ({ path: `/newsletter/unsubscribe?token=${e(p)}` }), accepted: [400] },
  { name: "confirm ?token", request: (p) => ({ path: `/newsletter/confirm?token=${e(p)}` }), accepted: [400] },
  { name: "sign-in debug ?email", request: (p) => ({ path: `/login/status?email=${e(p)}` }), accepted: [200] },
  { name: "search-like params", request: (p) => ({ path: `/blog?q=${e(p)}&page=${e(p)}` }), accepted: [200] },
  {
    name: "sign-in e-mail",
    request: (p) => ({ path: "/login", form: { email: p, password: "wrong password 1" }, ...own() }),
    accepted: [400, 401],
  },
  {
    name: "sign-in password",
    request: (p) => ({ path: "/login", form: { email: "target@fjordform.test", password: p }, ...own() }),
    accepted: [400, 401, 423],
  },
  {
    name: "second step code",
    request: (p) => ({ path: "/login/mfa", form: { code: p }, cookie: state.pending, ...own() }),
    accepted: [400, 401, 429, 302],
  },
  {
    name: "footer form e-mail",
    request: (p) => ({ path: "/newsletter/subscribe", form: { email: p }, ...own() }),
    accepted: [303],
  },
  {
    name: "unsubscribe form token",
    request: (p) => ({ path: "/newsletter/unsubscribe", form: { token: p }, ...own() }),
    accepted: [400],
  },
  {
    name: "newsletter JSON e-mail",
    request: (p) => ({ path: "/api/contact", json: { type: "newsletter", email: p }, ...own() }),
    accepted: [400],
  },
  {
    name: "contact JSON e-mail",
    request: (p) => ({ path: "/api/contact", json: { company: "x", project: "x", email: p }, ...own() }),
    accepted: [400],
  },
  {
    name: "GDPR JSON",
    request: (p) => ({
      path: "/api/gdpr-results",
      json: {
        email: "kari.nordmann@example.no",
        categories: [{ id: p, title: p, items: [{ id: p, text: p, answer: "yes" }] }],
      },
      ...own(),
    }),
    // Matched against the checklist's own questions, so made-up ids answer nothing.
    accepted: [400],
  },
  {
    name: "re-authentication password (JSON)",
    request: (p) => ({ path: "/api/auth/reauthenticate", json: { password: p }, cookie: state.reauth, ...own() }),
    accepted: [400, 401, 423, 429],
  },
  {
    name: "second factor verify (JSON)",
    request: (p) => ({
      path: `/api/auth/factors/${e(p)}/verify`,
      json: { code: p, challenge_id: p },
      cookie: state.pending,
      ...own(),
    }),
    accepted: [404],
  },
  {
    name: "job list action id",
    request: (p) => ({ path: "/job-cms", form: { intent: "delete", id: p, confirm: "on" }, cookie: state.full, ...own() }),
    accepted: [404],
  },
];

describe("SQL injection payloads", () => {
  it("in every path, query, form and JSON input: a plain 4xx or a normal page, never a database error", async () => {
    const before = await everything();
    for (const target of TARGETS) {
      for (const payload of PAYLOADS) {
        const reply = await call(server.url, target.request(payload).path, target.request(payload));
        const what = `${target.name} ← ${payload}`;
        expect([what, target.accepted!.includes(reply.status)], `answered ${reply.status}`).toEqual([what, true]);
        expect([what, DATABASE_WORDS.exec(reply.body)?.[0]]).toEqual([what, undefined]);
        expect([what, await sessionTokenIn(reply.headers.get("set-cookie"))]).toEqual([what, undefined]);
      }
    }
    expect(await everything()).toEqual(before);
  });

  it("stored where text is expected, exactly as sent: contact requests, blog posts, job listings", async () => {
    const jobsBefore = (await db.select().from(schema.jobListings)).length;
    for (const [index, payload] of PAYLOADS.entries()) {
      const contact = await call(server.url, "/api/contact", {
        ...own(),
        json: { company: payload, project: payload, email: "kari.nordmann@example.no" },
      });
      expect([payload, contact.status]).toEqual([payload, 201]);
      const post = await call(server.url, "/api/blog", {
        ...own(),
        cookie: state.full,
        // Several payloads make the same slug; a staff-chosen slug must be free, hence the number.
        json: { title: payload, excerpt: payload, author: payload, content: payload, slug: `${payload} ${index}` },
      });
      expect([payload, post.status]).toEqual([payload, 201]);
      const job = await call(server.url, "/careers/cms/new", {
        ...own(),
        cookie: state.full,
        form: {
          title: payload,
          slug: `${payload} ${index}`,
          location: payload,
          type: "Contract",
          description: payload,
          department: payload,
          responsibilities: [payload, payload],
          applyLink: "mailto:jobs@fjordform.no",
          published: "on",
        },
      });
      expect([payload, job.status, job.headers.get("location")]).toEqual([payload, 303, "/job-cms"]);
    }
    const contacts = await db.select().from(schema.contactRequests);
    expect(contacts.map((row) => [row.company, row.project]).sort()).toEqual(PAYLOADS.map((p) => [p, p]).sort());
    const posts = await db
      .select()
      .from(schema.blogPosts)
      .where(sql`${schema.blogPosts.id} <> ${state.postId}`);
    expect(posts.map((row) => [row.title, row.excerpt, row.author, row.content]).sort()).toEqual(
      PAYLOADS.map((p) => [p, p, p, p]).sort(),
    );
    // Slugs are made of letters, digits and hyphens, whatever is asked for.
    for (const row of posts) expect(row.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    const jobs = await db.select().from(schema.jobListings).where(eq(schema.jobListings.location, PAYLOADS[0]!));
    expect(jobs.map((row) => row.title)).toEqual([PAYLOADS[0]]);
    expect(await db.select().from(schema.jobListings)).toHaveLength(jobsBefore + PAYLOADS.length);
  });

  it("the original content is still served, and the staff member is still signed in", async () => {
    expect((await call(server.url, `/blog/${state.postSlug}`)).body).toContain("The post that must survive");
    expect((await call(server.url, `/careers/${state.jobSlug}`)).body).toContain("The job that must survive");
    expect((await call(server.url, "/admin", { cookie: state.full })).status).toBe(200);
  });

  it("no query failed on the server: no error and no parameter values in its log", () => {
    const output = server.output();
    expect(output).not.toContain('"level":"error"');
    expect(output).not.toMatch(DATABASE_WORDS);
  });
});
