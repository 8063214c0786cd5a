import { and, asc, eq, isNotNull, lte, min } from "drizzle-orm";
import { z } from "zod";
import { auditAction, type StaffActor } from "../auth/security-events.server";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import type { DueWork } from "../platform/due-scheduler.server";
import { log } from "../platform/log.server";
import { ConflictError, NotFoundError, ValidationError } from "../platform/domain-errors";
import { countActiveSubscribers, startSend } from "./sending.server";

/**
 * "Send senere" (decision 051): an issue's send starts at a set Oslo time, once, whichever
 * process gets there first. The issue keeps `send_at` and who set it; every scheduler
 * round (the due scheduler's, in every process) claims a due issue with
 * FOR UPDATE SKIP LOCKED and starts its send in the same transaction, so no two processes
 * start it, and a send that cannot start yet (another is running) stays due for the next
 * round. From there the releaser (decision 027) sends it as any other.
 */
const { newsletterIssues: i, newsletterSends: s } = schema;

const ISSUE_GONE = "Nyhetsbrevet finnes ikke (lenger).";
export const SEND_AT_PAST = "Tidspunktet har allerede vært. Velg et tidspunkt frem i tid.";

const issueId = (id: string) => {
  if (!z.uuid().safeParse(id).success) throw new NotFoundError(ISSUE_GONE);
  return id;
};

/** Sets when an unsent issue goes out (audited). */
export async function scheduleSend(db: Database, actor: StaffActor, id: string, at: Date) {
  if (at.getTime() <= now().getTime()) throw new ValidationError(SEND_AT_PAST);
  return db.transaction(async (tx) => {
    const [issue] = await tx.select({ id: i.id, subject: i.subject }).from(i).where(eq(i.id, issueId(id))).for("update");
    if (!issue) throw new NotFoundError(ISSUE_GONE);
    const [sent] = await tx.select({ id: s.id }).from(s).where(eq(s.issueId, id));
    if (sent) throw new ConflictError("Nyhetsbrevet er allerede sendt.");
    await tx.update(i).set({ sendAt: at, sendScheduledBy: actor.userId }).where(eq(i.id, id));
    await auditAction(tx, actor, "newsletter_send_scheduled", { issueId: id, sendAt: at.toISOString() });
    return { subject: issue.subject };
  });
}

/** Calls a planned send off (audited); refused when it already started. */
export async function cancelScheduledSend(db: Database, actor: StaffActor, id: string) {
  const [issue] = await db
    .update(i)
    .set({ sendAt: null, sendScheduledBy: null })
    .where(and(eq(i.id, issueId(id)), isNotNull(i.sendAt)))
    .returning({ subject: i.subject });
  if (!issue) throw new ConflictError("Utsendelsen er ikke planlagt, eller den har allerede startet.");
  await auditAction(db, actor, "newsletter_send_unscheduled", { issueId: id });
  return issue;
}

/**
 * Starts the sends whose time has come (by the server's clock), each once. The recipients
 * are the active subscribers at that moment (whoever signed up or left since it was
 * scheduled counts as they are then). Answers what happened to each issue claimed.
 */
export async function startDueSends(db: Database, at: Date = now()) {
  const outcomes: Array<{ issueId: string; kind: string }> = [];
  for (let round = 0; round < 10; round++) {
    const outcome = await db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: i.id, by: i.sendScheduledBy })
        .from(i)
        .where(and(isNotNull(i.sendAt), lte(i.sendAt, at)))
        .orderBy(asc(i.sendAt))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!due) return undefined;
      // Started in the name of whoever scheduled it (none, if their account was removed since).
      const actor = { userId: due.by, name: "", ip: null, userAgent: "scheduler" } as unknown as StaffActor;
      const started = await startSend(tx, due.id, await countActiveSubscribers(tx), actor);
      // Another send is running: this one stays due and starts in a later round.
      if (started.kind === "busy") return { issueId: due.id, kind: started.kind, retry: true };
      await tx.update(i).set({ sendAt: null }).where(eq(i.id, due.id));
      return { issueId: due.id, kind: started.kind, retry: false };
    });
    if (!outcome) break;
    outcomes.push({ issueId: outcome.issueId, kind: outcome.kind });
    if (outcome.retry) break;
  }
  return outcomes;
}

/** Planned sends as the process's due scheduler runs them, beside the scheduled posts. */
export const dueSends: DueWork = {
  name: "scheduled newsletter sends",
  async run(db, at) {
    for (const { issueId, kind } of await startDueSends(db, at)) log.info("scheduled newsletter send", { issueId, kind });
  },
  async nextDue(db) {
    const [next] = await db.select({ at: min(i.sendAt) }).from(i).where(isNotNull(i.sendAt));
    return next?.at ?? undefined;
  },
};
