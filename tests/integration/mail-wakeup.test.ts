import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailWorker, enqueueMail, type MailWorker, smtpTransport } from "~/lib/mail/mail.server";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { listenForNotifications } from "~/lib/platform/notifications.server";
import { waitUntil } from "../support/fault-load";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { createTestDatabase, engineName } from "../support/test-database";

// Nobody has to remember to wake the mail worker: the outbox announces a message due
// after commit (db/migrations/0014), and every process's worker hears it. The workers
// here poll once an hour, so only the announcement can deliver within the test.
const HOUR = 60 * 60_000;
let handle: DatabaseHandle;
let peer: SmtpPeer;
const instances: { worker: MailWorker; stop: () => Promise<void> }[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  peer = await startSmtpPeer();
  for (let i = 0; i < 2; i++) {
    const worker = createMailWorker({
      db: handle.db,
      transport: smtpTransport(peer.url),
      from: "x@fjordform.no",
      pollMs: HOUR,
    });
    worker.start();
    await worker.drain();
    const listener = listenForNotifications(handle, { mail_due: () => worker.kick() });
    await listener.ready;
    instances.push({ worker, stop: () => listener.stop() });
  }
});
afterAll(async () => {
  for (const { worker, stop } of instances) {
    await stop();
    await worker.stop();
  }
  await peer?.close();
  await handle?.close();
});

describe(`the outbox wakes the workers itself (${engineName()})`, () => {
  it("a committed message is delivered at once, exactly once, with two workers listening and none kicked", async () => {
    await handle.db.transaction((tx) =>
      enqueueMail(tx, { kind: "test", to: "kari@acme.no", subject: "Woken by the outbox", text: "Hello" }),
    );
    await waitUntil(() => peer.to("kari@acme.no").length > 0, "the message delivered", 30_000);
    await Promise.all(instances.map(({ worker }) => worker.drain()));
    expect(peer.to("kari@acme.no").map((mail) => mail.subject)).toEqual(["Woken by the outbox"]);
  });

  it("a failed message put back to pending (staff's 'Send igjen') is delivered at once", async () => {
    const id = await enqueueMail(handle.db, { kind: "test", to: "ola@acme.no", subject: "Second try", text: "Hi" });
    // Stands in for a delivery that failed for good before the resend.
    await handle.db.update(schema.mailOutbox).set({ status: "failed" }).where(eq(schema.mailOutbox.id, id));
    await Promise.all(instances.map(({ worker }) => worker.drain()));
    const deliveredBefore = peer.to("ola@acme.no").length;

    await handle.db
      .update(schema.mailOutbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(schema.mailOutbox.id, id));
    await waitUntil(() => peer.to("ola@acme.no").length > deliveredBefore, "the resent message delivered", 30_000);
    const [row] = await handle.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, id));
    expect(row?.status).toBe("sent");
  });
});
