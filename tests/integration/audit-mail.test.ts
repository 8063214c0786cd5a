import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditFilterChoices, listSecurityEvents } from "~/lib/auth/audit-log.server";
import { FAILURE_EVENTS, isFailureEvent, securityEventDescription } from "~/lib/auth/security-event-descriptions";
import {
  NO_ACCOUNT,
  parseAuditFilter,
  SECURITY_EVENT_LABELS,
  SECURITY_EVENTS_PER_PAGE,
  securityEventLabel,
} from "~/lib/auth/security-event-labels";
import { logSecurityEvent, type StaffActor } from "~/lib/auth/security-events.server";
import { createUser } from "~/lib/auth/users.server";
import { createMailWorker, enqueueMail, smtpTransport } from "~/lib/mail/mail.server";
import {
  failingMailCount,
  listOutbox,
  openOutboxMessage,
  outboxCounts,
  resendMail,
} from "~/lib/mail/outbox-admin.server";
import { MAILS_PER_PAGE } from "~/lib/mail/outbox-forms";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { dashboardCounts } from "~/lib/staff/dashboard.server";
import { freePort } from "../support/server-process";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { createTestDatabase, engineName, truncateAll } from "../support/test-database";
import { capturingLog, errorLine } from "../support/captured-log";
import { NotFoundError } from "~/lib/platform/domain-errors";

const FROM = "Fjord & Form <hello@fjordform.no>";
let handle: DatabaseHandle;
let peer: SmtpPeer;

beforeAll(async () => {
  handle = await createTestDatabase();
  peer = await startSmtpPeer();
});
afterAll(async () => {
  await peer?.close();
  await handle?.close();
});
afterEach(async () => {
  peer.messages.length = 0;
  await truncateAll(handle);
});

async function staff(email = "kari@fjordform.test", fullName = "Kari Nordmann"): Promise<StaffActor> {
  const user = await createUser(handle.db, { email, fullName, password: "a long enough pass" });
  return { userId: user.id, name: fullName, ip: "192.0.2.7", userAgent: "vitest" };
}

async function event(userId: string | null, action: string, details: Record<string, unknown>, at: string) {
  await logSecurityEvent(handle.db, {
    p_user_id: userId,
    p_action: action as "login",
    p_details: details,
    p_ip_address: "198.51.100.1",
  });
  await handle.db
    .update(schema.securityEvents)
    .set({ createdAt: new Date(at) })
    .where(eq(schema.securityEvents.action, action));
}

const mail = (to: string, subject = "Hei") => ({ kind: "contact-receipt", to, subject, text: `Til ${to}: æøå` });

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);

