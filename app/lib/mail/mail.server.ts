import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import { type Database, schema } from "../platform/db.server";
import { log } from "../platform/log.server";
import { isValidEmail } from "../platform/validation";
import { getStudioDetails } from "../studio/studio-details.server";

/**
 * E-mail through a transactional outbox. Callers write the message in the same
 * transaction as the data it belongs to (`enqueueMail(tx, …)`), so a committed form
 * always has its e-mails; a worker delivers them with retries and backoff, at least
 * once, each with a stable Message-ID so a receiver can recognise a duplicate.
 */
export type OutgoingMail = {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** RFC 2369/8058 unsubscribe URL: adds List-Unsubscribe and one-click headers. */
  unsubscribeUrl?: string;
  /** The inbox lead the message is about; erasing the lead erases the message. */
  leadId?: string;
  /** The job application the message is about; erasing the application erases the message. */
  applicationId?: string;
};

export async function enqueueMail(tx: Database, mail: OutgoingMail) {
  // The studio's own domain names the message (Message-ID), as its address does now.
  const domain = (await getStudioDetails(tx)).email.split("@")[1];
  const headers: Record<string, string> = {};
  if (mail.unsubscribeUrl) {
    headers["List-Unsubscribe"] = `<${mail.unsubscribeUrl}>`;
    headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click";
  }
  const [row] = await tx
    .insert(schema.mailOutbox)
    .values({
      messageId: `<${randomUUID()}@${domain}>`,
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      headers,
      leadId: mail.leadId ?? null,
      applicationId: mail.applicationId ?? null,
    })
    .returning({ id: schema.mailOutbox.id });
  return row!.id;
}

type OutboxRow = typeof schema.mailOutbox.$inferSelect;

export interface MailTransport {
  describe: string;
  send(row: OutboxRow, from: string): Promise<void>;
  /** Closes pooled connections (on shutdown). */
  close?(): void;
}

function messageOptions(row: OutboxRow, from: string) {
  return {
    from,
    // As an address object, never a string nodemailer would parse: "<a@x.example>y.z"
    // as a string is a display name and the mailbox a@x.example.
    to: { name: "", address: row.toAddress },
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody ?? undefined,
    messageId: row.messageId,
    headers: row.headers,
  };
}

/** How long the mail worker waits for an SMTP server before giving up on it (and retrying later). */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

/** Real delivery through an SMTP server (SMTP_URL). */
export function smtpTransport(url: string): MailTransport {
  // A small pool reuses connections instead of a TCP + SMTP handshake per message.
  // Short timeouts: a hanging server must not hold a batch for minutes (it is retried).
  const connect = () => nodemailer.createTransport({ url, pool: true, maxConnections: 3, ...SMTP_TIMEOUTS });
  let transporter = connect();
  return {
    describe: `SMTP ${new URL(url).host}`,
    send: async (row, from) => {
      try {
        await transporter.sendMail(messageOptions(row, from));
      } catch (error) {
        // A failed pool waits before reconnecting; start afresh so the retry is prompt.
        transporter.close();
        transporter = connect();
        throw error;
      }
    },
    close: () => transporter.close(),
  };
}

/** Without SMTP: each message becomes an .eml file you can open in any mail program. */
export function fileTransport(dir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    describe: `files in ${dir}`,
    send: async (row, from) => {
      const info = await transporter.sendMail(messageOptions(row, from));
      await fs.mkdir(dir, { recursive: true });
      const name = `${row.createdAt.toISOString().replace(/[:.]/g, "-")}-${row.kind}-${row.id}.eml`;
      const file = path.join(dir, name);
      await fs.writeFile(file, info.message as Buffer);
      log.info("mail written to file", { file, to: row.toAddress, kind: row.kind });
    },
  };
}

