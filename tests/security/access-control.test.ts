import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { createPost } from "~/lib/blog/blog.server";
import { createJob, jobInputSchema } from "~/lib/careers/jobs.server";
import { type Database, schema } from "~/lib/platform/db.server";
import { submitContact } from "~/lib/visitor-forms/contact.server";
import { subscribe } from "~/lib/visitor-forms/newsletter.server";
import * as fixtures from "../fixtures/images";
import { call, type CallOptions, productionServerForThisFile } from "./helpers";
import { anotherSession, cookieWith, signedInStaff, withSecondFactor } from "./staff-fixtures";
import { SCRIPT_ACTOR } from "~/lib/auth/security-events.server";
import { createIssue } from "~/lib/newsletter/issues.server";
import { submitApplication } from "~/lib/applications/applications.server";
import { createPrivateStore } from "~/lib/media/storage/private-store.server";
import { plainPdf } from "../support/pdf-fixtures";

// Issue 12, a class that held: access control. Every staff page and every staff API,
// asked without a session and with a session that still owes its second factor, answers
// without staff data and changes nothing; the same requests with a full session work
// (so the lists below are real). Public endpoints never show drafts.

const server = productionServerForThisFile();
const SECRETS = {
  draft: "Utkast om et hemmelig oppkjøp",
  job: "Hemmelig stilling i ledergruppen",
  subscriber: "hemmelig.abonnent@example.no",
  applicant: "Et hemmelig søknadsbrev",
};
const state = {
  full: "",
  pending: "",
  draftId: "",
  draftSlug: "",
  jobId: "",
  leadId: "",
  factorId: "",
  subscriberId: "",
  mailId: "",
  otherId: "",
  issueId: "",
  workId: "",
  mediaId: "",
  applicationId: "",
};
let db: Database;

beforeAll(async () => {
  db = await server.db();
  const staff = await signedInStaff(db, "kari@fjordform.test");
  state.full = await cookieWith(staff.token);
  const other = await signedInStaff(db, "ola@fjordform.test");
  state.factorId = (await withSecondFactor(db, other.user)).factorId;
  state.otherId = other.user.id;
  state.pending = await cookieWith((await anotherSession(db, other.user.id, { mfaVerified: false })).token);
  const draft = await createPost(
    db,
    {
      title: SECRETS.draft,
      excerpt: "Ikke publisert",
      author: "Kari",
      content: "Innhold som bare staben skal se.",
      featured_image: "",
      featured: false,
      published: false,
      slug: "",
      created_at: "",
    },
    SCRIPT_ACTOR,
  );
  state.draftId = draft.id;
  state.draftSlug = draft.slug;
  const job = await createJob(
    db,
    SCRIPT_ACTOR,
    jobInputSchema.parse({
      title: SECRETS.job,
      slug: "hemmelig-stilling",
      location: "Oslo",
      type: "Full-time",
      description: "Not public yet.",
      applyLink: "mailto:jobs@fjordform.no",
      published: false,
    }),
  );
  state.jobId = job.id;
  await submitContact(db, { company: "Hemmelig AS", project: "Et oppkjøp", email: "kunde@example.no" }, server.url);
  const [lead] = await db.select({ id: schema.leads.id }).from(schema.leads);
  state.leadId = lead!.id;
  await subscribe(db, { email: SECRETS.subscriber, ip: "198.51.100.9", source: "footer" }, server.url);
  const [subscriber] = await db.select({ id: schema.newsletterSubscribers.id }).from(schema.newsletterSubscribers);
  state.subscriberId = subscriber!.id;
  // An application with its CV in the server's private store (decision 057).
  const spooled = path.join(server.dataDir, "access-control-cv.part");
  fs.writeFileSync(spooled, plainPdf);
  const form = new FormData();
  for (const [name, value] of Object.entries({
    name: "Søker",
    email: "soker@example.no",
    letter: SECRETS.applicant,
    consent: "on",
  })) {
    form.append(name, value);
  }
  const applied = await submitApplication(
    db,
    { ...job, applyLink: "mailto:jobs@example.no" },
    form,
    { path: spooled, size: plainPdf.length, name: "cv.pdf" },
    {
      siteUrl: server.url,
      store: createPrivateStore({ driver: "local", dir: path.join(server.dataDir, "uploads") }),
    },
  );
  if (applied.kind !== "received") throw new Error("the test application was refused");
  state.applicationId = applied.id;
  // A failed message, the kind "Send igjen" is for.
  const [mail] = await db
    .update(schema.mailOutbox)
    .set({ status: "failed", lastError: "550 mailbox unavailable" })
    .where(sql`${schema.mailOutbox.toAddress} = ${SECRETS.subscriber}`)
    .returning({ id: schema.mailOutbox.id });
  state.mailId = mail!.id;
  const staffActor = { userId: staff.user.id, name: "Kari", ip: "192.0.2.1", userAgent: "vitest" };
  const issue = await createIssue(
    db,
    { subject: "Et nyhetsbrev", preheader: "", body: "Tekst", featuredImage: "" },
    staffActor,
  );
  state.issueId = issue;
  const [work] = await db.select({ id: schema.portfolioItems.id }).from(schema.portfolioItems).limit(1);
  state.workId = work!.id; // the seeded showcase
  // A library image (the row is what the page shows; its files need not exist).
  const [image] = await db
    .insert(schema.media)
    .values({
      storageKey: "access-control-test",
      mimeType: "image/webp",
      sizeBytes: 1234,
      width: 480,
      height: 320,
      uploadedBy: staff.user.id,
    })
    .returning({ id: schema.media.id });
  state.mediaId = image!.id;
  // A backup on the shelf (decision 058), for its download's address.
  fs.mkdirSync(path.join(server.dataDir, "backups"), { recursive: true });
  fs.writeFileSync(path.join(server.dataDir, "backups", BACKUP_NAME), "not a real backup");
});

