import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createPost } from "~/lib/blog/blog.server";
import { createJob, jobInputSchema } from "~/lib/careers/jobs.server";
import { permissionOf } from "~/lib/auth/route-permissions";
import { can, type Permission, type Role } from "~/lib/auth/roles";
import { SCRIPT_ACTOR } from "~/lib/auth/security-events.server";
import { createIssue } from "~/lib/newsletter/issues.server";
import { pageForEditing, saveDraft } from "~/lib/pages/page-editing.server";
import { type Database, schema } from "~/lib/platform/db.server";
import { submitContact } from "~/lib/visitor-forms/contact.server";
import { subscribe } from "~/lib/visitor-forms/newsletter.server";
import { routeList } from "../support/route-list";
import { call, productionServerForThisFile } from "./helpers";
import { cookieWith, signedInStaff } from "./staff-fixtures";

// Decision 059: each role gets exactly what the permission table says, for every staff page
// in app/routes.ts: the page, its `.data` request and its action. What a role may not open
// answers 403 with nothing of the page's data, and a refused form changes nothing.

const server = productionServerForThisFile();
const SECRETS = {
  lead: "Hemmelig Oppkjøp AS",
  subscriber: "hemmelig.abonnent@example.no",
  draft: "Eierens hemmelige utkast",
};
const ids: Record<string, string> = {};
const cookies = {} as Record<Role, string>;
let db: Database;

beforeAll(async () => {
  db = await server.db();
  for (const role of ["owner", "editor", "author"] as const) {
    const staff = await signedInStaff(db, `${role}@fjordform.test`, undefined, role);
    cookies[role] = await cookieWith(staff.token);
    ids[role] = staff.user.id;
  }
  const draft = await createPost(
    db,
    {
      title: SECRETS.draft,
      excerpt: "Ikke publisert",
      author: "Eier",
      content: "Bare for eieren.",
      featured_image: "",
      featured: false,
      published: false,
      slug: "",
      created_at: "",
    },
    { ...SCRIPT_ACTOR, userId: ids.owner! },
  );
  ids.draft = draft.id;
  const job = await createJob(
    db,
    SCRIPT_ACTOR,
    jobInputSchema.parse({
      title: "Stilling",
      slug: "rolle-stilling",
      location: "Oslo",
      type: "Full-time",
      description: "x",
      applyLink: "mailto:jobs@fjordform.no",
      published: false,
    }),
  );
  ids.job = job.id;
  await submitContact(db, { company: SECRETS.lead, project: "Et oppkjøp", email: "kunde@example.no" }, server.url);
  ids.lead = (await db.select({ id: schema.leads.id }).from(schema.leads))[0]!.id;
  await subscribe(db, { email: SECRETS.subscriber, ip: "198.51.100.9", source: "footer" }, server.url);
  ids.subscriber = (await db.select({ id: schema.newsletterSubscribers.id }).from(schema.newsletterSubscribers))[0]!.id;
  ids.mail = (await db.select({ id: schema.mailOutbox.id }).from(schema.mailOutbox).limit(1))[0]!.id;
  ids.issue = await createIssue(
    db,
    { subject: "Et nyhetsbrev", preheader: "", body: "Tekst", featuredImage: "" },
    { userId: ids.owner!, name: "Eier", ip: "192.0.2.1", userAgent: "vitest" },
  );
  ids.work = (await db.select({ id: schema.portfolioItems.id }).from(schema.portfolioItems).limit(1))[0]!.id;
  const [image] = await db
    .insert(schema.media)
    .values({
      storageKey: "roles-test",
      mimeType: "image/webp",
      sizeBytes: 1,
      width: 1,
      height: 1,
      uploadedBy: ids.owner!,
    })
    .returning({ id: schema.media.id });
  ids.media = image!.id;
  // An application (decision 057): the row is what the pages show; its CV need not exist.
  const [application] = await db
    .insert(schema.jobApplications)
    .values({
      jobId: ids.job,
      jobTitle: "Stilling",
      jobSlug: "stilling",
      name: "Søker",
      email: "soker@example.no",
      letter: "Et brev",
      cvKey: "roles-test.pdf",
      cvName: "cv.pdf",
      cvSize: 10,
      retentionUntil: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: schema.jobApplications.id });
  ids.application = application!.id;
  // A backup on the shelf (decision 058), for its download's address.
  fs.mkdirSync(path.join(server.dataDir, "backups"), { recursive: true });
  fs.writeFileSync(path.join(server.dataDir, "backups", BACKUP_NAME), "not a real backup");
});