export type MailWorkerOptions = {
  db: Database;
  transport: MailTransport;
  from: string;
  /** How often to look for due messages written by any process (ms). */
  pollMs?: number;
  /** First retry delay; doubles with each attempt up to maxBackoffMs. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  maxAttempts?: number;
  batchSize?: number;
};

export type MailWorker = ReturnType<typeof createMailWorker>;

export function createMailWorker(options: MailWorkerOptions) {
  const { db, transport, from } = options;
  const pollMs = options.pollMs ?? 2_000;
  const baseBackoffMs = options.baseBackoffMs ?? 5_000;
  const maxBackoffMs = options.maxBackoffMs ?? 30 * 60_000;
  const maxAttempts = options.maxAttempts ?? 15; // about 3 hours of retries at the defaults (5 s doubling, 30 min cap)
  const batchSize = options.batchSize ?? 10;
  // A claimed message is locked this long; if its process dies, another retries it after.
  const claimSeconds = 300; // longer than a worst-case batch with the SMTP timeouts

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = true;
  // Set by stop(): finish the batch in hand, leave the rest for the next start.
  let stopping = false;

  /** Claims due messages (safe across processes: FOR UPDATE SKIP LOCKED) and sends them. */
  async function runOnce(): Promise<number> {
    const { mailOutbox: o } = schema;
    const due = db
      .select({ id: o.id })
      .from(o)
      .where(
        and(
          eq(o.status, "pending"),
          lte(o.nextAttemptAt, sql`now()`),
          or(isNull(o.lockedUntil), lt(o.lockedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(o.createdAt))
      .limit(batchSize)
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(o)
      .set({
        lockedUntil: sql`now() + make_interval(secs => ${claimSeconds})`,
        attempts: sql`${o.attempts} + 1`,
        lastAttemptAt: sql`now()`,
      })
      .where(inArray(o.id, due))
      .returning();

    await Promise.all(claimed.map((row) => deliver(row)));
    return claimed.length;
  }

  /** One message: sent, or rescheduled with backoff (or given up after maxAttempts). */
  async function deliver(row: OutboxRow) {
    const { mailOutbox: o } = schema;
    if (!isValidEmail(row.toAddress)) {
      // Queued before addresses were checked as strictly: sent nowhere rather than somewhere else.
      await db
        .update(o)
        .set({ status: "failed", lockedUntil: null, lastError: "not a plain address" })
        .where(eq(o.id, row.id));
      log.error("mail not sent: not a plain address", { messageId: row.messageId, kind: row.kind });
      return;
    }
    try {
      await transport.send(row, from);
      await db
        .update(o)
        .set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null })
        .where(eq(o.id, row.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= maxAttempts;
      const delay = Math.min(baseBackoffMs * 2 ** (row.attempts - 1), maxBackoffMs);
      await db
        .update(o)
        .set({
          status: giveUp ? "failed" : "pending",
          lockedUntil: null,
          lastError: message.slice(0, 1000),
          nextAttemptAt: new Date(Date.now() + delay),
        })
        .where(eq(o.id, row.id));
      log[giveUp ? "error" : "warn"](giveUp ? "mail delivery failed for good" : "mail delivery failed, will retry", {
        messageId: row.messageId,
        kind: row.kind,
        attempt: row.attempts,
        retryInMs: giveUp ? undefined : delay,
        error: message,
      });
    }
  }

  /** Runs until nothing due is left; concurrent calls share one run. */
  function tick(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          let sent: number;
          do {
            sent = await runOnce();
            total += sent;
          } while (sent === batchSize && !stopping);
        } while (again && !stopping);
      } catch (error) {
        log.error("mail worker error", { error });
      } finally {
        running = undefined;
      }
      return total;
    })();
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      await tick();
      schedule();
    }, pollMs);
    timer.unref();
  }

  return {
    transport: transport.describe,
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      void tick();
      schedule();
    },
    /** Deliver now: the outbox announced a message due (the `mail_due` notification, after commit). */
    kick() {
      if (!stopped) void tick();
    },
    /** Processes everything due now and resolves with how many were claimed. */
    drain: tick,
    async stop() {
      stopped = true;
      stopping = true;
      clearTimeout(timer);
      await running;
      transport.close?.();
    },
  };
}

// The worker of this process, started by startApp.
const holder = globalThis as typeof globalThis & { __mailWorker?: MailWorker };

export function setMailWorker(worker: MailWorker | undefined) {
  holder.__mailWorker = worker;
}

export function getMailWorker() {
  return holder.__mailWorker;
}
