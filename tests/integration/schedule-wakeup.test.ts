import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import { savePost } from "~/lib/blog/blog.server";
import { postInputSchema } from "~/lib/blog/blog-forms";
import { duePosts, setPostSchedule } from "~/lib/blog/post-schedule.server";
import { now } from "~/lib/platform/clock.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { createDueScheduler, type DueScheduler } from "~/lib/platform/due-scheduler.server";
import { listenForNotifications } from "~/lib/platform/notifications.server";
import { waitUntil } from "../support/fault-load";
import { createTestDatabase, engineName } from "../support/test-database";

// The scheduler sleeps until the earliest scheduled time, woken by `schedule_changed`
// (db/migrations/0029, decision 069), instead of polling every 5 s. The schedulers here
// would otherwise look only every 10 minutes, so only the announcement and the timer it
// sets can publish the post within the test.
const TEN_MINUTES = 10 * 60_000;
let handle: DatabaseHandle;
const instances: { scheduler: DueScheduler; stop: () => Promise<void> }[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  // Two processes, as two app instances: each listens and keeps its own timer.
  for (let i = 0; i < 2; i++) {
    const scheduler = createDueScheduler({ db: handle.db, work: [duePosts], fallbackMs: TEN_MINUTES, retryMs: TEN_MINUTES });
    scheduler.start();
    await scheduler.idle();
    const listener = listenForNotifications(handle, { schedule_changed: () => scheduler.kick() });
    await listener.ready;
    instances.push({ scheduler, stop: () => listener.stop() });
  }
});
afterAll(async () => {
  for (const { scheduler, stop } of instances) {
    await stop();
    await scheduler.stop();
  }
  await handle?.close();
});

const postRow = async (id: string) =>
  (await handle.db.select().from(schema.blogPosts).where(eq(schema.blogPosts.id, id)))[0]!;

describe(`scheduled posts wake the schedulers themselves (${engineName()})`, () => {
  it("a post scheduled 2 s ahead (after first being set an hour ahead) goes live at its time, once, with no poll", async () => {
    const user = await createUser(handle.db, { email: "planlegger@fjordform.test", fullName: "Kari", password: "a long enough pass" });
    const actor = { userId: user.id, ip: "192.0.2.9", userAgent: "vitest" };
    const draft = await savePost(
      handle.db,
      actor,
      postInputSchema.parse({ title: "Mandagsposten", excerpt: "E", author: "Kari", content: "C", published: false }),
    );
    // First far ahead: both schedulers wake, find nothing due and sleep (at most their 10 minutes).
    await setPostSchedule(handle.db, actor, draft.id, new Date(now().getTime() + 60 * 60_000));
    await waitUntil(async () => (await postRow(draft.id)).publishAt !== null, "the first time stored");
    // Then moved to 2 s from now: the announcement sets both timers again.
    const at = new Date(now().getTime() + 2_000);
    await setPostSchedule(handle.db, actor, draft.id, at);
    expect((await postRow(draft.id)).published).toBe(false);

    await waitUntil(async () => (await postRow(draft.id)).published, "the scheduled post published", 30_000);
    await Promise.all(instances.map(({ scheduler }) => scheduler.idle()));
    const published = await postRow(draft.id);
    // Dated the moment it was scheduled for, its time cleared; audited once, by the scheduler.
    expect([published.createdAt.getTime(), published.publishAt]).toEqual([at.getTime(), null]);
    const audits = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "post_auto_published"));
    expect(audits).toHaveLength(1);
    // Not early: the round that published it ran at (or after) the scheduled time.
    expect(audits[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(at.getTime());
  });
});
