import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { verifyPassword } from "~/lib/auth/password.server";
import { runSeeds } from "~/lib/platform/seed.server";
import { countUsers, createUser, ensureFirstUser, UserExistsError } from "~/lib/auth/users.server";
import { createTestDatabase, engineName } from "../support/test-database";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe(`staff accounts and seeding on ${engineName()}`, () => {
  it("creates the first staff account once, with a random password that works", async () => {
    const first = await ensureFirstUser(handle.db);
    expect(first?.email).toBe("admin@fjordform.no");
    expect(first?.password).toHaveLength(24);
    const [user] = await handle.db.select().from(schema.users).where(eq(schema.users.email, "admin@fjordform.no"));
    expect(user?.passwordHash).not.toContain(first!.password);
    expect(await verifyPassword(user!.passwordHash!, first!.password)).toBe(true);
    // A second start finds the account and creates nothing.
    expect(await ensureFirstUser(handle.db)).toBeUndefined();
    expect(await countUsers(handle.db)).toBe(1);
  });

  it("creates a user with a profile, e-mail normalised, and refuses duplicates and short passwords", async () => {
    const user = await createUser(handle.db, {
      email: "  Kari@Example.NO ",
      fullName: "Kari Nordmann",
      password: "a long enough pass",
    });
    expect(user.email).toBe("kari@example.no");
    const [profile] = await handle.db.select().from(schema.profiles).where(eq(schema.profiles.id, user.id));
    expect(profile?.fullName).toBe("Kari Nordmann");
    await expect(createUser(handle.db, { email: "kari@example.no", password: "another long pass" })).rejects.toThrow(
      UserExistsError,
    );
    await expect(createUser(handle.db, { email: "new@example.no", password: "short" })).rejects.toThrow(/at least 12/);
  });

  it("seeds the nine showcase items once, however often start-up runs", async () => {
    await runSeeds(handle.db);
    await runSeeds(handle.db);
    const items = await handle.db.select().from(schema.portfolioItems).orderBy(schema.portfolioItems.sortOrder);
    expect(items.map((item) => item.title)).toEqual([
      "Dashboard",
      "App",
      "Website",
      "Game",
      "Landing Page",
      "Demo",
      "Webapp",
      "Automation",
      "Production",
    ]);
  });
});
