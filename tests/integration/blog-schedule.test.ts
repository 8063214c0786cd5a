import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import { getPostById, getPublishedPost, listPublishedPosts, relatedPosts, savePost } from "~/lib/blog/blog.server";
import { PUBLISH_AT_PAST, postFormSchema, postFromForm, postInputSchema } from "~/lib/blog/blog-forms";
import {
  publishDuePosts,
  publishScheduledNow,
  scheduledTimes,
  setPostSchedule,
  unschedulePost,
} from "~/lib/blog/post-schedule.server";
import { normaliseTags } from "~/lib/blog/post-tags";
import { listPublishedPostsWithTag, listPublishedTags } from "~/lib/blog/post-tags.server";
import { now, setClockOffset } from "~/lib/platform/clock.server";
import { type DatabaseHandle, openPool, schema } from "~/lib/platform/db.server";
import { ConflictError, ValidationError } from "~/lib/platform/domain-errors";
import { listenForNotifications } from "~/lib/platform/notifications.server";
import { createIssue, createIssueFromPost, getIssue } from "~/lib/newsletter/issues.server";
import { cancelScheduledSend, scheduleSend, startDueSends } from "~/lib/newsletter/scheduled-send.server";
import { startSend } from "~/lib/newsletter/sending.server";
import { sitemapEntries } from "~/lib/site/sitemap.server";
import { engineName, setUpTestDatabase } from "../support/test-database";

// Tags and "Publiser senere" (decision 051), on a real PostgreSQL. A second pool on the
// same database stands for a second app instance.
const handle = setUpTestDatabase();
let other: DatabaseHandle;
beforeAll(async () => {
  other = await openPool(handle.connection, handle.kind);
});
afterAll(async () => {
  await other?.close();
});

const MINUTE = 60_000;

let staffCount = 0;
async function staffMember() {
  const email = `planlegger${++staffCount}@fjordform.test`;
  const user = await createUser(handle.db, { email, fullName: "Kari", password: "a long enough pass" });
  return { userId: user.id, ip: "192.0.2.9", userAgent: "vitest" };
}

const post = (fields: Record<string, unknown>) =>
  postInputSchema.parse({ excerpt: "Kort om saken", author: "Kari Nordmann", content: "Ett avsnitt.", ...fields });

const events = (action: string) =>
  handle.db.select().from(schema.securityEvents).where(eq(schema.securityEvents.action, action as never));