describe(`the security log on ${engineName()}`, () => {
  it("lists events newest first with account, kind, IP and details, filtered by account and by kind", async () => {
    const kari = await staff();
    const ola = await staff("ola@fjordform.test", "Ola");
    await event(kari.userId, "login", { sessionId: "s1" }, "2026-11-20T08:00:00Z");
    await event(null, "login_failed", { email: "ukjent@example.no" }, "2026-11-20T09:00:00Z");
    await event(ola.userId, "staff_invited", { invitedEmail: "ny@fjordform.test" }, "2026-11-20T10:00:00Z");

    const all = await listSecurityEvents(handle.db, { page: 1 });
    expect(all.total).toBe(3);
    expect(all.rows.map((row) => [row.action, row.email, row.fullName, row.ipAddress])).toEqual([
      ["staff_invited", "ola@fjordform.test", "Ola", "198.51.100.1"],
      ["login_failed", null, null, "198.51.100.1"],
      ["login", "kari@fjordform.test", "Kari Nordmann", "198.51.100.1"],
    ]);
    expect(all.rows[2]!.details).toEqual({ sessionId: "s1" });

    const actions = async (filter: { account?: string; kind?: string; failures?: boolean }) =>
      (await listSecurityEvents(handle.db, { page: 1, ...filter })).rows.map((row) => row.action);
    expect(await actions({ account: kari.userId })).toEqual(["login"]);
    expect(await actions({ account: NO_ACCOUNT })).toEqual(["login_failed"]);
    expect(await actions({ kind: "staff_invited" })).toEqual(["staff_invited"]);
    expect(await actions({ kind: "login", account: ola.userId })).toEqual([]);
    // "Bare feil" (issue 32): only what was refused, from the address bar's failures=1.
    await event(kari.userId, "access_denied", { path: "/admin/staff" }, "2026-11-20T11:00:00Z");
    expect(await actions({ failures: true })).toEqual(["access_denied", "login_failed"]);
    expect(await actions({ failures: true, account: kari.userId })).toEqual(["access_denied"]);
    expect(parseAuditFilter(new URLSearchParams("failures=1")).failures).toBe(true);
    expect(parseAuditFilter(new URLSearchParams("failures=yes")).failures).toBe(false);

    const choices = await auditFilterChoices(handle.db);
    expect(choices.accounts.map((account) => account.email)).toEqual(["kari@fjordform.test", "ola@fjordform.test"]);
    expect(choices.kinds).toEqual(
      expect.arrayContaining(["login", "mail_resent", "subscriber_erased", "staff_invited"]),
    );
  });

  it("gives every kind the code records a Norwegian label, and an unknown one a readable fallback", () => {
    expect(securityEventLabel("login_failed")).toBe("Mislykket innlogging");
    expect(securityEventLabel("mail_resent")).toBe("E-post sendt igjen");
    expect(securityEventLabel("something_new_happened")).toBe("Something new happened");
    // Each failure is explained in a sentence, and marked as one; a success is not.
    for (const kind of FAILURE_EVENTS) {
      expect(isFailureEvent(kind), kind).toBe(true);
      expect(securityEventDescription(kind), kind).toMatch(/^[A-ZÆØÅ].+\.$/);
      expect(SECURITY_EVENT_LABELS[kind], kind).toBeDefined();
    }
    expect(isFailureEvent("login")).toBe(false);
    expect(securityEventDescription("something_new_happened")).toBeNull();
  });

  it("pages the log", async () => {
    const kari = await staff();
    await handle.db.insert(schema.securityEvents).values(
      Array.from({ length: SECURITY_EVENTS_PER_PAGE + 1 }, (_, i) => ({
        userId: kari.userId,
        action: "login",
        createdAt: new Date(Date.parse("2026-11-01T00:00:00Z") + i * 1000),
      })),
    );
    const first = await listSecurityEvents(handle.db, { page: 1 });
    expect([first.total, first.pageCount, first.rows.length]).toEqual([
      SECURITY_EVENTS_PER_PAGE + 1,
      2,
      SECURITY_EVENTS_PER_PAGE,
    ]);
    const last = await listSecurityEvents(handle.db, { page: 5 });
    expect([last.page, last.rows.length]).toEqual([2, 1]);
  });
});

