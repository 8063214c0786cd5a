import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import { createMailWorker, type MailWorker, smtpTransport } from "~/lib/mail/mail.server";
import type { StaffActor } from "~/lib/auth/security-events.server";
import { createIssue, createIssueFromPost, getIssue, updateIssue } from "~/lib/newsletter/issues.server";
import {
  countActiveSubscribers,
  NEWSLETTER_MAIL_KIND,
  releaseNewsletterBatch,
  type ReleaseOptions,
  startSend,
} from "~/lib/newsletter/sending.server";
import { setClockOffset } from "~/lib/platform/clock.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { derivedUnsubscribeToken } from "~/lib/platform/secrets.server";
import { unsubscribe, upgradeUnsubscribeTokens } from "~/lib/visitor-forms/newsletter.server";
import { linkFrom, type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";

const SITE = "https://www.fjordform.test";
let handle: DatabaseHandle;
let peer: SmtpPeer;
let worker: MailWorker;

beforeAll(async () => {
  handle = await createTestDatabase();
  peer = await startSmtpPeer();
  worker = createMailWorker({
    db: handle.db,
    transport: smtpTransport(peer.url),
    from: "Fjord & Form <hello@fjordform.no>",
  });
});
afterAll(async () => {
  setClockOffset(0);
  await worker?.stop();
  await peer?.close();
  await handle?.close();
});
afterEach(async () => {
  setClockOffset(0);
  peer.messages.length = 0;
  await truncateAll(handle);
});

const release = (options: Partial<ReleaseOptions> = {}) =>
  releaseNewsletterBatch(handle.db, { siteUrl: SITE, ratePerMinute: 60, ...options });

async function staff(): Promise<StaffActor> {
  const user = await createUser(handle.db, {
    email: "kari@fjordform.test",
    fullName: "Kari",
    password: "a long enough pass",
  });
  return { userId: user.id, name: "Kari", ip: "192.0.2.7", userAgent: "vitest" };
}

/** Subscribers in every state; the unsubscribe token hashes are filled as at start-up. */
async function subscribers(list: Array<[string, "active" | "pending" | "unsubscribed"]>) {
  await handle.db
    .insert(schema.newsletterSubscribers)
    .values(
      list.map(([email, status]) => ({
        email,
        status,
        consentText: "yes please",
        confirmedAt: status === "pending" ? null : new Date(),
      })),
    );
  await upgradeUnsubscribeTokens(handle.db);
}

async function issueStartedFor(actor: StaffActor) {
  const id = await createIssue(
    handle.db,
    {
      subject: "Autumn notes",
      preheader: "Three things we learnt",
      body: "First paragraph.\nSecond paragraph: https://example.com/post?a=1.",
      featuredImage: "",
    },
    actor,
  );
  const recipients = await countActiveSubscribers(handle.db);
  const started = await startSend(handle.db, id, recipients, actor);
  expect(started.kind).toBe("started");
  return id;
}

/** Releases and delivers until the send is closed (at a rate high enough for one step). */
async function runToEnd(options: Partial<ReleaseOptions> = {}) {
  for (let step = 0; step < 50; step++) {
    await release({ ratePerMinute: 1000, ...options });
    await worker.drain();
    const running = await handle.db
      .select()
      .from(schema.newsletterSends)
      .where(eq(schema.newsletterSends.status, "running"));
    if (running.length === 0) return;
  }
  throw new Error("the send did not finish in 50 steps");
}

const outboxOfKind = () =>
  handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, NEWSLETTER_MAIL_KIND));

