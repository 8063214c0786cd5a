import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { StaffActor } from "~/lib/auth/security-events.server";
import { createUser } from "~/lib/auth/users.server";
import { setClockOffset } from "~/lib/platform/clock.server";
import { schema } from "~/lib/platform/db.server";
import { dismissTwoStepNudge, showTwoStepNudge } from "~/lib/staff/two-step-nudge.server";
import { setUpTestDatabase } from "../support/test-database";

const handle = setUpTestDatabase();
const DAY = 24 * 60 * 60_000;

async function staff(email: string): Promise<StaffActor> {
  const user = await createUser(handle.db, { email, fullName: "Kari Nordmann", password: "a long enough password" });
  return { userId: user.id, name: "Kari Nordmann", ip: "192.0.2.40", userAgent: "vitest" };
}

describe("the dashboard's nudge to turn on two-step verification", () => {
  it("is put away per account by “Ikke nå”, audited, and comes back after 30 days", async () => {
    const kari = await staff("kari@fjordform.test");
    const ola = await staff("ola@fjordform.test");
    expect(await showTwoStepNudge(handle.db, kari.userId)).toBe(true);

    await dismissTwoStepNudge(handle.db, kari);
    expect(await showTwoStepNudge(handle.db, kari.userId)).toBe(false);
    expect(await showTwoStepNudge(handle.db, ola.userId), "another account still sees it").toBe(true);
    const [user] = await handle.db.select().from(schema.users).where(eq(schema.users.id, kari.userId));
    expect(user!.twoStepNudgeDismissedAt).toBeInstanceOf(Date);
    const events = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "two_step_nudge_dismissed"));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ userId: kari.userId, ipAddress: "192.0.2.40" });

    setClockOffset(29 * DAY);
    expect(await showTwoStepNudge(handle.db, kari.userId)).toBe(false);
    setClockOffset(30 * DAY + 60_000);
    expect(await showTwoStepNudge(handle.db, kari.userId)).toBe(true);
  });

  it("never shows once two-step verification is on, and not for a factor still being set up", async () => {
    const kari = await staff("kari@fjordform.test");
    const [factor] = await handle.db
      .insert(schema.mfaFactors)
      .values({ userId: kari.userId, secret: "not used here" })
      .returning({ id: schema.mfaFactors.id });
    expect(await showTwoStepNudge(handle.db, kari.userId), "an unconfirmed factor is not two-step verification").toBe(
      true,
    );
    await handle.db
      .update(schema.mfaFactors)
      .set({ confirmedAt: new Date() })
      .where(eq(schema.mfaFactors.id, factor!.id));
    expect(await showTwoStepNudge(handle.db, kari.userId)).toBe(false);
  });
});
