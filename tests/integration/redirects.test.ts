import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import { postInputSchema } from "~/lib/blog/blog-forms";
import { savePost } from "~/lib/blog/blog.server";
import { createJob, jobInputSchema, updateJob } from "~/lib/careers/jobs.server";
import { createLocalStore } from "~/lib/media/storage/local-store.server";
import { schema } from "~/lib/platform/db.server";
import { NotFoundError } from "~/lib/platform/domain-errors";
import { addRedirect, listRedirects, redirectTarget, removeRedirect } from "~/lib/redirects/redirects.server";
import { savePortfolioItem } from "~/lib/showcase/portfolio-admin.server";
import { portfolioItemSchema } from "~/lib/showcase/showcase-forms";
import { engineName, setUpTestDatabase } from "../support/test-database";

// Moved posts, jobs and case studies leave a 301 behind, in the same transaction as the
// move; staff's own redirects are refused when they would loop or chain.
const handle = setUpTestDatabase();

async function staffMember() {
  const user = await createUser(handle.db, { email: "flytt@fjordform.test", fullName: "Kari", password: "a long enough pass" });
  return { userId: user.id, name: "Kari", ip: "192.0.2.10", userAgent: "vitest" };
}

const post = (fields: Record<string, unknown>) =>
  postInputSchema.parse({ title: "Lokal KI", excerpt: "Kort", author: "Kari", content: "Tekst.", published: true, ...fields });

const job = (fields: Record<string, unknown> = {}) =>
  jobInputSchema.parse({
    title: "Designer",
    location: "Oslo",
    type: "Full-time",
    description: "Design things.",
    applyLink: "mailto:jobs@fjordform.no",
    ...fields,
  });

/** Where a visitor asking for `pathAndQuery` is sent (undefined: the 404). */
const sentTo = (pathAndQuery: string) => redirectTarget(handle.db, new URL(pathAndQuery, "http://localhost"));

async function graph() {
  return (await listRedirects(handle.db)).map((row) => `${row.from} -> ${row.to} (${row.kind})`).sort();
}

async function audited(action: string) {
  return handle.db.select().from(schema.securityEvents).where(eq(schema.securityEvents.action, action));
}