const BACKUP_NAME = "backup-2026-01-01T00-00-00-000Z.ffbackup";

function idFor(file: string) {
  for (const [part, key] of [
    ["admin.applications", "application"],
    ["inbox", "lead"],
    ["subscribers", "subscriber"],
    ["mail", "mail"],
    ["admin.staff", "editor"],
    ["admin.newsletter", "issue"],
    ["admin.work", "work"],
    ["admin.media", "media"],
    ["job-cms", "job"],
    ["admin.posts", "draft"],
  ] as const) {
    if (file.includes(part)) return ids[key]!;
  }
  throw new Error(`roles.test.ts: no test row for ${file}`);
}

/** Every staff page of app/routes.ts, its address with parameters filled in, and its permission. */
function staffPages() {
  return routeList()
    .filter((route) => route.file.startsWith("routes/staff/"))
    .map((route) => ({
      pattern: route.pattern,
      path: route.pattern
        .replace(":id", route.pattern.includes(":id") ? idFor(route.file) : "")
        .replace(":page", "design")
        .replace(":name", BACKUP_NAME)
        // A stored answer template's page (decision 064): its key, template and language.
        .replace(":key", "thanks-nb"),
      // Never "public" for a staff page (tests/unit/route-permissions.test.ts).
      permission: permissionOf(route.pattern) as Permission,
    }));
}

const dataPath = (path: string) => `${path}.data`;
const leaks = (body: string) => Object.values(SECRETS).filter((secret) => body.includes(secret));

describe("the role matrix, from app/routes.ts", () => {
  for (const role of ["owner", "editor", "author"] as const) {
    it(`${role}: every page and .data answers as the table says; what is refused shows nothing`, async () => {
      const pages = staffPages();
      expect(pages.length).toBeGreaterThan(45);
      for (const page of pages) {
        const allowed = can(role, page.permission);
        for (const path of [page.path, dataPath(page.path)]) {
          const reply = await call(server.url, path, { cookie: cookies[role] });
          expect([role, path, reply.status === 403]).toEqual([role, path, !allowed]);
          if (!allowed) expect([role, path, leaks(reply.body)]).toEqual([role, path, []]);
        }
      }
    });

    it(`${role}: every action the role may not use is refused with 403 before it runs`, async () => {
      const before = await counts();
      for (const page of staffPages().filter((p) => !can(role, p.permission))) {
        const form = { intent: "delete", id: ids.lead!, confirm: "on", role: "owner", policy: "off" };
        const reply = await call(server.url, page.path, { cookie: cookies[role], origin: server.url, form });
        expect([role, page.path, reply.status]).toEqual([role, page.path, 403]);
      }
      expect(await counts()).toEqual(before);
    });
  }
});

async function counts() {
  const [row] = await db
    .execute<{ leads: number; subscribers: number; owners: number; posts: number }>(
      sql`
    select (select count(*)::int from leads) as leads,
      (select count(*)::int from newsletter_subscribers where status = 'active') as subscribers,
      (select count(*)::int from users where role = 'owner') as owners,
      (select count(*)::int from blog_posts) as posts`,
    )
    .then((r) => r.rows);
  return row;
}