const BACKUP_NAME = "backup-2026-01-01T00-00-00-000Z.ffbackup";

/** The id a staff page's `:id` stands for, by the page's file. */
function idFor(file: string) {
  if (file.includes("admin.applications")) return state.applicationId;
  if (file.includes("inbox")) return state.leadId;
  if (file.includes("subscribers")) return state.subscriberId;
  if (file.includes("mail")) return state.mailId;
  if (file.includes("admin.staff")) return state.otherId;
  if (file.includes("admin.newsletter")) return state.issueId;
  if (file.includes("admin.work")) return state.workId;
  if (file.includes("admin.media")) return state.mediaId;
  if (file.includes("job-cms")) return state.jobId;
  if (file.includes("admin.posts")) return state.draftId;
  // A new staff page with an id must say which row it shows, or it would be tested on a 404.
  throw new Error(`access-control.test.ts: no test row for ${file}; add one to idFor`);
}

/** Every page route in app/routes.ts whose module is a staff page, with its parameters filled in. */
function staffPages(): string[] {
  type Entry = { file: string; path?: string; index?: boolean; children?: Entry[] };
  const walk = (entries: Entry[], parent: string): { file: string; path: string }[] =>
    entries.flatMap((entry) => {
      const here = entry.index ? parent : `${parent}/${entry.path ?? ""}`.replace(/\/+$/, "");
      // A layout without a path (the staff layout, its guard) is no page of its own.
      const page = entry.index || entry.path !== undefined ? [{ file: entry.file, path: here || "/" }] : [];
      return [...page, ...walk(entry.children ?? [], here)];
    });
  return (
    walk(routes as Entry[], "")
      .filter((route) => route.file.startsWith("routes/staff/"))
      .map((route) => (route.path.includes(":id") ? route.path.replace(":id", idFor(route.file)) : route.path))
      // The page-content editor's pages (/admin/pages/:page/…) are tested on one page's key.
      // A stored answer template's page (/admin/applications/templates/:key) on one template's key.
      .map((path) => path.replace(":page", "design").replace(":name", BACKUP_NAME).replace(":key", "thanks-nb"))
      .concat(`/blog/cms?edit=${state.draftId}`)
  );
}

/** Follows redirects by hand (at most 5) and says where the request ended. */
async function landing(page: string, cookie?: string) {
  let current = page;
  for (let hop = 0; hop < 5; hop++) {
    const reply = await call(server.url, current, { cookie });
    const location = reply.headers.get("location");
    if (reply.status < 300 || reply.status >= 400 || !location) return { ...reply, path: current };
    current = new URL(location, server.url + current).pathname;
  }
  throw new Error(`${page}: more than 5 redirects`);
}

