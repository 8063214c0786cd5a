import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import { schema } from "~/lib/platform/db.server";
import { listPortfolioItems, movePortfolioItem, setPortfolioOrder } from "~/lib/showcase/portfolio-admin.server";
import { engineName, rowsOf, setUpTestDatabase } from "../support/test-database";

// The showcase's order when two changes to it arrive at the same moment (two staff, or a
// double click that sends two posts): each is applied to the order the other left, and
// neither is lost. The changes are held at the start line by a transaction that locks
// every row, started together, and let go once both are waiting.
const handle = setUpTestDatabase();
const p = schema.portfolioItems;
let actor: { userId: string; name: string; ip: string; userAgent: string };
let ids: Record<string, string>;

beforeEach(async () => {
  const user = await createUser(handle.db, {
    email: "kari@fjordform.test",
    fullName: "Kari",
    password: "a long enough pass",
  });
  actor = { userId: user.id, name: "Kari", ip: "192.0.2.7", userAgent: "vitest" };
  const rows = await handle.db
    .insert(p)
    .values(
      ["A", "B", "C", "D"].map((title, index) => ({
        title,
        slug: title.toLowerCase(),
        videoMp4: `/media/${title}.mp4`,
        poster: `/media/${title}.webp`,
        posterJpeg: `/media/${title}.jpg`,
        sortOrder: index,
      })),
    )
    .returning({ id: p.id, title: p.title });
  ids = Object.fromEntries(rows.map((row) => [row.title, row.id]));
});

const order = async () => (await listPortfolioItems(handle.db, 1)).rows.map((row) => row.title);

/** How many other connections of this database wait for a lock. */
async function waiting() {
  const rows = rowsOf<{ n: number }>(
    await handle.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    ),
  );
  return rows[0]?.n ?? 0;
}

/** Runs `changes` while every row is locked, and lets go once `changes.length` of them wait. */
async function atOnce<T>(changes: Array<() => Promise<T>>): Promise<T[]> {
  let started: Promise<T[]> | undefined;
  await handle.db.transaction(async (tx) => {
    await tx.select({ id: p.id }).from(p).for("update");
    started = Promise.all(changes.map((change) => change()));
    // A readiness signal with a generous ceiling, not a sleep: both are queued on a lock.
    const deadline = Date.now() + 30_000;
    while ((await waiting()) < changes.length) {
      if (Date.now() > deadline) throw new Error("the changes never queued on the lock");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  return started!;
}

describe(`the showcase order under concurrent changes on ${engineName()}`, () => {
  it("two Flytt opp on the same project at the same moment move it two places, both audited", async () => {
    expect(await atOnce([0, 1].map(() => () => movePortfolioItem(handle.db, ids.D!, "up", actor)))).toEqual([
      true,
      true,
    ]);
    expect(await order()).toEqual(["A", "D", "B", "C"]);
    const moves = await handle.db
      .select({ details: schema.securityEvents.details })
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "portfolio_item_moved"))
      .orderBy(asc(schema.securityEvents.createdAt));
    expect(
      moves.map((event) => event.details).sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y))),
    ).toEqual([
      { itemId: ids.D, slug: "d", from: 3, to: 2 },
      { itemId: ids.D, slug: "d", from: 4, to: 3 },
    ]);
  });

  it("a Flytt opp and a drag and drop at the same moment both take effect", async () => {
    const [moved, saved] = await atOnce<unknown>([
      () => movePortfolioItem(handle.db, ids.D!, "up", actor),
      () => setPortfolioOrder(handle.db, [ids.B!, ids.A!], actor),
    ]);
    expect([moved, saved]).toEqual([true, { kind: "saved", changed: true }]);
    // Either order gives the same list: D one place up, A and B swapped.
    expect(await order()).toEqual(["B", "A", "D", "C"]);
  });

  it("a Flytt opp and a Flytt ned on neighbours at the same moment end as if one came after the other", async () => {
    expect(
      await atOnce([
        () => movePortfolioItem(handle.db, ids.C!, "up", actor),
        () => movePortfolioItem(handle.db, ids.A!, "down", actor),
      ]),
    ).toEqual([true, true]);
    // C up then A down, or A down then C up: never a list where one of them did not happen.
    expect([["C", "A", "B", "D"].join(), ["B", "C", "A", "D"].join()]).toContain((await order()).join());
  });
});