describe("an author (Skribent)", () => {
  const post = (published: boolean, title = "Skribentens utkast") => ({
    title,
    excerpt: "Kort",
    author: "Skribent",
    content: "Tekst.",
    published,
  });

  it("cannot publish: not through the API, not through the editor; a draft is fine", async () => {
    const api = await call(server.url, "/api/blog", { cookie: cookies.author, origin: server.url, json: post(true) });
    expect(api.status).toBe(403);
    const editor = await call(server.url, "/blog/cms", {
      cookie: cookies.author,
      origin: server.url,
      form: { intent: "publish", title: "Publisert av skribent", excerpt: "x", author: "x", content: "x" },
    });
    expect(editor.status).toBe(403);
    const draft = await call(server.url, "/api/blog", {
      cookie: cookies.author,
      origin: server.url,
      json: post(false),
    });
    expect(draft.status).toBe(201);
    const id = (JSON.parse(draft.body) as { data: { id: string } }).data.id;
    const publishLater = await call(server.url, `/api/blog-edit?id=${id}`, {
      method: "PUT",
      cookie: cookies.author,
      origin: server.url,
      json: post(true),
    });
    expect(publishLater.status).toBe(403);
    const [row] = await db.select().from(schema.blogPosts).where(eq(schema.blogPosts.id, id));
    expect(row).toMatchObject({ published: false, ownerId: ids.author });
  });

  it("sees and changes only their own posts", async () => {
    const other = await call(server.url, `/api/blog-edit?id=${ids.draft}`, { cookie: cookies.author });
    expect(other.status).toBe(404);
    const list = await call(server.url, "/blog/manage", { cookie: cookies.author });
    expect(list.status).toBe(200);
    expect(list.body).not.toContain(SECRETS.draft);
    const editor = await call(server.url, `/blog/cms.data?edit=${ids.draft}`, { cookie: cookies.author });
    expect(editor.body).not.toContain(SECRETS.draft);
    const remove = await call(server.url, `/api/blog-edit?id=${ids.draft}`, {
      method: "DELETE",
      cookie: cookies.author,
      origin: server.url,
    });
    expect(remove.status).toBe(404);
    const [still] = await db
      .select({ id: schema.blogPosts.id })
      .from(schema.blogPosts)
      .where(eq(schema.blogPosts.id, ids.draft!));
    expect(still).toBeDefined();
  });

  it("cannot see leads through any address: pages, exports, .data, the dashboard", async () => {
    for (const path of [
      "/admin/inbox",
      "/admin/inbox.data",
      "/admin/inbox/export.csv",
      `/admin/inbox/${ids.lead}`,
      `/admin/inbox/${ids.lead}.data`,
    ]) {
      const reply = await call(server.url, path, { cookie: cookies.author });
      expect([path, reply.status, leaks(reply.body)]).toEqual([path, 403, []]);
    }
    const dashboard = await call(server.url, "/admin.data", { cookie: cookies.author });
    expect(dashboard.status).toBe(200);
    expect(leaks(dashboard.body)).toEqual([]);
    const page = await call(server.url, "/admin", { cookie: cookies.author });
    expect(page.body).not.toContain("uleste henvendelser");
    expect(page.body).not.toContain('href="/admin/inbox"');
  });

  it("cannot raise their own role (nor anyone's)", async () => {
    for (const target of [ids.author, ids.editor]) {
      const reply = await call(server.url, `/admin/staff/${target}`, {
        cookie: cookies.author,
        origin: server.url,
        form: { intent: "role", role: "owner", confirm: "on" },
      });
      expect(reply.status).toBe(403);
    }
    const [me] = await db
      .select({ role: schema.users.role })
      .from(schema.users)
      .where(eq(schema.users.id, ids.author!));
    expect(me!.role).toBe("author");
  });
});