describe(`the mail outbox for staff on ${engineName()}`, () => {
  it("lists waiting, sent and failed messages newest first, with counts and pages", async () => {
    for (let i = 0; i < MAILS_PER_PAGE + 1; i++) await enqueueMail(handle.db, mail(`p${i}@example.no`));
    await handle.db
      .update(schema.mailOutbox)
      .set({ status: "sent", sentAt: new Date() })
      .where(eq(schema.mailOutbox.toAddress, "p0@example.no"));
    await handle.db
      .update(schema.mailOutbox)
      .set({ status: "failed", attempts: 15, lastError: "550 no such user" })
      .where(eq(schema.mailOutbox.toAddress, "p1@example.no"));
    expect(await outboxCounts(handle.db)).toEqual({ pending: MAILS_PER_PAGE - 1, sent: 1, failed: 1 });
    const failed = await listOutbox(handle.db, { status: "failed", page: 1 });
    expect(failed.rows.map((row) => [row.toAddress, row.attempts, row.lastError])).toEqual([
      ["p1@example.no", 15, "550 no such user"],
    ]);
    const everything = await listOutbox(handle.db, { page: 1 });
    expect([everything.total, everything.pageCount, everything.rows.length]).toEqual([
      MAILS_PER_PAGE + 1,
      2,
      MAILS_PER_PAGE,
    ]);
    expect((await listOutbox(handle.db, { page: 3 })).rows).toHaveLength(1);
  });

  it("sends a failed message again: back in the queue, and the worker delivers it to a real SMTP server", async () => {
    const actor = await staff();
    await enqueueMail(handle.db, mail("kunde@example.no", "Kvittering for æøå"));
    // First a mail server that is not there: one attempt, then given up.
    const deadPort = await freePort();
    const broken = createMailWorker({
      db: handle.db,
      transport: smtpTransport(`smtp://127.0.0.1:${deadPort}`),
      from: FROM,
      maxAttempts: 1,
    });
    const { lines } = await capturingLog(async () => {
      await broken.drain();
      await broken.stop();
    });
    expect(lines).toContainEqual(errorLine("mail delivery failed for good"));
    const [failed] = await listOutbox(handle.db, { status: "failed", page: 1 }).then((list) => list.rows);
    expect(failed).toMatchObject({ toAddress: "kunde@example.no", attempts: 1, status: "failed" });
    expect(failed!.lastError).toBeTruthy();
    expect(failed!.lastAttemptAt).toBeInstanceOf(Date);

    expect(await resendMail(handle.db, failed!.id, actor)).toEqual({ kind: "resent" });
    const queued = await openOutboxMessage(handle.db, failed!.id);
    expect(queued).toMatchObject({ status: "pending", attempts: 0, hasBody: true });
    expect(await resendMail(handle.db, failed!.id, actor), "only a failed message").toEqual({ kind: "not-failed" });

    const worker = createMailWorker({ db: handle.db, transport: smtpTransport(peer.url), from: FROM });
    try {
      await worker.drain();
    } finally {
      await worker.stop();
    }
    const [received] = peer.to("kunde@example.no");
    expect(received?.subject).toBe("Kvittering for æøå");
    expect(received?.text).toContain("æøå");
    const sent = await openOutboxMessage(handle.db, failed!.id);
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
    expect(received?.messageId).toBe(sent!.messageId);

    const logged = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "mail_resent"));
    expect(logged.map((row) => row.details)).toEqual([
      { mailId: failed!.id, kind: "contact-receipt", previousAttempts: 1 },
    ]);
    expect(logged[0]).toMatchObject({ userId: actor.userId, ipAddress: "192.0.2.7" });
    await expect(resendMail(handle.db, "00000000-0000-4000-8000-000000000000", actor)).rejects.toThrow(NotFoundError);
  });

  it("does not send again a message whose text retention has removed", async () => {
    const actor = await staff();
    await enqueueMail(handle.db, mail("gammel@example.no"));
    await handle.db.update(schema.mailOutbox).set({ status: "failed", textBody: "", lastError: "timeout" });
    const [row] = await handle.db.select().from(schema.mailOutbox);
    expect(await resendMail(handle.db, row!.id, actor)).toEqual({ kind: "no-body" });
    expect((await openOutboxMessage(handle.db, row!.id))?.status).toBe("failed");
  });

  it("warns on the dashboard only about messages failing for more than an hour", async () => {
    const rows = [
      { to: "gitt-opp@example.no", status: "failed" as const, lastError: "550", createdAt: hoursAgo(6) },
      { to: "prover-fortsatt@example.no", status: "pending" as const, lastError: "timeout", createdAt: hoursAgo(2) },
      { to: "nylig@example.no", status: "failed" as const, lastError: "550", createdAt: hoursAgo(0.5) },
      { to: "i-ko@example.no", status: "pending" as const, lastError: null, createdAt: hoursAgo(3) },
      { to: "sendt@example.no", status: "sent" as const, lastError: null, createdAt: hoursAgo(5) },
    ];
    for (const row of rows) {
      await enqueueMail(handle.db, mail(row.to));
      await handle.db
        .update(schema.mailOutbox)
        .set({ status: row.status, lastError: row.lastError, createdAt: row.createdAt })
        .where(eq(schema.mailOutbox.toAddress, row.to));
    }
    expect(await failingMailCount(handle.db)).toBe(2);
    expect((await dashboardCounts(handle.db)).failingMail).toBe(2);
    // Half an hour later the recent failure has lasted an hour too.
    expect(await failingMailCount(handle.db, new Date(Date.now() + 45 * 60 * 1000))).toBe(3);
    await handle.db.delete(schema.mailOutbox).where(eq(schema.mailOutbox.status, "failed"));
    await handle.db.update(schema.mailOutbox).set({ status: "sent" });
    expect((await dashboardCounts(handle.db)).failingMail).toBe(0);
  });
});
