import { afterEach, describe, expect, it } from "vitest";
import { SMTP_TIMEOUTS } from "~/lib/mail/mail.server";
import { openDatabase, schema } from "~/lib/platform/db.server";
import { fetchFrom, waitUntil } from "../support/fault-load";
import {
  BROWSER_UA,
  killAll,
  makeDataDir,
  removeDataDir,
  type RunningServer,
  startProductionServer,
} from "../support/server-process";
import { startSilentSmtp } from "../support/silent-smtp";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";

// The mail server hangs (accepts the connection, never answers), then is repaired on
// the same port. Forms must not wait for it, and every e-mail arrives exactly once.

// A form that waited for the mail server would wait at least until the mailer gives up on
// it (its connection timeout), so every answer must come sooner than that. This is the
// mailer's own setting, not a guess at how fast this machine is.
const ANSWER_CEILING_MS = SMTP_TIMEOUTS.connectionTimeout;
const CONTACTS = 6;
const SIGN_UPS = 2;

const running: RunningServer[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  try {
    await killAll(running);
  } finally {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  }
});

type OutboxRow = { messageId: string; status: string; attempts: number; lastError: string | null };

async function outbox(dataDir: string): Promise<OutboxRow[]> {
  const handle = await openDatabase({ dataDir });
  try {
    const { mailOutbox: o } = schema;
    return await handle.db
      .select({ messageId: o.messageId, status: o.status, attempts: o.attempts, lastError: o.lastError })
      .from(o);
  } finally {
    await handle.close();
  }
}

describe("a mail server that accepts connections and never answers", () => {
  it("does not hold up the forms, and once it is back every e-mail is delivered exactly once", async () => {
    const silent = await startSilentSmtp();
    let silentOpen = true;
    cleanups.push(async () => {
      if (silentOpen) await silent.close();
    });
    const dataDir = makeDataDir("fault-smtp");
    cleanups.push(() => removeDataDir(dataDir));
    const server = await startProductionServer({ DATA_DIR: dataDir, SMTP_URL: silent.url, RATE_LIMIT_MULTIPLIER: "1000" });
    running.push(server);

    const post = async (path: string, body: object) => {
      const started = performance.now();
      const response = await fetchFrom(server, server.url + path, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": BROWSER_UA, origin: server.url },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(ANSWER_CEILING_MS * 2), // a hang fails the test, not the run
      });
      const json = (await response.json()) as { success?: boolean; error?: string };
      return { status: response.status, json, ms: performance.now() - started };
    };

    const answers = [];
    for (let i = 0; i < CONTACTS; i++) {
      answers.push(await post("/api/contact", { company: `Silent ${i}`, project: "Mail outage", email: `silent${i}@example.no` }));
    }
    for (let i = 0; i < SIGN_UPS; i++) {
      answers.push(await post("/api/contact", { type: "newsletter", email: `reader${i}@example.no` }));
    }
    expect(answers.map((a) => a.status)).toEqual([...Array(CONTACTS).fill(201), ...Array(SIGN_UPS).fill(200)]);
    expect(answers.every((a) => a.json.success === true)).toBe(true);
    for (const answer of answers) expect(answer.ms).toBeLessThan(ANSWER_CEILING_MS);

    // The worker did try the hung server, gave up on it (its own timeouts), and will retry.
    await waitUntil(() => silent.stats().connections > 0, "the worker to connect to the silent server", 60_000);
    const expected = CONTACTS * 2 + SIGN_UPS; // a notification and a receipt per contact, a confirmation per sign-up
    await waitUntil(
      async () => {
        const rows = await outbox(dataDir);
        return rows.length === expected && rows.every((row) => row.status === "pending" && row.attempts >= 1 && row.lastError);
      },
      "every message to have failed once against the silent server and be waiting for a retry",
      120_000,
    );
    expect(server.process.exitCode).toBeNull();

    // The mail server is repaired, on the same address.
    await silent.close();
    silentOpen = false;
    const peer: SmtpPeer = await startSmtpPeer(silent.port);
    cleanups.push(() => peer.close());
    // Retries back off (5 s, 10 s, 20 s ...): a generous ceiling, not a timing.
    await peer.waitFor((messages) => messages.length >= expected, 180_000);
    await waitUntil(
      async () => (await outbox(dataDir)).every((row) => row.status === "sent"),
      "every outbox row to be marked sent",
      60_000,
    );

    // One more form after the repair goes straight through; it is also the barrier after
    // which a duplicate of an earlier message would have shown up.
    const late = await post("/api/contact", { company: "After repair", project: "Mail outage", email: "late@example.no" });
    expect(late.status).toBe(201);
    await peer.waitFor((messages) => messages.length >= expected + 2, 60_000);
    await waitUntil(async () => (await outbox(dataDir)).every((row) => row.status === "sent"), "the last two marked sent", 60_000);

    const rows = await outbox(dataDir);
    const delivered = peer.messages.map((m) => m.messageId);
    expect(delivered).toHaveLength(expected + 2);
    expect(new Set(delivered).size, "no message delivered twice").toBe(delivered.length);
    expect(new Set(delivered)).toEqual(new Set(rows.map((row) => row.messageId)));
    for (let i = 0; i < CONTACTS; i++) expect(peer.to(`silent${i}@example.no`), `receipt to silent${i}`).toHaveLength(1);
    for (let i = 0; i < SIGN_UPS; i++) expect(peer.to(`reader${i}@example.no`), `confirmation to reader${i}`).toHaveLength(1);
  });
});