describe("review before publishing (docs/decisions/066)", () => {
  const fields = { excerpt: "Kort", author: "Skribent", content: "Tekst." };
  const row = async (id: string) =>
    (await db.select().from(schema.blogPosts).where(eq(schema.blogPosts.id, id)))[0]!;

  async function authorsSubmittedPost(title: string) {
    const created = await call(server.url, "/api/blog", {
      cookie: cookies.author,
      origin: server.url,
      json: { ...fields, title, published: false },
    });
    const id = (JSON.parse(created.body) as { data: { id: string } }).data.id;
    await submit(id, title);
    return id;
  }

  /** "Send til godkjenning" in the editor: the author's text saved, then in the queue. */
  async function submit(id: string, title: string) {
    const reply = await call(server.url, `/blog/cms?edit=${id}`, {
      cookie: cookies.author,
      origin: server.url,
      form: { intent: "submit", title, ...fields },
    });
    expect(reply.status).toBe(200);
    expect(await row(id)).toMatchObject({ reviewStatus: "submitted", published: false });
  }

  it("an author cannot publish a post in review at any address, nor approve or send back their own", async () => {
    const id = await authorsSubmittedPost("Venter på godkjenning");
    const attempts: [string, Parameters<typeof call>[2]][] = [
      [`/blog/cms?edit=${id}`, { form: { intent: "publish", title: "Venter", ...fields } }],
      [`/blog/cms.data?edit=${id}`, { form: { intent: "publish", title: "Venter", ...fields } }],
      [
        `/blog/cms?edit=${id}`,
        { form: { intent: "schedule", title: "Venter", ...fields, publish_at: "2099-01-01T08:00" } },
      ],
      [`/blog/cms?edit=${id}`, { form: { intent: "send-back", comment: "Godkjent av meg selv" } }],
      [`/blog/cms.data?edit=${id}`, { form: { intent: "send-back", comment: "Godkjent av meg selv" } }],
      [`/blog/manage`, { form: { intent: "publish-now", id } }],
      [`/api/blog-edit?id=${id}`, { method: "PUT", json: { title: "Venter", ...fields, published: true } }],
    ];
    for (const [path, options] of attempts) {
      const reply = await call(server.url, path, { cookie: cookies.author, origin: server.url, ...options });
      expect([path, options?.form?.intent, reply.status]).toEqual([path, options?.form?.intent, 403]);
    }
    expect(await row(id)).toMatchObject({ published: false, reviewStatus: "submitted", reviewedBy: null });
  });

  it("only the post's author sends it; an editor sends it back with a comment, or publishes it", async () => {
    const id = await authorsSubmittedPost("Til redaktøren");
    // Someone else's post is not there for an author; an editor cannot send another's post "for review".
    const foreign = await call(server.url, `/blog/cms?edit=${ids.draft}`, {
      cookie: cookies.author,
      origin: server.url,
      form: { intent: "withdraw" },
    });
    expect(foreign.status).toBe(404);
    const notTheirs = await call(server.url, `/blog/cms?edit=${id}`, {
      cookie: cookies.editor,
      origin: server.url,
      form: { intent: "withdraw" },
    });
    expect(notTheirs.status).toBe(403);

    const empty = await call(server.url, `/blog/cms?edit=${id}`, {
      cookie: cookies.editor,
      origin: server.url,
      form: { intent: "send-back", comment: " " },
    });
    expect(empty.status).toBe(400);
    const back = await call(server.url, `/blog/cms?edit=${id}`, {
      cookie: cookies.editor,
      origin: server.url,
      form: { intent: "send-back", comment: "Mer om hvorfor." },
    });
    expect(back.status).toBe(200);
    expect(await row(id)).toMatchObject({ reviewStatus: "returned", reviewComment: "Mer om hvorfor.", reviewedBy: ids.editor });

    await submit(id, "Til redaktøren");
    const publish = await call(server.url, `/api/blog-edit?id=${id}`, {
      method: "PUT",
      cookie: cookies.editor,
      origin: server.url,
      json: { title: "Til redaktøren", ...fields, published: true },
    });
    expect(publish.status).toBe(200);
    expect(await row(id)).toMatchObject({ published: true, reviewStatus: null, reviewedBy: ids.editor });
  });
});

