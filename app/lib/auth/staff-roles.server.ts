import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { ForbiddenError, NotFoundError } from "../platform/domain-errors";
import { isUuid } from "../platform/ids";
import type { Role } from "./roles";
import { auditAction, type StaffActor } from "./security-events.server";

/**
 * Roles on the Team page (decision 059). Only an owner assigns them (the route's
 * permission, and checked again here); nobody changes their own (so nobody raises it);
 * and at least one active owner always remains. The active owners are locked while
 * counting, in the same transaction as the change and as a deactivation
 * (staff-accounts.server.ts), so two owners demoting each other at once cannot both win.
 */
const { users: u } = schema;

export type RoleChangeResult =
  { kind: "changed"; from: Role; to: Role } | { kind: "self" | "last-owner" | "unchanged" };

export const NOT_AN_OWNER = "Bare en eier kan endre roller.";
const ACCOUNT_GONE = "Kontoen finnes ikke.";

/** The other active owners (signed in at least once, not deactivated), locked until the transaction ends. */
export async function lockOtherActiveOwners(tx: Database, exceptId: string) {
  const owners = await tx
    .select({ id: u.id })
    .from(u)
    .where(and(eq(u.role, "owner"), isNull(u.disabledAt), isNotNull(u.passwordHash)))
    .for("update");
  return owners.filter((row) => row.id !== exceptId);
}

export async function changeStaffRole(
  db: Database,
  id: string,
  role: Role,
  actor: StaffActor,
): Promise<RoleChangeResult> {
  if (actor.role !== undefined && actor.role !== "owner") throw new ForbiddenError(NOT_AN_OWNER);
  if (!isUuid(id)) throw new NotFoundError(ACCOUNT_GONE);
  if (id === actor.userId) return { kind: "self" };
  const result = await db.transaction(async (tx) => {
    const others = await lockOtherActiveOwners(tx, id);
    const [target] = await tx
      .select({ role: u.role, disabledAt: u.disabledAt, passwordHash: u.passwordHash })
      .from(u)
      .where(eq(u.id, id))
      .for("update");
    if (!target) throw new NotFoundError(ACCOUNT_GONE);
    if (target.role === role) return { kind: "unchanged" } as const;
    const activeOwner = target.role === "owner" && !target.disabledAt && target.passwordHash !== null;
    if (activeOwner && others.length === 0) return { kind: "last-owner" } as const;
    await tx.update(u).set({ role, updatedAt: now() }).where(eq(u.id, id));
    return { kind: "changed", from: target.role, to: role } as const;
  });
  if (result.kind === "changed") {
    await auditAction(db, actor, "staff_role_changed", { accountId: id, from: result.from, to: result.to });
  }
  return result;
}