describe(`tags (${engineName()})`, () => {
  it("are trimmed, lower-case slugs, without duplicates, in the order typed", () => {
    expect(normaliseTags([" Design ", "Lokal AI", "design", "", "Ærlig Økonomi"])).toEqual({
      tags: ["design", "lokal-ai", "aerlig-okonomi"],
    });
  });

  it("are refused with a Norwegian reason: more than 8, longer than 40, or no letters at all", () => {
    expect(normaliseTags(["a", "b", "c", "d", "e", "f", "g", "h", "i"]).error).toBe(
      "Høyst 8 stikkord per innlegg (du skrev 9).",
    );
    expect(normaliseTags(["x".repeat(41)]).error).toMatch(/er for langt \(høyst 40 tegn\)/);
    expect(normaliseTags(["!!!"]).error).toBe("Stikkordet «!!!» må inneholde bokstaver eller tall.");
    const form = new FormData();
    for (const [name, value] of Object.entries({ title: "T", excerpt: "E", author: "A", content: "C", intent: "draft" }))
      form.set(name, value);
    form.set("tags", "a, b, c, d, e, f, g, h, i");
    const refused = postFormSchema.safeParse(Object.fromEntries(form));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(["tags"]);
  });

  it("are saved from the editor's box, kept by an API save without them, and replaced by one with them", async () => {
    const actor = await staffMember();
    const value = postFormSchema.parse({
      title: "Merket",
      excerpt: "E",
      author: "A",
      content: "C",
      intent: "publish",
      tags: "Design, Lokal AI",
    });
    const saved = await savePost(handle.db, actor, postFromForm(value));
    expect((await getPostById(handle.db, saved.id))?.tags).toEqual(["design", "lokal-ai"]);
    await savePost(handle.db, actor, post({ title: "Merket" }), saved.id);
    expect((await getPostById(handle.db, saved.id))?.tags).toEqual(["design", "lokal-ai"]);
    await savePost(handle.db, actor, post({ title: "Merket", tags: ["Sikkerhet"] }), saved.id);
    expect((await getPostById(handle.db, saved.id))?.tags).toEqual(["sikkerhet"]);
  });

  it("list a tag's published posts only, newest first, and only tags with a published post reach the sitemap", async () => {
    const actor = await staffMember();
    await savePost(handle.db, actor, post({ title: "Eldre", tags: ["design"] }));
    const newer = await savePost(handle.db, actor, post({ title: "Nyere", tags: ["design", "ki"] }));
    await savePost(handle.db, actor, post({ title: "Utkast", tags: ["design", "hemmelig"], published: false }));
    expect((await listPublishedPostsWithTag(handle.db, "design")).map((row) => row.title)).toEqual(["Nyere", "Eldre"]);
    expect(await listPublishedPostsWithTag(handle.db, "hemmelig")).toEqual([]);
    expect(await listPublishedPostsWithTag(handle.db, "finnes-ikke")).toEqual([]);
    expect(await listPublishedPostsWithTag(handle.db, "Not a tag'; --")).toEqual([]);
    const tags = await listPublishedTags(handle.db);
    expect(tags.map((row) => row.tag)).toEqual(["design", "ki"]);
    const newest = new Date((await getPostById(handle.db, newer.id))!.created_at);
    expect(tags[0]!.lastModified.toISOString()).toBe(newest.toISOString());
    const paths = (await sitemapEntries(handle.db)).map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(["/blog/tag/design", "/blog/tag/ki"]));
    expect(paths).not.toContain("/blog/tag/hemmelig");
  });

  it("make related posts prefer those sharing the most tags over newer ones", async () => {
    const actor = await staffMember();
    // Written in this order, so each is newer than the one before.
    const current = await savePost(handle.db, actor, post({ title: "Denne", tags: ["ki", "design", "drift"] }));
    await savePost(handle.db, actor, post({ title: "To felles", tags: ["ki", "design"] }));
    await savePost(handle.db, actor, post({ title: "Ett felles", tags: ["drift"] }));
    await savePost(handle.db, actor, post({ title: "Nyest, ingen felles", tags: ["annet"] }));
    expect((await relatedPosts(handle.db, current.id)).map((row) => row.title)).toEqual(["To felles", "Ett felles"]);
    // Without tags in common it is the newest, as before.
    const lone = await savePost(handle.db, actor, post({ title: "Uten stikkord" }));
    expect((await relatedPosts(handle.db, lone.id)).map((row) => row.title)).toEqual(["Nyest, ingen felles", "Ett felles"]);
  });
});

