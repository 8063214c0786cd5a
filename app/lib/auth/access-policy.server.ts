import { eq, sql } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { type TwoStepPolicy, twoStepRequiredFor } from "./access-policy";
import { auditAction, type StaffActor } from "./security-events.server";
import type { Role } from "./roles";

/**
 * The studio's two-step policy (decision 059): off, owners and editors, or everyone. One
 * row, read on every staff request that needs it (a primary-key lookup; no cache, so a
 * change counts at once on every instance).
 */
const { accessPolicy: policy } = schema;

export async function getTwoStepPolicy(db: Database): Promise<TwoStepPolicy> {
  const [row] = await db.select({ twoStep: policy.twoStep }).from(policy).where(eq(policy.id, 1));
  return row?.twoStep ?? "off";
}

export async function setTwoStepPolicy(db: Database, value: TwoStepPolicy, actor: StaffActor) {
  return db.transaction(async (tx) => {
    const before = await getTwoStepPolicy(tx);
    if (before === value) return { kind: "unchanged" } as const;
    await tx
      .insert(policy)
      .values({ id: 1, twoStep: value, updatedBy: actor.userId, updatedAt: now() })
      .onConflictDoUpdate({ target: policy.id, set: { twoStep: value, updatedBy: actor.userId, updatedAt: now() } });
    await auditAction(tx, actor, "two_step_policy_changed", { from: before, to: value });
    return { kind: "changed" } as const;
  });
}

/**
 * Whether this account must enrol in two-step verification before anything else: the
 * policy covers its role and it has no confirmed factor: an authenticator app or a passkey
 * (decision 065). One query for all.
 */
export async function owesTwoStepEnrolment(db: Database, account: { userId: string; role: Role }) {
  const { rows } = await db.execute<{ policy: TwoStepPolicy | null; enrolled: boolean }>(sql`
    select (select two_step from ${policy} where id = 1) as policy,
      (exists (select 1 from ${schema.mfaFactors} f where f.user_id = ${account.userId} and f.confirmed_at is not null)
        or exists (select 1 from ${schema.passkeys} p where p.user_id = ${account.userId})) as enrolled`);
  const [row] = rows;
  return twoStepRequiredFor(row?.policy ?? "off", account.role) && !row?.enrolled;
}
