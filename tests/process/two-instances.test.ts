import { randomBytes } from "node:crypto";
import { eq, ne } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { schema } from "~/lib/platform/db.server";
import { createUser } from "~/lib/auth/users.server";
import {
  BROWSER_UA,
  killAll,
  makeDataDir,
  removeDataDir,
  type RunningServer,
  startProductionServer,
} from "../support/server-process";
import { createSharedDatabase } from "../support/shared-database";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";

// Two app instances on one PostgreSQL, as behind a load balancer: what must happen
// once happens once, and what is limited is limited across both.
const running: RunningServer[] = [];
const dirs: string[] = [];
let shared: Awaited<ReturnType<typeof createSharedDatabase>>;
let peer: SmtpPeer;

beforeAll(async () => {
  shared = await createSharedDatabase("pair");
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await peer?.close();
  await shared?.drop();
});
afterEach(async () => {
  try {
    await killAll(running);
  } finally {
    for (const dir of dirs.splice(0)) await removeDataDir(dir);
  }
});

async function startPair(env: Record<string, string> = {}) {
  const pair: RunningServer[] = [];
  for (let i = 0; i < 2; i++) {
    const dataDir = makeDataDir("pair-test");
    dirs.push(dataDir);
    const server = await startProductionServer({ DATA_DIR: dataDir, DATABASE_URL: shared.url, SMTP_URL: peer.url, ...env });
    running.push(server);
    pair.push(server);
  }
  return pair as [RunningServer, RunningServer];
}

const postContact = (url: string, company: string, email: string) =>
  fetch(`${url}/api/contact`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": BROWSER_UA },
    body: JSON.stringify({ company, project: "Two instances", email }),
  });

async function waitUntil(check: () => Promise<boolean> | boolean, what: string) {
  const deadline = Date.now() + 120_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("two instances on one PostgreSQL", () => {
  it("deliver each e-mail of the outbox exactly once", async () => {
    const [a, b] = await startPair({ RATE_LIMIT_MULTIPLIER: "1000" });
    const sent = peer.messages.length;
    for (let i = 0; i < 12; i++) {
      const response = await postContact((i % 2 ? b : a).url, `Pair ${i}`, `pair${i}@example.no`);
      expect(response.status).toBe(201);
    }
    // Each request queues a notification and a receipt; both workers poll the outbox.
    await waitUntil(async () => {
      const waiting = await shared.handle.db
        .select({ id: schema.mailOutbox.id })
        .from(schema.mailOutbox)
        .where(ne(schema.mailOutbox.status, "sent"));
      return waiting.length === 0;
    }, "every outbox message to be sent");
    // A message is sent before it is marked sent, so any duplicate has arrived by now.
    const delivered = peer.messages.slice(sent);
    expect(delivered).toHaveLength(24);
    const ids = delivered.map((message) => message.messageId);
    expect(new Set(ids).size).toBe(24);
  });

  it("share one rate limit and one lockout", async () => {
    await shared.handle.db.delete(schema.rateLimits); // the first test's requests counted too
    const [a, b] = await startPair();
    for (let i = 0; i < 5; i++) {
      expect((await postContact((i % 2 ? b : a).url, `Limit ${i}`, `limit${i}@example.no`)).status).toBe(201);
    }
    expect((await postContact(a.url, "Limit 5", "limit5@example.no")).status).toBe(429);
    expect((await postContact(b.url, "Limit 6", "limit6@example.no")).status).toBe(429);

    const email = `locked-${randomBytes(3).toString("hex")}@fjordform.test`;
    await createUser(shared.handle.db, { email, fullName: "Lock Tester", password: randomBytes(18).toString("base64url") });
    const signIn = (url: string, password: string) =>
      fetch(`${url}/login`, { method: "POST", body: new URLSearchParams({ email, password }), redirect: "manual" });
    for (let i = 0; i < 5; i++) await (await signIn((i % 2 ? b : a).url, `wrong-password-${i}`)).text();
    const locked = await (await signIn(b.url, "wrong-password-again")).text();
    expect(locked).toContain("Account temporarily locked due to too many failed attempts");
    const attempts = await shared.handle.db.select().from(schema.loginAttempts).where(eq(schema.loginAttempts.email, email));
    expect(attempts.length).toBeGreaterThanOrEqual(5);
  });
});