describe(`redirects (${engineName()})`, () => {
  it("a post's new address leaves the old one answering with the new, query kept, and audited", async () => {
    const actor = await staffMember();
    const saved = await savePost(handle.db, actor, post({ slug: "gammel" }));
    expect(await sentTo("/blog/gammel")).toBeUndefined();
    await savePost(handle.db, actor, post({ slug: "ny" }), saved.id);
    expect(await sentTo("/blog/gammel?utm_source=nyhetsbrev")).toBe("/blog/ny?utm_source=nyhetsbrev");
    expect(await graph()).toEqual(["/blog/gammel -> /blog/ny (automatic)"]);
    const [event] = await audited("redirect_created");
    expect(event).toMatchObject({ userId: actor.userId, details: { from: "/blog/gammel", to: "/blog/ny", kind: "automatic" } });
    const [row] = await listRedirects(handle.db);
    expect(row).toMatchObject({ hits: 1, createdBy: "Kari" });
  });

  it("keeps the graph flat when an address moves twice, and drops a redirect whose address is a page again", async () => {
    const actor = await staffMember();
    const saved = await savePost(handle.db, actor, post({ slug: "a" }));
    await savePost(handle.db, actor, post({ slug: "b" }), saved.id);
    await savePost(handle.db, actor, post({ slug: "c" }), saved.id);
    expect(await graph()).toEqual(["/blog/a -> /blog/c (automatic)", "/blog/b -> /blog/c (automatic)"]);
    // Back to "a": the page answers there again, so its redirect goes; the rest lead to "a".
    await savePost(handle.db, actor, post({ slug: "a" }), saved.id);
    expect(await graph()).toEqual(["/blog/b -> /blog/a (automatic)", "/blog/c -> /blog/a (automatic)"]);
    expect(await sentTo("/blog/a")).toBeUndefined();
    // A new post taking "b" ends the redirect from it too.
    await savePost(handle.db, actor, post({ title: "Annen", slug: "b" }));
    expect(await graph()).toEqual(["/blog/c -> /blog/a (automatic)"]);
    expect((await audited("redirect_removed")).length).toBe(2);
  });

  it("a staff redirect to an old address is moved along with it", async () => {
    const actor = await staffMember();
    const saved = await savePost(handle.db, actor, post({ slug: "forste" }));
    expect(await addRedirect(handle.db, actor, { from: "/gammel-blogg", to: "/blog/forste?fra=gammel" })).toMatchObject({ kind: "added" });
    await savePost(handle.db, actor, post({ slug: "andre" }), saved.id);
    expect(await graph()).toEqual([
      "/blog/forste -> /blog/andre (automatic)",
      "/gammel-blogg -> /blog/andre?fra=gammel (manual)",
    ]);
    expect(await audited("redirects_retargeted")).toHaveLength(1);
  });

  it("a draft's address leaves nothing behind: nobody saw it", async () => {
    const actor = await staffMember();
    const saved = await savePost(handle.db, actor, post({ slug: "utkast", published: false }));
    await savePost(handle.db, actor, post({ slug: "utkast-2", published: false }), saved.id);
    expect(await graph()).toEqual([]);
  });

  it("a job listing's new address answers for the old one", async () => {
    const actor = await staffMember();
    const listing = await createJob(handle.db, actor, job({ slug: "designer" }));
    await updateJob(handle.db, actor, listing.id, job({ slug: "senior-designer" }));
    expect(await sentTo("/careers/designer")).toBe("/careers/senior-designer");
  });

  it("a case study's new address answers for the old one", async () => {
    const actor = await staffMember();
    const [item] = await handle.db
      .insert(schema.portfolioItems)
      .values({ slug: "fjordkart", title: "Fjordkart", videoMp4: "video/a.mp4", poster: "a.webp", posterJpeg: "a.jpg" })
      .returning();
    const form = new FormData();
    const fields = { title: "Fjordkart", slug: "fjordkart-app", client: "Et rederi", result: "Raskere.", summary: "En app.", posterAlt: "En telefon.", published: "on" };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.append("services", "development");
    const submission = parseWithZod(form, { schema: portfolioItemSchema });
    if (submission.status !== "success") throw new Error(JSON.stringify(submission.error));
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "redirects-test-"));
    try {
      const store = createLocalStore(path.join(dir, "uploads"));
      const saved = await savePortfolioItem(handle.db, store, { id: item!.id, input: submission.value, files: {}, actor });
      expect(saved).toMatchObject({ ok: true });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(await sentTo("/work/fjordkart")).toBe("/work/fjordkart-app");
  });

  it("refuses staff redirects that would loop, chain, or hide a page, and removes one (audited)", async () => {
    const actor = await staffMember();
    await savePost(handle.db, actor, post({ slug: "finnes", published: false }));
    expect(await addRedirect(handle.db, actor, { from: "/a", to: "/b" })).toMatchObject({ kind: "added" });
    expect(await addRedirect(handle.db, actor, { from: "/b", to: "/a" })).toEqual({
      kind: "refused",
      field: "to",
      message: "Det ville gi en sløyfe: /a omdirigeres allerede til /b.",
    });
    expect(await addRedirect(handle.db, actor, { from: "/c", to: "/a?x=1" })).toMatchObject({
      kind: "refused",
      field: "to",
      message: expect.stringContaining("Det ville gi en kjede: /a omdirigeres selv videre til /b"),
    });
    expect(await addRedirect(handle.db, actor, { from: "/b", to: "/d" })).toMatchObject({
      kind: "refused",
      field: "from",
      message: expect.stringContaining("Det ville gi en kjede: /a omdirigeres allerede hit til /b"),
    });
    expect(await addRedirect(handle.db, actor, { from: "/a/", to: "/e" })).toMatchObject({ kind: "refused", field: "from" });
    expect(await addRedirect(handle.db, actor, { from: "/blog/finnes", to: "/e" })).toMatchObject({ kind: "refused", field: "from" });
    expect(await addRedirect(handle.db, actor, { from: "/x", to: "//evil.example" })).toMatchObject({ kind: "refused", field: "to" });
    expect(await graph()).toEqual(["/a -> /b (manual)"]);
    expect(await sentTo("/a/")).toBe("/b");

    const [row] = await listRedirects(handle.db);
    await removeRedirect(handle.db, actor, row!.id);
    await expect(removeRedirect(handle.db, actor, row!.id)).rejects.toThrow(NotFoundError);
    expect(await sentTo("/a")).toBeUndefined();
    expect(await audited("redirect_removed")).toHaveLength(1);
  });
});
