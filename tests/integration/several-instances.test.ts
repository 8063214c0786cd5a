import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLoginAttempts, LOCKOUT, signIn } from "~/lib/auth/login.server";
import { createUser } from "~/lib/auth/users.server";
import { type DatabaseHandle, openPool, schema } from "~/lib/platform/db.server";
import { runRetentionRound } from "~/lib/platform/retention.server";
import { engineName, setUpTestDatabase } from "../support/test-database";

// Two connection pools on one database stand for two app instances behind a load
// balancer: nothing in one process's memory (the sign-in queue is per pool) helps the
// other. What must hold across instances is held by PostgreSQL's advisory locks.

const handle = setUpTestDatabase();
let other: DatabaseHandle;
beforeAll(async () => {
  other = await openPool(handle.connection, handle.kind);
});
afterAll(async () => {
  await other?.close();
});

const EMAIL = "kari@fjordform.test";
const PASSWORD = "correct horse battery staple";
const GUESSES = 24;

describe(`sign-in across instances (${engineName()})`, () => {
  it("parallel wrong passwords spread over two pools lock the account after exactly 5 failures", async () => {
    await createUser(handle.db, { email: EMAIL, fullName: "Kari", password: PASSWORD });
    // Each guess from its own address, so only the per-account lock serialises them
    // (the per-network lock and the IP throttle do not come into it).
    const results = await Promise.all(
      Array.from({ length: GUESSES }, (_, i) =>
        signIn(
          (i % 2 ? other : handle).db,
          { email: EMAIL, password: `wrong guess ${i}` },
          { ip: `198.51.100.${i + 1}`, userAgent: "Mozilla/5.0 test" },
        ),
      ),
    );

    const kinds = results.map((r) => (r.kind === "locked" && r.justLocked ? "just locked" : r.kind));
    expect(kinds.filter((k) => k === "invalid")).toHaveLength(LOCKOUT.maxFailures - 1);
    expect(kinds.filter((k) => k === "just locked")).toHaveLength(1);
    expect(kinds.filter((k) => k === "locked")).toHaveLength(GUESSES - LOCKOUT.maxFailures);

    const attempts = await handle.db
      .select({ error: schema.loginAttempts.errorMessage })
      .from(schema.loginAttempts)
      .where(eq(schema.loginAttempts.email, EMAIL));
    const count = (error: string) => attempts.filter((a) => a.error === error).length;
    expect(count("invalid_credentials"), "passwords checked before the lock").toBe(LOCKOUT.maxFailures);
    expect(count("account_locked"), "refused unchecked while locked").toBe(GUESSES - LOCKOUT.maxFailures);
    const locks = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "account_locked"));
    expect(locks).toHaveLength(1);
    expect(await checkLoginAttempts(other.db, EMAIL)).toMatchObject({
      is_locked: true,
      attempts_count: LOCKOUT.maxFailures,
    });
    // The right password is refused on either instance.
    const meta = { ip: "203.0.113.7", userAgent: "Mozilla/5.0 test" };
    expect((await signIn(handle.db, { email: EMAIL, password: PASSWORD }, meta)).kind).toBe("locked");
    expect((await signIn(other.db, { email: EMAIL, password: PASSWORD }, meta)).kind).toBe("locked");
  });

  it("parallel sign-ins for different accounts from different addresses do not wait for each other's lock", async () => {
    const emails = ["a@fjordform.test", "b@fjordform.test", "c@fjordform.test", "d@fjordform.test"];
    for (const email of emails) await createUser(handle.db, { email, fullName: "Staff", password: PASSWORD });
    const results = await Promise.all(
      emails.map((email, i) =>
        signIn(
          (i % 2 ? other : handle).db,
          { email, password: PASSWORD },
          { ip: `192.0.2.${i + 1}`, userAgent: "test" },
        ),
      ),
    );
    expect(results.map((r) => r.kind)).toEqual(["success", "success", "success", "success"]);
  });
});

const DAY = 24 * 60 * 60 * 1000;

describe(`retention across instances (${engineName()})`, () => {
  it("a round runs on one instance at a time: while another holds the lock this one skips", async () => {
    const old = new Date(Date.now() - 91 * DAY);
    await handle.db.insert(schema.loginAttempts).values({ email: "old@x.no", success: false, createdAt: old });

    // Another instance in the middle of its round: a transaction holding the lock.
    const busy = new pg.Client(handle.connection);
    await busy.connect();
    try {
      await busy.query("begin");
      const held = await busy.query("select pg_try_advisory_xact_lock(hashtextextended('retention', 0)) as locked");
      expect(held.rows[0].locked).toBe(true);

      expect(await runRetentionRound(handle.db)).toBe("skipped");
      expect(await runRetentionRound(other.db)).toBe("skipped");
      expect(await handle.db.select().from(schema.loginAttempts)).toHaveLength(1);

      await busy.query("commit"); // that round is over
    } finally {
      await busy.end();
    }
    expect(await runRetentionRound(other.db)).toBe("ran");
    expect(await handle.db.select().from(schema.loginAttempts)).toHaveLength(0);
    // The lock went with the round's transaction: the next round runs too.
    expect(await runRetentionRound(handle.db)).toBe("ran");
  });

  it("two instances starting a round at once: each old row is deleted, and no round fails", async () => {
    const old = new Date(Date.now() - 91 * DAY);
    await handle.db
      .insert(schema.loginAttempts)
      .values(Array.from({ length: 50 }, (_, i) => ({ email: `old${i}@x.no`, success: false, createdAt: old })));
    const outcomes = await Promise.all([runRetentionRound(handle.db), runRetentionRound(other.db)]);
    expect(outcomes).toContain("ran");
    expect(await handle.db.select().from(schema.loginAttempts)).toHaveLength(0);
  });
});
