import { eq } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { markTokenUsed, readAccountToken, type TokenState } from "./account-tokens.server";
import { hashPassword, staffPasswordSchema } from "./password.server";
import { logSecurityEvent } from "./security-events.server";
import { createSession, type RequestMeta } from "./session.server";

/**
 * The invited colleague's side: the link from the invitation e-mail opens a page where
 * they choose a password; then they are signed in, like after /login (a new account has
 * no second factor yet). The link works once and for 72 hours.
 */
export type InvitationView =
  { state: "valid"; email: string; fullName: string } | { state: Exclude<TokenState, "valid"> | "disabled" };

async function invitee(db: Database, userId: string) {
  const [row] = await db
    .select({ email: schema.users.email, fullName: schema.profiles.fullName, disabledAt: schema.users.disabledAt })
    .from(schema.users)
    .leftJoin(schema.profiles, eq(schema.profiles.id, schema.users.id))
    .where(eq(schema.users.id, userId));
  return row;
}

/** What the invitation page shows for a link. */
export async function checkInvitation(db: Database, token: string): Promise<InvitationView> {
  const { state, row } = await readAccountToken(db, token, "invitation");
  if (state !== "valid") return { state };
  const person = await invitee(db, row.userId);
  if (!person) return { state: "unknown" };
  if (person.disabledAt) return { state: "disabled" };
  return { state: "valid", email: person.email, fullName: person.fullName ?? "" };
}

export type AcceptResult =
  | { kind: "accepted"; userId: string; cookie: string; cookies: string[] }
  | { kind: "invalid-password"; message: string }
  | { kind: Exclude<TokenState, "valid"> | "disabled" };

/** Sets the password, uses up the link and signs the new colleague in (one transaction, then the session). */
export async function acceptInvitation(
  db: Database,
  token: string,
  password: string,
  meta: RequestMeta,
): Promise<AcceptResult> {
  const parsed = staffPasswordSchema.safeParse(password);
  if (!parsed.success) return { kind: "invalid-password", message: parsed.error.issues[0]!.message };
  const passwordHash = await hashPassword(parsed.data);
  const outcome = await db.transaction(async (tx) => {
    const { state, row } = await readAccountToken(tx, token, "invitation", { lock: true });
    if (state !== "valid") return { kind: state } as const;
    const person = await invitee(tx, row.userId);
    if (!person) return { kind: "unknown" } as const;
    if (person.disabledAt) return { kind: "disabled" } as const;
    await tx
      .update(schema.users)
      .set({ passwordHash, lastSignInAt: now(), updatedAt: now() })
      .where(eq(schema.users.id, row.userId));
    await markTokenUsed(tx, row.id);
    return { kind: "accepted", userId: row.userId } as const;
  });
  if (outcome.kind !== "accepted") return outcome;
  await logSecurityEvent(db, {
    p_user_id: outcome.userId,
    p_action: "staff_invitation_accepted",
    p_ip_address: meta.ip,
    p_user_agent: meta.userAgent,
  });
  const session = await createSession(db, outcome.userId, meta, { mfaVerified: true });
  return { kind: "accepted", userId: outcome.userId, cookie: session.cookie, cookies: session.cookies };
}