describe("the last owner", () => {
  it("an owner cannot change their own role", async () => {
    const reply = await call(server.url, `/admin/staff/${ids.owner}`, {
      cookie: cookies.owner,
      origin: server.url,
      form: { intent: "role", role: "editor", confirm: "on" },
    });
    expect(reply.status).toBe(409);
    expect(reply.body).toContain("Du kan ikke endre din egen rolle");
  });

  it("cannot be demoted or deactivated, and two owners demoting each other at once leave one owner", async () => {
    const { changeStaffRole } = await import("~/lib/auth/staff-roles.server");
    const { disableStaff } = await import("~/lib/auth/staff-accounts.server");
    const second = await signedInStaff(db, "second-owner@fjordform.test", undefined, "owner");
    const actor = (userId: string) => ({
      userId,
      name: "Eier",
      ip: "192.0.2.1",
      userAgent: "vitest",
      role: "owner" as const,
    });
    // Every owner but these two steps aside first, so the race is between the last two.
    const others = await db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(sql`${schema.users.role} = 'owner' and ${schema.users.id} not in (${ids.owner!}, ${second.user.id})`);
    for (const row of others) await changeStaffRole(db, row.id, "editor", actor(ids.owner!));
    const results = await Promise.all([
      changeStaffRole(db, second.user.id, "editor", actor(ids.owner!)),
      changeStaffRole(db, ids.owner!, "editor", actor(second.user.id)),
    ]);
    expect(results.map((r) => r.kind).sort()).toEqual(["changed", "last-owner"]);
    const owners = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.role, "owner"));
    expect(owners).toHaveLength(1);
    const last = owners[0]!.id;
    const by = last === ids.owner ? second.user.id : ids.owner!;
    expect((await changeStaffRole(db, last, "author", actor(by))).kind).toBe("last-owner");
    expect((await disableStaff(db, last, actor(by))).kind).toBe("last-owner");
    // Put things back for the tests after this one.
    await db.update(schema.users).set({ role: "owner" }).where(eq(schema.users.id, ids.owner!));
  });
});

describe("the two-step policy during forced enrolment", () => {
  it("sends an account without a second factor to enrol, and refuses everything else: pages, .data, actions, APIs", async () => {
    const { token } = await signedInStaff(db, "unenrolled@fjordform.test", undefined, "editor");
    const cookie = await cookieWith(token);
    await db.insert(schema.accessPolicy).values({ id: 1, twoStep: "owners-editors" });
    try {
      for (const path of ["/admin", "/admin/inbox", "/admin/inbox.data", "/blog/manage", "/admin/settings/profile"]) {
        const reply = await call(server.url, path, { cookie });
        expect([path, reply.status, leaks(reply.body)]).toEqual([path, path.endsWith(".data") ? 202 : 302, []]);
        // A `.data` request gets React Router's redirect in its body (202), a page a Location.
        const where = path.endsWith(".data")
          ? /\/admin\/settings\/two-step\/enrol/.exec(reply.body)?.[0]
          : reply.headers.get("location");
        expect([path, where]).toEqual([path, "/admin/settings/two-step/enrol"]);
      }
      const post = await call(server.url, "/blog/cms", {
        cookie,
        origin: server.url,
        form: { intent: "draft", title: "Under tvang", excerpt: "x", author: "x", content: "x" },
      });
      expect(post.status).toBe(302);
      const api = await call(server.url, "/api/blog", {
        cookie,
        origin: server.url,
        json: { title: "x", excerpt: "x", author: "x", content: "x" },
      });
      expect(api.status).toBe(403);
      expect(JSON.parse(api.body)).toMatchObject({ enrol: "/admin/settings/two-step/enrol" });
      const enrol = await call(server.url, "/admin/settings/two-step/enrol", { cookie });
      expect(enrol.status).toBe(200);
      expect(enrol.body).toContain("Studioet krever totrinnsbekreftelse");
      // An author is not covered by "owners and editors".
      const author = await call(server.url, "/admin", { cookie: cookies.author });
      expect(author.status).toBe(200);
      const [planted] = await db.select().from(schema.blogPosts).where(eq(schema.blogPosts.title, "Under tvang"));
      expect(planted).toBeUndefined();
    } finally {
      await db.delete(schema.accessPolicy);
    }
  });
});

