import { afterAll, beforeAll } from "vitest";
import type { Role } from "~/lib/auth/roles";
import { createUser } from "~/lib/auth/users.server";
import { createMailWorker, smtpTransport } from "~/lib/mail/mail.server";
import { type SmtpPeer, startSmtpPeer } from "./smtp-peer";
import { setUpTestDatabase } from "./test-database";

/**
 * What the review tests (posts, decision 066; page drafts, 071) share: a test database,
 * staff accounts of a given role made through the real `createUser`, and a real SMTP
 * server the mail worker delivers the outbox to, so a test reads the mail the sender got.
 * Call at the top of a test file (it registers the file's hooks).
 */
export function setUpReviewTest({ emailPrefix = "" }: { emailPrefix?: string } = {}) {
  const handle = setUpTestDatabase();
  let peer: SmtpPeer | undefined;
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  afterAll(async () => {
    await peer?.close();
  });

  let count = 0;
  /** A new account (a unique address each call) as the actor the domain functions take. */
  async function staff(role: Role, fullName: string) {
    const email = `${emailPrefix}${role}${++count}@fjordform.test`;
    const user = await createUser(handle.db, { email, fullName, password: "a long enough pass", role });
    return { userId: user.id, role, email, ip: "192.0.2.9", userAgent: "vitest" };
  }

  /** Sends everything due in the outbox to the SMTP server, then stops the worker. */
  async function deliver() {
    const worker = createMailWorker({
      db: handle.db,
      transport: smtpTransport(smtpPeer().url),
      from: "Fjord & Form <hello@fjordform.no>",
    });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
  }

  function smtpPeer() {
    if (!peer) throw new Error("The SMTP server starts in beforeAll: use it inside a test.");
    return peer;
  }

  /** The messages the SMTP server received for this address, oldest first. */
  const mailTo = (address: string) => smtpPeer().to(address);

  return { handle, staff, deliver, mailTo };
}

export type ReviewStaff = Awaited<ReturnType<ReturnType<typeof setUpReviewTest>["staff"]>>;