const leaks = (body: string) => Object.values(SECRETS).filter((secret) => body.includes(secret));

describe("staff pages", () => {
  it("are all found in app/routes.ts (the list cannot silently be empty)", () => {
    expect(staffPages().length).toBeGreaterThanOrEqual(18);
  });

  it("with a full session, each is a page (the guard lets staff in)", async () => {
    for (const page of staffPages()) {
      const reply = await landing(page, state.full);
      expect([page, reply.status]).toEqual([page, 200]);
    }
  });

  it("without a session, each sends the visitor home (or says it is not authorised) and shows no staff data", async () => {
    for (const page of staffPages()) {
      const reply = await landing(page);
      const notAuthorised = reply.status === 401 && reply.body.includes("Ikke autorisert");
      expect([page, reply.path === "/" || notAuthorised], reply.path).toEqual([page, true]);
      expect([page, leaks(reply.body)]).toEqual([page, []]);
    }
  });

  it("with the second factor still owed, each asks for the code instead, and shows no staff data", async () => {
    for (const page of staffPages()) {
      const reply = await landing(page, state.pending);
      const notAuthorised = reply.status === 401 && reply.body.includes("Ikke autorisert");
      expect([page, reply.path === "/login/mfa" || notAuthorised], reply.path).toEqual([page, true]);
      expect([page, leaks(reply.body)]).toEqual([page, []]);
    }
  });

  it("their data requests (React Router's `.data`) carry no staff data either", async () => {
    for (const page of staffPages()) {
      const [pathname, query] = page.split("?");
      const dataPath = `${pathname === "/" ? "/_root" : pathname}.data${query ? `?${query}` : ""}`;
      for (const cookie of [undefined, state.pending]) {
        const reply = await call(server.url, dataPath, { cookie });
        expect([dataPath, reply.status === 200 && reply.body.includes(SECRETS.draft)]).toEqual([dataPath, false]);
        expect([dataPath, leaks(reply.body)]).toEqual([dataPath, []]);
      }
    }
    // With a full session the same request does carry the data: the check above can fail.
    const staff = await call(server.url, `/blog/cms.data?edit=${state.draftId}`, { cookie: state.full });
    expect(staff.body).toContain(SECRETS.draft);
  });

  it("their forms, posted without a full session, change nothing", async () => {
    const before = await snapshot();
    const own = server.url;
    const posts: [string, Record<string, string>][] = [
      ["/job-cms", { intent: "delete", id: state.jobId }],
      ["/job-cms", { intent: "publish", id: state.jobId }],
      [
        `/job-cms/${state.jobId}`,
        {
          title: "Taken over",
          location: "Oslo",
          type: "Full-time",
          description: "x",
          applyLink: "https://evil.example",
        },
      ],
      ["/blog/manage", { intent: "delete", id: state.draftId, confirm: "on" }],
      ["/blog/cms", { intent: "publish", title: "Planted", excerpt: "x", author: "x", content: "x" }],
      [
        `/blog/cms?edit=${state.draftId}`,
        { intent: "publish", title: "Taken over", excerpt: "x", author: "x", content: "x" },
      ],
      [
        "/careers/cms/new",
        {
          title: "Planted job",
          location: "Oslo",
          type: "Full-time",
          description: "x",
          applyLink: "https://evil.example",
        },
      ],
      ["/admin/settings/sessions", {}],
      ["/admin/settings/password", { current: "guess", next: "a new password!!", confirm: "a new password!!" }],
      ["/admin/settings/recovery-codes", { password: "guess" }],
      ["/admin/settings/two-step/enrol", { intent: "start", password: "guess" }],
      ["/admin/settings/two-step/disable", { code: "123456", password: "guess" }],
      [`/admin/subscribers/${state.subscriberId}`, { intent: "unsubscribe", confirm: "on" }],
      [`/admin/subscribers/${state.subscriberId}`, { intent: "erase", confirm: "on" }],
      [`/admin/mail/${state.mailId}`, { intent: "resend", confirm: "on" }],
      ["/admin/staff", { intent: "invite", fullName: "Planted", email: "planted@evil.example" }],
      [`/admin/staff/${state.otherId}`, { intent: "disable", confirm: "on" }],
      ["/admin/settings/profile", { intent: "profile", fullName: "Taken over" }],
      ["/admin/settings/profile", { intent: "email", email: "taken@evil.example", password: "guess" }],
      [`/admin/posts/${state.draftId}/revisions`, { intent: "restore", revision: "1", confirm: "on" }],
      [`/admin/posts/${state.draftId}/preview-links`, { intent: "create-preview-link" }],
      // Review before publishing (docs/decisions/066): the editor's review intents.
      [`/blog/cms?edit=${state.draftId}`, { intent: "submit", title: "Taken over", excerpt: "x", author: "x", content: "x" }],
      [`/blog/cms?edit=${state.draftId}`, { intent: "send-back", comment: "Planted" }],
      [`/blog/cms?edit=${state.draftId}`, { intent: "withdraw" }],
    ];
    for (const cookie of [undefined, state.pending]) {
      for (const [page, form] of posts) {
        const reply = await call(server.url, page, { cookie, origin: own, form });
        expect([page, reply.status >= 300 && reply.status < 500], String(reply.status)).toEqual([page, true]);
        expect([page, leaks(reply.body)]).toEqual([page, []]);
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

type ApiCase = { name: string; path: () => string; options: () => CallOptions | Promise<CallOptions> };
const STAFF_API: ApiCase[] = [
  { name: "GET /api/blog-edit", path: () => `/api/blog-edit?id=${state.draftId}`, options: () => ({}) },
  {
    name: "PUT /api/blog-edit",
    path: () => `/api/blog-edit?id=${state.draftId}`,
    options: () => ({ method: "PUT", json: { title: "Taken over", excerpt: "x", author: "x", content: "x" } }),
  },
  {
    name: "DELETE /api/blog-edit",
    path: () => `/api/blog-edit?id=${state.draftId}`,
    options: () => ({ method: "DELETE" }),
  },
  {
    name: "POST /api/blog",
    path: () => "/api/blog",
    options: () => ({ json: { title: "Planted", excerpt: "x", author: "x", content: "x" } }),
  },
  { name: "POST /api/upload-image", path: () => "/api/upload-image", options: async () => ({ body: await pngForm() }) },
  { name: "POST /api/session/extend", path: () => "/api/session/extend", options: () => ({ method: "POST" }) },
  {
    name: "POST /api/auth/reauthenticate",
    path: () => "/api/auth/reauthenticate",
    options: () => ({ json: { password: "guess" } }),
  },
  {
    name: "POST /api/auth/factors",
    path: () => "/api/auth/factors",
    options: () => ({ json: { factor_type: "totp" } }),
  },
  {
    name: "DELETE /api/auth/factors/{id}",
    path: () => `/api/auth/factors/${state.factorId}`,
    options: () => ({ method: "DELETE", json: { code: "123456" } }),
  },
];
/** Allowed with a session that owes its second factor: that is how the factor is given. */
const SECOND_STEP_API: ApiCase[] = [
  {
    name: "POST /api/auth/factors/{id}/challenge",
    path: () => `/api/auth/factors/${state.factorId}/challenge`,
    options: () => ({ json: {} }),
  },
  {
    name: "POST /api/auth/factors/{id}/verify",
    path: () => `/api/auth/factors/${state.factorId}/verify`,
    options: () => ({ json: { code: "123456", challenge_id: "0b6a2f4e-3c1d-4e5f-8a9b-7c6d5e4f3a2b" } }),
  },
];
/** Open to anyone by design: the spec's visitor forms, the public blog feed, and the anti-spam challenge (decision 062). */
const PUBLIC_API_FILES = ["api.contact.ts", "api.gdpr-results.ts", "api.blog.ts", "api.form-challenge.ts"];

async function pngForm() {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(await fixtures.png())], { type: "image/png" }), "planted.png");
  return form;
}

async function snapshot() {
  const count = async (table: string) =>
    (await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`))).rows[0]!.n;
  const [post] = await db
    .select()
    .from(schema.blogPosts)
    .where(sql`${schema.blogPosts.id} = ${state.draftId}`);
  const [job] = await db
    .select()
    .from(schema.jobListings)
    .where(sql`${schema.jobListings.id} = ${state.jobId}`);
  const sessions = await db
    .select({ active: schema.userSessions.isActive, expires: schema.userSessions.expiresAt })
    .from(schema.userSessions);
  const users = await db
    .select({ hash: schema.users.passwordHash, email: schema.users.email, disabledAt: schema.users.disabledAt })
    .from(schema.users);
  const subscribers = await db
    .select({ id: schema.newsletterSubscribers.id, status: schema.newsletterSubscribers.status })
    .from(schema.newsletterSubscribers);
  const [failedMail] = await db
    .select({ status: schema.mailOutbox.status, attempts: schema.mailOutbox.attempts })
    .from(schema.mailOutbox)
    .where(sql`${schema.mailOutbox.id} = ${state.mailId}`);
  return {
    subscribers,
    failedMail,
    post,
    job,
    sessions,
    users,
    counts: {
      posts: await count("blog_posts"),
      jobs: await count("job_listings"),
      media: await count("media"),
      factors: await count("mfa_factors"),
      recoveryCodes: await count("mfa_recovery_codes"),
      challenges: await count("mfa_challenges"),
      accountTokens: await count("account_tokens"),
      revisions: await count("blog_post_revisions"),
      previewLinks: await count("blog_preview_links"),
    },
    names: await db.select({ name: schema.profiles.fullName }).from(schema.profiles),
    uploads: fs.existsSync(path.join(server.dataDir, "uploads"))
      ? fs.readdirSync(path.join(server.dataDir, "uploads"))
      : [],
  };
}

describe("the staff API", () => {
  it("covers every API route: each is either staff-only (below) or public by design", () => {
    const files = fs.readdirSync("app/routes/api").sort();
    const covered = [...PUBLIC_API_FILES, "api.blog-edit.ts", "api.upload-image.ts", "api.session.extend.ts"];
    covered.push("api.auth.reauthenticate.ts", "api.auth.factors.ts", "api.auth.factor.ts");
    expect(files).toEqual(covered.sort());
  });

  it("without a session: 401 JSON for every call, and nothing changes", async () => {
    const before = await snapshot();
    for (const endpoint of [...STAFF_API, ...SECOND_STEP_API]) {
      const reply = await call(server.url, endpoint.path(), { origin: server.url, ...(await endpoint.options()) });
      expect([endpoint.name, reply.status, reply.body]).toEqual([endpoint.name, 401, '{"error":"Not signed in"}']);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("with the second factor still owed: 401 JSON for everything but the second step itself", async () => {
    const before = await snapshot();
    for (const endpoint of STAFF_API) {
      const options = await endpoint.options();
      const reply = await call(server.url, endpoint.path(), { origin: server.url, cookie: state.pending, ...options });
      expect([endpoint.name, reply.status, reply.body]).toEqual([endpoint.name, 401, '{"error":"Not signed in"}']);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("with a full session the same calls are answered (the 401s above are the guard's doing)", async () => {
    const read = await call(server.url, `/api/blog-edit?id=${state.draftId}`, { cookie: state.full });
    expect(read.status).toBe(200);
    expect(JSON.parse(read.body).data.title).toBe(SECRETS.draft);
    const extend = await call(server.url, "/api/session/extend", {
      method: "POST",
      cookie: state.full,
      origin: server.url,
    });
    expect(extend.status).toBe(200);
  });
});

describe("public endpoints", () => {
  it("never show a draft post or an unpublished job, however they are asked for", async () => {
    for (const page of [
      "/blog",
      `/blog/${state.draftSlug}`,
      "/careers",
      "/careers/hemmelig-stilling",
      "/blog/rss.xml",
      "/sitemap.xml",
      "/api/blog",
    ]) {
      const reply = await call(server.url, page);
      expect([page, leaks(reply.body)]).toEqual([page, []]);
    }
    expect((await call(server.url, `/blog/${state.draftSlug}`)).status).toBe(404);
    expect((await call(server.url, "/careers/hemmelig-stilling")).status).toBe(404);
  });
});