describe(`scheduled publishing (${engineName()})`, () => {
  async function scheduledDraft(title: string, inMinutes: number) {
    const actor = await staffMember();
    const saved = await savePost(handle.db, actor, post({ title, published: false, tags: ["planlagt"] }));
    const at = new Date(now().getTime() + inMinutes * MINUTE);
    await setPostSchedule(handle.db, actor, saved.id, at);
    return { ...saved, at, actor };
  }

  it("refuses a time that has passed", async () => {
    const actor = await staffMember();
    const saved = await savePost(handle.db, actor, post({ title: "For sent", published: false }));
    const past = setPostSchedule(handle.db, actor, saved.id, new Date(now().getTime() - MINUTE));
    await expect(past).rejects.toThrow(ValidationError);
    await expect(past).rejects.toThrow(PUBLISH_AT_PAST);
  });

  it("publishes nothing before its time, then the post once at it, dated the time it was planned for", async () => {
    const planned = await scheduledDraft("Mandag kl. 08", 2);
    expect(await publishDuePosts(handle.db)).toEqual([]);
    expect(await getPublishedPost(handle.db, planned.slug)).toBeUndefined();
    expect(await listPublishedPostsWithTag(handle.db, "planlagt")).toEqual([]);
    expect((await scheduledTimes(handle.db)).get(planned.id)?.getTime()).toBe(planned.at.getTime());

    setClockOffset(2 * MINUTE + 1000);
    expect((await publishDuePosts(handle.db)).map((row) => row.id)).toEqual([planned.id]);
    const live = await getPublishedPost(handle.db, planned.slug);
    expect(new Date(live!.created_at).getTime()).toBe(planned.at.getTime());
    expect((await listPublishedPosts(handle.db)).map((row) => row.title)).toContain("Mandag kl. 08");
    expect((await scheduledTimes(handle.db)).has(planned.id)).toBe(false);
    expect(await publishDuePosts(handle.db)).toEqual([]);
    const audited = await events("post_auto_published");
    expect(audited).toHaveLength(1);
    expect(audited[0]!.userId).toBeNull();
    expect((await events("post_scheduled")).map((row) => row.userId)).toEqual([planned.actor.userId]);
  });

  it("publishes each post exactly once when two instances race for it", async () => {
    const planned = await Promise.all(Array.from({ length: 5 }, (_, i) => scheduledDraft(`Kappløp ${i}`, 1)));
    setClockOffset(MINUTE + 1000);
    const rounds = await Promise.all(
      Array.from({ length: 8 }, (_, i) => publishDuePosts(i % 2 === 0 ? handle.db : other.db)),
    );
    const published = rounds.flat().map((row) => row.id);
    expect(published.sort()).toEqual(planned.map((row) => row.id).sort());
    expect(await events("post_auto_published")).toHaveLength(5);
  });

  it("tells every process's page cache once a post goes live, and an idle round tells nobody", async () => {
    const heard: string[] = [];
    const listener = listenForNotifications(handle, { content_changed: (table) => heard.push(table) });
    try {
      await listener.ready;
      await scheduledDraft("Varslet", 1);
      const settle = async () => {
        // A marker through the same channel: once it arrives, everything before it has too.
        await handle.db.execute(`select pg_notify('content_changed', 'marker')` as never);
        await expect.poll(() => heard.at(-1), { timeout: 15_000 }).toBe("marker");
        heard.length = 0;
      };
      await settle();
      await publishDuePosts(handle.db);
      await settle();
      setClockOffset(MINUTE + 1000);
      await publishDuePosts(handle.db);
      await expect.poll(() => heard, { timeout: 15_000 }).toContain("blog_posts");
    } finally {
      await listener.stop();
    }
  });

  it("can be published now or unscheduled by staff, audited, and not after it went live", async () => {
    const early = await scheduledDraft("Tidlig ute", 60);
    expect((await publishScheduledNow(handle.db, early.actor, early.id)).title).toBe("Tidlig ute");
    expect(await getPublishedPost(handle.db, early.slug)).toBeDefined();
    await expect(publishScheduledNow(handle.db, early.actor, early.id)).rejects.toThrow(ConflictError);
    await expect(unschedulePost(handle.db, early.actor, early.id)).rejects.toThrow(ConflictError);

    const later = await scheduledDraft("Ombestemt", 60);
    await unschedulePost(handle.db, later.actor, later.id);
    setClockOffset(61 * MINUTE);
    expect(await publishDuePosts(handle.db)).toEqual([]);
    expect(await getPublishedPost(handle.db, later.slug)).toBeUndefined();
    expect(await events("post_published")).toHaveLength(1);
    expect(await events("post_unscheduled")).toHaveLength(1);
    const rows = await handle.db
      .select({ publishAt: schema.blogPosts.publishAt })
      .from(schema.blogPosts)
      .where(and(eq(schema.blogPosts.id, later.id), eq(schema.blogPosts.published, false)));
    expect(rows).toEqual([{ publishAt: null }]);
  });

  it("is cleared when staff publish the post from the editor before its time", async () => {
    const planned = await scheduledDraft("Publisert likevel", 30);
    await savePost(handle.db, planned.actor, post({ title: "Publisert likevel", published: true }), planned.id);
    expect((await scheduledTimes(handle.db)).has(planned.id)).toBe(false);
    setClockOffset(31 * MINUTE);
    expect(await publishDuePosts(handle.db)).toEqual([]);
  });
});

