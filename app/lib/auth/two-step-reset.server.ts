import { and, eq } from "drizzle-orm";
import { type Database, schema } from "../platform/db.server";
import { enqueueAccountChangeMail } from "./account-mail.server";
import { type Actor, auditAction } from "./security-events.server";

/**
 * Every second factor of an account gone at once (decision 065): for the person who lost
 * every device (phone, security keys, laptop) and every recovery code. Run by an operator
 * who has checked who is asking (`npm run user:reset-two-step -- --email …`); nobody can
 * do it to themselves from a session, or a stolen session would be enough to strip an
 * account. The authenticator app, the recovery codes and every passkey are removed, every
 * session is ended, the owner is e-mailed and it is audited. The password stays: the
 * person signs in with it and sets up two-step verification again (the studio's policy
 * sends them straight there).
 */
export async function resetTwoStep(db: Database, email: string, actor: Actor, meta = { ip: "-", userAgent: "script" }) {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: schema.users.id, email: schema.users.email, fullName: schema.profiles.fullName })
      .from(schema.users)
      .leftJoin(schema.profiles, eq(schema.profiles.id, schema.users.id))
      .where(eq(schema.users.email, email.trim().toLowerCase()));
    if (!user) return { kind: "not-found" } as const;
    const factors = await tx.delete(schema.mfaFactors).where(eq(schema.mfaFactors.userId, user.id)).returning();
    await tx.delete(schema.mfaRecoveryCodes).where(eq(schema.mfaRecoveryCodes.userId, user.id));
    const passkeys = await tx.delete(schema.passkeys).where(eq(schema.passkeys.userId, user.id)).returning();
    const sessions = await tx
      .update(schema.userSessions)
      .set({ isActive: false, endedReason: "signed_out" })
      .where(and(eq(schema.userSessions.userId, user.id), eq(schema.userSessions.isActive, true)))
      .returning({ id: schema.userSessions.id });
    await enqueueAccountChangeMail(tx, { email: user.email, fullName: user.fullName ?? "" }, "mfa_removed", meta);
    const counts = { factors: factors.length, passkeys: passkeys.length, sessions: sessions.length };
    await auditAction(tx, actor, "two_step_reset", { userId: user.id, email: user.email, ...counts });
    return { kind: "reset", ...counts } as const;
  });
}
