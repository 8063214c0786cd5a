import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homeSeed } from "~/content/home";
import { SCRIPT_ACTOR } from "~/lib/auth/security-events.server";
import { createUser } from "~/lib/auth/users.server";
import { createPost } from "~/lib/blog/blog.server";
import { postInputSchema } from "~/lib/blog/blog-forms";
import { schema } from "~/lib/platform/db.server";
import { STUDIO_SEED } from "~/lib/studio/studio-details";
import {
  BROWSER_UA,
  killAll,
  makeDataDir,
  removeDataDir,
  type RunningServer,
  startProductionServer,
} from "../support/server-process";
import { createSharedDatabase } from "../support/shared-database";

// What a server keeps in memory of what staff edit (the pages' words, the studio's details,
// the showcase lists, the post pages, the rendered pages) is forgotten by one function, on the database's
// `content_changed` notice and after a staff member's successful write in the process
// (server/kept-content.ts). This checks the write path forgets all of it: the notice may
// come after the author's next page, so that page must not show anything kept from before.
const running: RunningServer[] = [];
let dataDir: string;
let shared: Awaited<ReturnType<typeof createSharedDatabase>>;
const password = randomBytes(18).toString("base64url");
const email = "kept@fjordform.test";

beforeAll(async () => {
  shared = await createSharedDatabase("kept");
  await createUser(shared.handle.db, { email, fullName: "Kept Tester", password });
  dataDir = makeDataDir("kept-test");
});
afterAll(async () => {
  try {
    await killAll(running);
  } finally {
    await removeDataDir(dataDir);
    await shared?.drop();
  }
});

const visit = async (url: string, headers: Record<string, string> = {}) => {
  const response = await fetch(url, { headers: { "user-agent": BROWSER_UA, ...headers } });
  expect(response.status).toBe(200);
  return response.text();
};

async function signIn(server: RunningServer) {
  const response = await fetch(`${server.url}/login`, {
    method: "POST",
    headers: { origin: server.url },
    body: new URLSearchParams({ email, password }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  expect(cookie).toContain("session=");
  return cookie;
}

describe("a staff member's write", () => {
  it("forgets everything the server keeps of the site, not only what it changed, before the database's notice", async () => {
    const marker = randomBytes(4).toString("hex");
    // A published post, written before the server starts: its notice must not reach the
    // server, where it would forget what the test has it keep below.
    const post = await createPost(
      shared.handle.db,
      postInputSchema.parse({ title: `Kept post ${marker}`, excerpt: "Kept.", author: "Kept Tester", content: "A kept post's text." }),
      SCRIPT_ACTOR,
    );
    const server = await startProductionServer({ DATA_DIR: dataDir, DATABASE_URL: shared.url });
    running.push(server);
    const cookie = await signIn(server);
    const words = `Kept words ${marker} for the partners.`;
    const street = `Kept street ${marker}`;
    const project = `Kept project ${marker}`;
    const postTitle = `Kept title ${marker}`;
    // Which of the three changes a page shows: the words, the footer's details, a featured card.
    const shown = (html: string) => ({
      words: html.includes(words),
      street: html.includes(street),
      project: html.includes(project),
    });
    const postUrl = `${server.url}/blog/${post!.slug}`;
    const postShown = async (headers: Record<string, string> = {}) => (await visit(postUrl, headers)).includes(postTitle);

    // A visitor's / makes the server keep all four: the page, its words, the footer's details, the featured cards.
    const none = { words: false, street: false, project: false };
    expect(shown(await visit(`${server.url}/`))).toEqual(none);
    // The post's page, and what it was made from.
    expect(await postShown()).toBe(false);

    // Changed with the triggers off (session_replication_role = replica), so no notice ever
    // comes: whatever shows the change next was forgotten by the write below, nothing else.
    await shared.handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      const home = { ...homeSeed, partnering: words };
      await tx
        .insert(schema.pageContent)
        .values({ page: "home", locale: "en", published: home, publishedVersion: 1, publishedAt: new Date() })
        .onConflictDoUpdate({
          target: [schema.pageContent.page, schema.pageContent.locale],
          set: { published: home, publishedVersion: 1 },
        });
      const document = { format: 1, details: { ...STUDIO_SEED, street } };
      await tx
        .insert(schema.studioDetails)
        .values({ id: 1, document, version: 1, updatedAt: new Date() })
        .onConflictDoUpdate({ target: schema.studioDetails.id, set: { document, version: 1 } });
      await tx.insert(schema.portfolioItems).values({
        slug: `kept-${marker}`,
        title: project,
        status: "published",
        featured: true,
        sortOrder: -1, // first, so it is among the home page's three
        videoMp4: "/m/kept.mp4",
        poster: "kept.webp",
        posterJpeg: "kept.jpg",
      });
      await tx.update(schema.blogPosts).set({ title: postTitle }).where(sql`id = ${post!.id}::uuid`);
    });

    // Kept: a visitor gets the stored page, and a render (staff are never served from the
    // page cache) still reads the words, details and cards kept in memory.
    expect(shown(await visit(`${server.url}/`))).toEqual(none);
    expect(shown(await visit(`${server.url}/`, { cookie }))).toEqual(none);
    expect(await postShown()).toBe(false);
    expect(await postShown({ cookie })).toBe(false);

    // A write that changes none of it (the author's own name): successful, with a session.
    const saved = await fetch(`${server.url}/admin/settings/profile`, {
      method: "POST",
      headers: { origin: server.url, cookie },
      body: new URLSearchParams({ intent: "profile", fullName: `Kept Tester ${marker}` }),
      redirect: "manual",
    });
    expect(saved.status).toBeLessThan(400);

    // The very next page, for a visitor: rendered again, from what the database holds now.
    expect(shown(await visit(`${server.url}/`))).toEqual({ words: true, street: true, project: true });
    expect(await postShown()).toBe(true);
  }, 300_000);
});