describe(`sending a newsletter issue (${engineName()})`, () => {
  it("reaches exactly the confirmed subscribers, each with a working one-click unsubscribe", async () => {
    const actor = await staff();
    await subscribers([
      ["a@example.no", "active"],
      ["b@example.no", "active"],
      ["c@example.no", "active"],
      ["pending@example.no", "pending"],
      ["gone@example.no", "unsubscribed"],
    ]);
    const id = await issueStartedFor(actor);
    await runToEnd();

    expect(peer.messages.map((m) => m.envelopeTo[0]).sort()).toEqual(["a@example.no", "b@example.no", "c@example.no"]);
    for (const mail of peer.messages) {
      expect(mail.subject).toBe("Autumn notes");
      expect(mail.text).toContain("First paragraph.");
      expect(mail.html).toContain("Second paragraph: ");
      expect(mail.html).not.toMatch(/<img/); // no featured image, and never a tracking pixel
      // Links go exactly where the text says: not rewritten, not tracked.
      expect(mail.html).toContain('href="https://example.com/post?a=1"');
      const link = linkFrom(mail.text, `${SITE}/newsletter/unsubscribe?token=`);
      expect(mail.headers.find((h) => h.key === "list-unsubscribe")?.value).toBe(`<${link}>`);
      expect(mail.headers.find((h) => h.key === "list-unsubscribe-post")?.value).toBe("List-Unsubscribe=One-Click");
    }
    // Each link unsubscribes its own recipient.
    const [first] = peer.to("b@example.no");
    const token = new URL(linkFrom(first?.text, `${SITE}/newsletter/unsubscribe?token=`)).searchParams.get("token")!;
    expect(await unsubscribe(handle.db, token)).toBe("unsubscribed");
    const rows = await handle.db.select().from(schema.newsletterSubscribers);
    expect(
      rows
        .filter((r) => r.status === "active")
        .map((r) => r.email)
        .sort(),
    ).toEqual(["a@example.no", "c@example.no"]);

    const issue = await getIssue(handle.db, id);
    expect(issue?.state).toBe("done");
    expect(issue?.progress).toMatchObject({ recipients: 3, sent: 3, failed: 0, queued: 0, waiting: 0 });
    const [event] = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "newsletter_sent"));
    expect(event?.details).toMatchObject({ issueId: id, recipients: 3 });
    // A sent issue stays as it went out, and cannot be sent again.
    expect(
      (await updateIssue(handle.db, id, { subject: "x", preheader: "", body: "y", featuredImage: "" }, actor)).kind,
    ).toBe("sent");
    expect((await startSend(handle.db, id, 3, actor)).kind).toBe("already-sent");
  });

  it("needs the confirmed recipient count, and sends one issue at a time", async () => {
    const actor = await staff();
    await subscribers([["a@example.no", "active"]]);
    const first = await createIssue(handle.db, { subject: "One", preheader: "", body: "x", featuredImage: "" }, actor);
    expect(await startSend(handle.db, first, 5, actor)).toEqual({ kind: "count-changed", recipients: 1 });
    expect((await startSend(handle.db, first, 1, actor)).kind).toBe("started");
    const second = await createIssue(handle.db, { subject: "Two", preheader: "", body: "x", featuredImage: "" }, actor);
    expect((await startSend(handle.db, second, 1, actor)).kind).toBe("busy");
  });

  it("releases no more than the rate per minute of the app's clock", async () => {
    const actor = await staff();
    await subscribers(Array.from({ length: 12 }, (_, n) => [`r${n}@example.no`, "active"] as [string, "active"]));
    await issueStartedFor(actor);
    // The same minute: however often the releaser runs, 5 go out.
    let released = 0;
    for (let step = 0; step < 10; step++) released += (await release({ ratePerMinute: 5, maxBatch: 2 })).released;
    expect(released).toBe(5);
    expect(await outboxOfKind()).toHaveLength(5);
    // A minute later, the next 5.
    setClockOffset(61_000);
    released = 0;
    for (let step = 0; step < 10; step++) released += (await release({ ratePerMinute: 5, maxBatch: 2 })).released;
    expect(released).toBe(5);
    setClockOffset(122_000);
    for (let step = 0; step < 10; step++) released += (await release({ ratePerMinute: 5, maxBatch: 2 })).released;
    expect(released).toBe(7);
    await worker.drain();
    expect(peer.messages).toHaveLength(12);
  });

  it("sends nothing more to someone who unsubscribes mid-send", async () => {
    const actor = await staff();
    await subscribers([
      ["early@example.no", "active"],
      ["queued@example.no", "active"],
      ["waiting@example.no", "active"],
      ["last@example.no", "active"],
    ]);
    await issueStartedFor(actor);
    // Two released into the outbox (ordered by delivery id, so find out which).
    expect((await release({ ratePerMinute: 2 })).released).toBe(2);
    const queued = await outboxOfKind();
    const queuedAddress = queued[0]!.toAddress;
    // One queued recipient and one still waiting leave before the mail goes out.
    const everyone = await handle.db.select().from(schema.newsletterSubscribers);
    const waitingAddress = everyone.map((r) => r.email).find((e) => !queued.some((q) => q.toAddress === e))!;
    for (const address of [queuedAddress, waitingAddress]) {
      const row = everyone.find((r) => r.email === address)!;
      expect(await unsubscribe(handle.db, derivedUnsubscribeToken(row.id))).toBe("unsubscribed");
    }
    await runToEnd();
    const got = peer.messages.map((m) => m.envelopeTo[0]);
    expect(got).toHaveLength(2);
    expect(got).not.toContain(queuedAddress);
    expect(got).not.toContain(waitingAddress);
    const [send] = await handle.db.select().from(schema.newsletterSends);
    expect(send).toMatchObject({ status: "done", recipientCount: 4, sentCount: 2, skippedCount: 2 });
  });

  it("never mails anyone twice, with the steps run again and concurrently", async () => {
    const actor = await staff();
    await subscribers(Array.from({ length: 20 }, (_, n) => [`p${n}@example.no`, "active"] as [string, "active"]));
    const id = await issueStartedFor(actor);
    // Two "processes": releases and deliveries racing each other, more often than needed.
    const second = createMailWorker({
      db: handle.db,
      transport: smtpTransport(peer.url),
      from: "x <hello@fjordform.no>",
    });
    try {
      for (let round = 0; round < 15; round++) {
        await Promise.all([
          release({ ratePerMinute: 1000, maxBatch: 3 }),
          release({ ratePerMinute: 1000, maxBatch: 3 }),
        ]);
        await Promise.all([worker.drain(), second.drain(), worker.drain()]);
      }
      await runToEnd();
    } finally {
      await second.stop();
    }
    const addresses = peer.messages.map((m) => m.envelopeTo[0]);
    expect(addresses).toHaveLength(20);
    expect(new Set(addresses).size).toBe(20);
    expect((await startSend(handle.db, id, 20, actor)).kind).toBe("already-sent");
    expect(await outboxOfKind()).toHaveLength(20);
  });

  it("starts a draft from a published post, prefilled; never from a draft post", async () => {
    const actor = await staff();
    const [published, draft] = await handle.db
      .insert(schema.blogPosts)
      .values([
        {
          title: "Local AI",
          excerpt: "Why on-site",
          author: "Kari",
          slug: "local-ai",
          content: "Line one.\nLine two.",
          featuredImage: "/uploads/abc-1200.jpg",
          published: true,
        },
        { title: "Secret", excerpt: "x", author: "Kari", slug: "secret", content: "x", published: false },
      ])
      .returning();
    const id = await createIssueFromPost(handle.db, published!.id, actor, SITE);
    const issue = await getIssue(handle.db, id!);
    expect(issue).toMatchObject({
      subject: "Local AI",
      preheader: "Why on-site",
      featuredImage: "/uploads/abc-1200.jpg",
      state: "draft",
    });
    expect(issue?.body).toBe(`Line one.\nLine two.\nRead it on the Fjord & Form blog: ${SITE}/blog/local-ai`);
    expect(await createIssueFromPost(handle.db, draft!.id, actor, SITE)).toBeNull();
  });
});
