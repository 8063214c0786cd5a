import { and, asc, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { getConfig } from "../platform/config.server";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { NotFoundError } from "../platform/domain-errors";
import { staffInvitationEmail } from "../mail/templates/account-link.server";
import { enqueueMail } from "../mail/mail.server";
import { type StaffState, STAFF_PER_PAGE } from "./account-forms";
import { issueAccountToken } from "./account-tokens.server";
import { checkLoginAttempts, UNLOCKED } from "./login.server";
import { auditAction, type StaffActor } from "./security-events.server";
import { getStudioDetails } from "../studio/studio-details.server";
import { isUuid } from "../platform/ids";
import { lockOtherActiveOwners } from "./staff-roles.server";
import type { Role } from "./roles";

/**
 * The team page's rules: who is on the staff and in what state, inviting a colleague,
 * deactivating and reactivating an account, lifting a sign-in lock. Owners do these (the
 * route's permission, decision 059); every change is written to security_events
 * with the account's id, and nobody can deactivate themselves or the last active account.
 */
const { users: u, profiles: p, userSessions: s } = schema;

export const INVITATION_MAIL_KIND = "staff-invitation";

const ACCOUNT_GONE = "Kontoen finnes ikke.";

const columns = {
  id: u.id,
  email: u.email,
  fullName: sql<string>`coalesce(${p.fullName}, '')`,
  invited: sql<boolean>`${u.passwordHash} is null`,
  invitedAt: u.invitedAt,
  disabledAt: u.disabledAt,
  lastSignInAt: u.lastSignInAt,
  createdAt: u.createdAt,
  role: u.role,
  // An authenticator app or a passkey (decision 065).
  twoStep: sql<boolean>`(exists (select 1 from ${schema.mfaFactors} f where f.user_id = ${u.id} and f.confirmed_at is not null)
    or exists (select 1 from ${schema.passkeys} p where p.user_id = ${u.id}))`,
};

type Row = { email: string; invited: boolean; disabledAt: Date | null };

/** Deactivated wins, then a pending invitation, then a running sign-in lock. */
async function stateOf(db: Database, row: Row): Promise<{ state: StaffState; lockExpiresAt: string | null }> {
  if (row.disabledAt) return { state: "disabled", lockExpiresAt: null };
  if (row.invited) return { state: "invited", lockExpiresAt: null };
  const lock = await checkLoginAttempts(db, row.email);
  return lock.is_locked
    ? { state: "locked", lockExpiresAt: lock.lock_expires_at }
    : { state: "active", lockExpiresAt: null };
}

/** One page of the staff, by name; a page past the end shows the last one. */
export async function listStaff(db: Database, requestedPage: number) {
  const [total] = await db.select({ n: count() }).from(u);
  const totalCount = total?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalCount / STAFF_PER_PAGE));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const rows = await db
    .select(columns)
    .from(u)
    .leftJoin(p, eq(p.id, u.id))
    .orderBy(sql`lower(coalesce(nullif(${p.fullName}, ''), ${u.email}))`, asc(u.email))
    .limit(STAFF_PER_PAGE)
    .offset((page - 1) * STAFF_PER_PAGE);
  const withState = await Promise.all(rows.map(async (row) => ({ ...row, ...(await stateOf(db, row)) })));
  return { rows: withState, total: totalCount, page, pageCount };
}

/** One account with its state; undefined when there is none (a lookup, decision 033). */
export async function getStaffAccount(db: Database, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(columns).from(u).leftJoin(p, eq(p.id, u.id)).where(eq(u.id, id));
  return row ? { ...row, ...(await stateOf(db, row)) } : undefined;
}

/** The account a change is about; NotFoundError when there is none (decision 048). */
async function accountToChange(db: Database, id: string) {
  const account = await getStaffAccount(db, id);
  if (!account) throw new NotFoundError(ACCOUNT_GONE);
  return account;
}

export type InviteResult = { kind: "invited" | "reinvited"; userId: string } | { kind: "exists" };

/**
 * Invites a colleague: an account without a password, and an e-mail (in the same
 * transaction) with a link to choose one, valid 72 hours. Inviting a pending address
 * again sends a new link and the old one stops working; an account that already has a
 * password is refused.
 */