describe(`"Send senere" for a newsletter made from a post (${engineName()})`, () => {
  async function staffActor() {
    const actor = await staffMember();
    return { userId: actor.userId, name: "Kari", ip: "192.0.2.9", userAgent: "vitest" };
  }

  async function issueWithSubscribers(actor: Awaited<ReturnType<typeof staffActor>>) {
    await handle.db.insert(schema.newsletterSubscribers).values(
      ["a@kunde.test", "b@kunde.test", "c@kunde.test"].map((email) => ({
        email,
        status: "active" as const,
        consentText: "ja takk",
        confirmedAt: new Date(),
      })),
    );
    const saved = await savePost(handle.db, actor, post({ title: "Nytt fra oss" }));
    const id = await createIssueFromPost(handle.db, saved.id, actor, "https://www.fjordform.test");
    return id!;
  }

  it("starts the send once at its time, in the scheduling staff member's name, with two instances racing", async () => {
    const actor = await staffActor();
    const id = await issueWithSubscribers(actor);
    await expect(scheduleSend(handle.db, actor, id, new Date(now().getTime() - MINUTE))).rejects.toThrow(ValidationError);
    await scheduleSend(handle.db, actor, id, new Date(now().getTime() + 10 * MINUTE));
    expect(await startDueSends(handle.db)).toEqual([]);
    expect(await handle.db.select().from(schema.newsletterSends)).toEqual([]);

    setClockOffset(10 * MINUTE + 1000);
    const rounds = await Promise.all(Array.from({ length: 6 }, (_, n) => startDueSends(n % 2 ? other.db : handle.db)));
    expect(rounds.flat()).toEqual([{ issueId: id, kind: "started" }]);
    const sends = await handle.db.select().from(schema.newsletterSends);
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ issueId: id, recipientCount: 3, startedBy: actor.userId });
    expect((await getIssue(handle.db, id))?.sendAt).toBeNull();
    expect(await events("newsletter_send_scheduled")).toHaveLength(1);
    expect((await events("newsletter_sent")).map((row) => row.userId)).toEqual([actor.userId]);
    expect(await startDueSends(handle.db)).toEqual([]);
  });

  it("waits while another send runs, and can be called off before its time", async () => {
    const actor = await staffActor();
    const id = await issueWithSubscribers(actor);
    const running = await createIssue(handle.db, { subject: "Annet", preheader: "", body: "Tekst", featuredImage: "" }, actor);
    expect((await startSend(handle.db, running, 3, actor)).kind).toBe("started");
    await scheduleSend(handle.db, actor, id, new Date(now().getTime() + MINUTE));
    setClockOffset(MINUTE + 1000);
    expect(await startDueSends(handle.db)).toEqual([{ issueId: id, kind: "busy" }]);
    expect((await getIssue(handle.db, id))?.sendAt).not.toBeNull();

    await cancelScheduledSend(handle.db, actor, id);
    expect((await getIssue(handle.db, id))?.sendAt).toBeNull();
    expect(await startDueSends(handle.db)).toEqual([]);
    await expect(cancelScheduledSend(handle.db, actor, id)).rejects.toThrow(ConflictError);
    expect(await events("newsletter_send_unscheduled")).toHaveLength(1);
  });
});
