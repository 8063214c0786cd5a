import { eq } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { hashPassword, staffPasswordSchema } from "./password.server";
import { logSecurityEvent } from "./security-events.server";
import { endOtherSessions, type RequestMeta, type StaffSession } from "./session.server";
import { enqueueAccountChangeMail } from "./account-mail.server";
import { reauthenticate, type ReauthOutcome } from "./reauth.server";

/**
 * A new password. It always needs the current one (a fresh re-authentication is not
 * enough), and a wrong current password counts like a wrong password at sign-in. The
 * owner is e-mailed in the same transaction, and every other session is signed out.
 */
export type PasswordChangeResult =
  | { kind: "changed"; otherSessionsEnded: number }
  | { kind: "invalid-new"; message: string }
  | { kind: "mismatch" }
  | { kind: "reauth"; outcome: Exclude<ReauthOutcome, { kind: "ok" }> };

export async function changePassword(
  db: Database,
  session: StaffSession,
  input: { current: string; next: string; confirm: string },
  meta: RequestMeta,
): Promise<PasswordChangeResult> {
  // The new password is checked first: a form that cannot succeed spends no attempt.
  const next = staffPasswordSchema.safeParse(input.next);
  if (!next.success) return { kind: "invalid-new", message: next.error.issues[0]!.message };
  if (input.next !== input.confirm) return { kind: "mismatch" };
  const outcome = await reauthenticate(db, session, input.current, meta);
  if (outcome.kind !== "ok") return { kind: "reauth", outcome };

  const passwordHash = await hashPassword(next.data);
  await db.transaction(async (tx) => {
    await tx.update(schema.users).set({ passwordHash, updatedAt: now() }).where(eq(schema.users.id, session.userId));
    await enqueueAccountChangeMail(tx, { email: session.email, fullName: session.fullName }, "password_changed", meta);
  });
  await logSecurityEvent(db, {
    p_user_id: session.userId,
    p_action: "password_changed",
    p_details: { sessionId: session.id },
    p_ip_address: meta.ip,
    p_user_agent: meta.userAgent,
  });
  return { kind: "changed", otherSessionsEnded: await endOtherSessions(db, session, meta, "password_changed") };
}
