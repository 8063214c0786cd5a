import { eq } from "drizzle-orm";
import { auditAction, type StaffActor } from "../auth/security-events.server";
import { hasConfirmedFactor } from "../auth/session.server";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";

/**
 * The dashboard's nudge to turn on two-step verification, for an account without it (the
 * first account, made at start-up, is never asked anywhere else). "Ikke nå" puts it away
 * for this account only, for 30 days (users.two_step_nudge_dismissed_at); then it comes
 * back, because a reminder dismissed for good is dismissed once and forgotten, while
 * once a month is rare enough not to nag. Once two-step verification is on, it never shows.
 */
export const TWO_STEP_NUDGE_PAUSE_DAYS = 30;
const PAUSE_MS = TWO_STEP_NUDGE_PAUSE_DAYS * 24 * 60 * 60 * 1000;

/** Whether the dashboard shows the nudge to this account now. */
export async function showTwoStepNudge(db: Database, userId: string) {
  const [user] = await db
    .select({ dismissedAt: schema.users.twoStepNudgeDismissedAt })
    .from(schema.users)
    .where(eq(schema.users.id, userId));
  if (!user) return false;
  if (user.dismissedAt && now().getTime() - user.dismissedAt.getTime() < PAUSE_MS) return false;
  return !(await hasConfirmedFactor(db, userId));
}

/** "Ikke nå": the signed-in staff member puts the nudge away for 30 days (audited). */
export async function dismissTwoStepNudge(db: Database, actor: StaffActor) {
  const at = now();
  await db.update(schema.users).set({ twoStepNudgeDismissedAt: at }).where(eq(schema.users.id, actor.userId));
  await auditAction(db, actor, "two_step_nudge_dismissed", {
    until: new Date(at.getTime() + PAUSE_MS).toISOString(),
  });
}