export async function inviteStaff(
  db: Database,
  input: { email: string; fullName: string; role?: Role },
  actor: StaffActor,
): Promise<InviteResult> {
  const role = input.role ?? "editor";
  const email = input.email.trim().toLowerCase();
  const result = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: u.id, invited: columns.invited })
      .from(u)
      .where(eq(u.email, email))
      .for("update");
    if (existing && !existing.invited) return { kind: "exists" } as const;
    let userId = existing?.id;
    if (userId) {
      await tx.update(p).set({ fullName: input.fullName, updatedAt: now() }).where(eq(p.id, userId));
      await tx.update(u).set({ invitedAt: now(), disabledAt: null, role, updatedAt: now() }).where(eq(u.id, userId));
    } else {
      const [created] = await tx.insert(u).values({ email, invitedAt: now(), role }).returning({ id: u.id });
      userId = created!.id;
      await tx.insert(p).values({ id: userId, fullName: input.fullName });
    }
    const { link } = await issueAccountToken(tx, { userId, purpose: "invitation", createdBy: actor.userId });
    const mail = await staffInvitationEmail({
      siteUrl: getConfig().siteUrl,
      studio: await getStudioDetails(tx),
      url: link,
      name: input.fullName,
      invitedBy: actor.name,
    });
    await enqueueMail(tx, { kind: INVITATION_MAIL_KIND, to: email, ...mail });
    return { kind: existing ? "reinvited" : "invited", userId } as const;
  });
  if (result.kind !== "exists") {
    await auditAction(db, actor, "staff_invited", {
      accountId: result.userId,
      again: result.kind === "reinvited",
      role,
    });
  }
  return result;
}

/** Sends a pending invitation again, with a new link (the old one stops working). */
export async function reinviteStaff(db: Database, id: string, actor: StaffActor) {
  const account = await accountToChange(db, id);
  if (account.state !== "invited") return { kind: "not-invited" } as const;
  return inviteStaff(db, { email: account.email, fullName: account.fullName, role: account.role }, actor);
}

export type DisableResult =
  { kind: "disabled"; sessionsEnded: number } | { kind: "self" | "last" | "last-owner" | "already" };

/**
 * Deactivates an account: it cannot sign in, and every session it has ends at once.
 * Refused for one's own account and for the last active one; the active accounts are
 * locked while counting, so two colleagues cannot deactivate each other at once.
 */
export async function disableStaff(db: Database, id: string, actor: StaffActor): Promise<DisableResult> {
  if (!isUuid(id)) throw new NotFoundError(ACCOUNT_GONE);
  if (id === actor.userId) return { kind: "self" };
  const result = await db.transaction(async (tx) => {
    // The owners first, in the order changeStaffRole locks them: at least one stays (decision 059).
    const otherOwners = await lockOtherActiveOwners(tx, id);
    const [target] = await tx
      .select({ disabledAt: u.disabledAt, role: u.role })
      .from(u)
      .where(eq(u.id, id))
      .for("update");
    if (!target) throw new NotFoundError(ACCOUNT_GONE);
    if (target.disabledAt) return { kind: "already" } as const;
    const active = await tx
      .select({ id: u.id })
      .from(u)
      .where(and(isNull(u.disabledAt), isNotNull(u.passwordHash)))
      .for("update");
    if (active.every((row) => row.id === id)) return { kind: "last" } as const;
    if (target.role === "owner" && otherOwners.length === 0) return { kind: "last-owner" } as const;
    await tx.update(u).set({ disabledAt: now(), updatedAt: now() }).where(eq(u.id, id));
    // Its unused links (a password reset, an invitation, a new address) die with it.
    const t = schema.accountTokens;
    await tx.delete(t).where(and(eq(t.userId, id), isNull(t.usedAt)));
    const ended = await tx
      .update(s)
      .set({ isActive: false, endedReason: "deactivated" })
      .where(and(eq(s.userId, id), eq(s.isActive, true)))
      .returning({ id: s.id });
    return { kind: "disabled", sessionsEnded: ended.length } as const;
  });
  if (result.kind === "disabled") {
    await auditAction(db, actor, "staff_disabled", { accountId: id, sessionsEnded: result.sessionsEnded });
  }
  return result;
}

/** Reactivates a deactivated account (its old sessions stay ended). */
export async function enableStaff(db: Database, id: string, actor: StaffActor) {
  if (!isUuid(id)) throw new NotFoundError(ACCOUNT_GONE);
  const [row] = await db.select({ disabledAt: u.disabledAt }).from(u).where(eq(u.id, id));
  if (!row) throw new NotFoundError(ACCOUNT_GONE);
  if (!row.disabledAt) return { kind: "already" } as const;
  await db.update(u).set({ disabledAt: null, updatedAt: now() }).where(eq(u.id, id));
  await auditAction(db, actor, "staff_enabled", { accountId: id });
  return { kind: "enabled" } as const;
}

/**
 * Lifts a sign-in lock (5 wrong passwords in 15 minutes): a marker in login_attempts
 * after which the earlier failures no longer count. The failures themselves stay logged.
 */
export async function unlockStaff(db: Database, id: string, actor: StaffActor) {
  const account = await accountToChange(db, id);
  if (account.state !== "locked") return { kind: "not-locked" } as const;
  await db.insert(schema.loginAttempts).values({
    email: account.email,
    success: false,
    errorMessage: UNLOCKED,
    ipAddress: actor.ip,
    ipKey: null,
    userAgent: actor.userAgent,
    createdAt: now(),
  });
  await auditAction(db, actor, "staff_unlocked", { accountId: id });
  return { kind: "unlocked" } as const;
}
