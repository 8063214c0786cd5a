import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import { createIssue } from "~/lib/newsletter/issues.server";
import { schema } from "~/lib/platform/db.server";
import { upgradeUnsubscribeTokens } from "~/lib/visitor-forms/newsletter.server";
import { signIn } from "../support/fault-load";
import { killAll, makeDataDir, removeDataDir, type RunningServer, startProductionServer } from "../support/server-process";
import { createSharedDatabase } from "../support/shared-database";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { rowsOf } from "../support/test-database";

// A newsletter send survives the server being killed mid-send: the real server process
// starts it, is SIGKILLed after some e-mails went out, is started again, and the send
// completes with every recipient mailed exactly once. A small rate (30 a minute: one
// e-mail every 2 s) keeps the send in progress long enough to kill it; every wait is on
// a signal (e-mails received, rows in the database), with generous ceilings.
const RECIPIENTS = 8;
const CEILING_MS = 180_000;

const running: RunningServer[] = [];
let shared: Awaited<ReturnType<typeof createSharedDatabase>>;
let peer: SmtpPeer;
let dataDir: string;

beforeAll(async () => {
  shared = await createSharedDatabase("newsletter");
  peer = await startSmtpPeer();
  dataDir = makeDataDir("newsletter-restart");
});
afterAll(async () => {
  try {
    await killAll(running);
  } finally {
    try {
      await peer?.close();
      await shared?.drop();
    } finally {
      if (dataDir) await removeDataDir(dataDir);
    }
  }
});

async function until(what: string, check: () => Promise<boolean> | boolean) {
  const deadline = Date.now() + CEILING_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Released deliveries, and how many of their e-mails are still in the outbox. */
async function sendState() {
  const [row] = rowsOf<{ released: number; unsent: number; waiting: number }>(
    await shared.handle.db.execute(`
      select count(*) filter (where d.status = 'released')::int as released,
             count(*) filter (where d.status = 'released' and o.status = 'pending')::int as unsent,
             count(*) filter (where d.status = 'waiting')::int as waiting
      from newsletter_deliveries d left join mail_outbox o on o.id = d.outbox_id`),
  );
  return row!;
}

describe("a newsletter send on the production server", () => {
  it("completes after a SIGKILL mid-send, mailing every recipient exactly once", async () => {
    const { db } = shared.handle;
    const password = randomBytes(18).toString("base64url");
    const user = await createUser(db, { email: "send@fjordform.test", fullName: "Send Tester", password });
    const addresses = Array.from({ length: RECIPIENTS }, (_, n) => `reader${n}@example.no`);
    await db.insert(schema.newsletterSubscribers).values([
      ...addresses.map((email) => ({ email, status: "active" as const, consentText: "yes", confirmedAt: new Date() })),
      { email: "pending@example.no", status: "pending" as const, consentText: "yes" },
    ]);
    await upgradeUnsubscribeTokens(db);
    const actor = { userId: user.id, name: "Kari", ip: "127.0.0.1", userAgent: "vitest" };
    const issueId = await createIssue(db, { subject: "Restart-proof", preheader: "", body: "Hello.", featuredImage: "" }, actor);

    const env = {
      DATABASE_URL: shared.url,
      DATA_DIR: dataDir,
      SMTP_URL: peer.url,
      NEWSLETTER_RATE_PER_MINUTE: "30",
    };
    const first = await startProductionServer(env);
    running.push(first);
    const cookie = await signIn(first.url, "send@fjordform.test", password);
    const started = await fetch(`${first.url}/admin/newsletter/${issueId}/send`, {
      method: "POST",
      headers: { cookie, origin: first.url },
      body: new URLSearchParams({ confirm: "on", expectedRecipients: String(RECIPIENTS) }),
      redirect: "manual",
    });
    expect(started.status).toBe(303);
    expect(started.headers.get("location")).toBe(`/admin/newsletter/${issueId}`);
    expect(started.headers.getSetCookie()).toContainEqual(expect.stringMatching(/^flash=[\w-]+\.[\w-]+; Path=\/; Max-Age=60; HttpOnly; SameSite=Lax$/));

    // Mid-send: some mailed, none in flight, some still waiting for their turn.
    await until("two e-mails sent and none in flight", async () => {
      const state = await sendState();
      return peer.messages.length >= 2 && state.unsent === 0 && state.waiting > 0;
    });
    first.process.kill("SIGKILL");
    await first.exited;
    const before = peer.messages.length;
    expect(before).toBeLessThan(RECIPIENTS);

    const second = await startProductionServer(env);
    running.push(second);
    await until("the send to finish", async () => {
      const [send] = await db.select().from(schema.newsletterSends).where(eq(schema.newsletterSends.issueId, issueId));
      return send?.status === "done";
    });

    const received = peer.messages.map((mail) => mail.envelopeTo[0]).sort();
    expect(received).toEqual([...addresses].sort());
    expect(peer.messages.every((mail) => mail.subject === "Restart-proof")).toBe(true);
    const [send] = await db.select().from(schema.newsletterSends).where(eq(schema.newsletterSends.issueId, issueId));
    expect(send).toMatchObject({ recipientCount: RECIPIENTS, sentCount: RECIPIENTS, failedCount: 0, skippedCount: 0 });
    const events = await db.select().from(schema.securityEvents).where(eq(schema.securityEvents.action, "newsletter_sent"));
    expect(events).toHaveLength(1);
  }, 400_000);
});