describe("an invitation", () => {
  it("gives the role the owner chose, and an editor's when none was chosen", async () => {
    for (const [email, role, expected] of [
      ["invited-author@fjordform.test", "author", "author"],
      ["invited-plain@fjordform.test", undefined, "editor"],
    ] as const) {
      const form: Record<string, string> = { intent: "invite", fullName: "Invitert", email };
      if (role) form.role = role;
      const reply = await call(server.url, "/admin/staff", { cookie: cookies.owner, origin: server.url, form });
      expect(reply.status).toBe(200);
      const [row] = await db
        .select({ role: schema.users.role })
        .from(schema.users)
        .where(eq(schema.users.email, email));
      expect([email, row?.role]).toEqual([email, expected]);
    }
  });
});

describe("an author and the pages (decision 071)", () => {
  /** A page document as the editor's form sends it: conform's "content.a.b[0].c" names. */
  function formOf(value: unknown, prefix: string, into: Record<string, string> = {}) {
    if (Array.isArray(value)) value.forEach((item, index) => formOf(item, `${prefix}[${index}]`, into));
    else if (value && typeof value === "object")
      for (const [key, item] of Object.entries(value)) {
        if (key !== "schemaVersion") formOf(item, `${prefix}.${key}`, into);
      }
    else if (value !== null && value !== undefined) into[prefix] = String(value);
    return into;
  }

  it("saves a page draft and sends it for review, but every publish address refuses with 403", async () => {
    const editor = await call(server.url, "/admin/pages/about.data", { cookie: cookies.author });
    expect(editor.status).toBe(200);
    const about = await pageForEditing(db, "about", "en");
    const saved = await call(server.url, "/admin/pages/about", {
      cookie: cookies.author,
      origin: server.url,
      form: { ...formOf({ ...about.content, headline: "Skribentens overskrift" }, "content"), revision: String(about.revision) },
    });
    expect(saved.status).toBe(303);
    const draft = await pageForEditing(db, "about", "en");
    expect(draft.draft?.headline).toBe("Skribentens overskrift");
    const revision = String(draft.revision);

    const submit = await call(server.url, "/admin/pages/about", {
      cookie: cookies.author,
      origin: server.url,
      form: { intent: "submit", revision },
    });
    expect(submit.status).toBe(303);

    for (const path of ["/admin/pages/about/publish", "/admin/pages/about/publish.data"]) {
      const reply = await call(server.url, path, { cookie: cookies.author, origin: server.url, form: { intent: "publish", revision } });
      expect([path, reply.status]).toEqual([path, 403]);
    }
    for (const path of ["/admin/pages/about/history", "/admin/pages/about/history.data"]) {
      const reply = await call(server.url, path, {
        cookie: cookies.author,
        origin: server.url,
        form: { intent: "restore", version: "0", confirm: "on" },
      });
      expect([path, reply.status]).toEqual([path, 403]);
    }
    // Sending it back is the reviewers'; so is discarding a draft a colleague saved.
    const sendBack = await call(server.url, "/admin/pages/about", {
      cookie: cookies.author,
      origin: server.url,
      form: { intent: "send-back", comment: "Selvgodkjent" },
    });
    expect(sendBack.status).toBe(403);
    await saveDraft(db, { userId: ids.editor!, role: "editor" }, "about", "en", {
      revision: draft.revision,
      content: { ...draft.content, headline: "Redaktørens overskrift" },
    });
    const discard = await call(server.url, "/admin/pages/about.data", {
      cookie: cookies.author,
      origin: server.url,
      form: { intent: "discard", revision: String(draft.revision + 1), confirm: "on" },
    });
    expect(discard.status).toBe(403);

    const after = await pageForEditing(db, "about", "en");
    expect(after.publishedVersion).toBe(about.publishedVersion);
    expect(after.draft?.headline).toBe("Redaktørens overskrift");
  });
});
