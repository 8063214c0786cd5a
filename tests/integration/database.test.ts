import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, schema } from "~/lib/platform/db.server";
import { consumeRateLimit, rateLimits } from "~/lib/platform/rate-limit.server";
import { createTestDatabase, engineName, rowsOf } from "../support/test-database";

// Runs on the embedded PostgreSQL in `npm test` and again on PostgreSQL in CI (TEST_DATABASE_URL):
// the same migrations, the same queries, the same answers.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

describe(`schema and queries on ${engineName()}`, () => {
  it("applies every table of the first migration", async () => {
    const tables = rowsOf<{ tablename: string }>(
      await handle.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
    ).map((row) => row.tablename);
    expect(tables).toEqual(
      expect.arrayContaining([
        "blog_posts",
        "contact_requests",
        "gdpr_submissions",
        "job_listings",
        "login_attempts",
        "mail_outbox",
        "media",
        "newsletter_subscribers",
        "page_views",
        "portfolio_items",
        "profiles",
        "rate_limits",
        "security_events",
        "user_sessions",
        "users",
      ]),
    );
  });

  it("runs the session in UTC", async () => {
    const [row] = rowsOf<{ tz: string }>(await handle.db.execute(sql`select current_setting('TimeZone') as tz`));
    expect(row?.tz).toMatch(/^(UTC|Etc\/UTC|GMT)$/);
  });

  it("stores and reads back blog posts identically, newest first, with unique slugs", async () => {
    const older = new Date("2026-01-02T03:04:05.000Z");
    const newer = new Date("2026-11-21T10:00:00.000Z");
    await handle.db.insert(schema.blogPosts).values([
      {
        title: "Older",
        excerpt: "e",
        author: "A",
        slug: "older",
        content: "p1\np2",
        published: true,
        createdAt: older,
      },
      { title: "Newer", excerpt: "e", author: "B", slug: "newer", content: "x", published: true, createdAt: newer },
      { title: "Draft", excerpt: "e", author: "C", slug: "draft", content: "x", published: false },
    ]);
    const published = await handle.db
      .select({ slug: schema.blogPosts.slug, createdAt: schema.blogPosts.createdAt })
      .from(schema.blogPosts)
      .where(eq(schema.blogPosts.published, true))
      .orderBy(desc(schema.blogPosts.createdAt));
    expect(published).toEqual([
      { slug: "newer", createdAt: newer },
      { slug: "older", createdAt: older },
    ]);
    await expect(
      handle.db
        .insert(schema.blogPosts)
        .values({ title: "Dup", excerpt: "e", author: "A", slug: "older", content: "x" }),
    ).rejects.toThrow();
  });

  it("round-trips JSON lists on job listings", async () => {
    await handle.db.insert(schema.jobListings).values({
      slug: "accountant",
      title: "Accountant",
      location: "Oslo",
      type: "Part-time",
      description: "Keep our books honest.",
      responsibilities: ["Invoices", "VAT returns, «MVA»"],
      applyLink: "mailto:jobs@example.no",
    });
    const [job] = await handle.db.select().from(schema.jobListings).where(eq(schema.jobListings.slug, "accountant"));
    expect(job?.responsibilities).toEqual(["Invoices", "VAT returns, «MVA»"]);
    expect(job?.requirements).toEqual([]);
    expect(job?.published).toBe(true);
  });

  it("rolls back a failed transaction completely", async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(schema.contactRequests).values({ company: "Acme", project: "Site", email: "a@acme.no" });
        await tx.insert(schema.mailOutbox).values({
          messageId: "<dup@test>",
          kind: "contact",
          toAddress: "a@acme.no",
          subject: "s",
          textBody: "t",
        });
        await tx.insert(schema.mailOutbox).values({
          messageId: "<dup@test>",
          kind: "contact",
          toAddress: "a@acme.no",
          subject: "s",
          textBody: "t",
        });
      }),
    ).rejects.toThrow();
    expect(await handle.db.select().from(schema.contactRequests)).toEqual([]);
    expect(await handle.db.select().from(schema.mailOutbox)).toEqual([]);
  });

  it("counts fixed-window rate limits with an atomic upsert", async () => {
    const windowStart = new Date("2026-11-21T10:00:00.000Z");
    for (let i = 0; i < 3; i++) {
      await handle.db
        .insert(schema.rateLimits)
        .values({ bucket: "contact", key: "127.0.0.1", windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [schema.rateLimits.bucket, schema.rateLimits.key, schema.rateLimits.windowStart],
          set: { count: sql`${schema.rateLimits.count} + 1` },
        });
    }
    const [row] = await handle.db
      .select({ count: schema.rateLimits.count })
      .from(schema.rateLimits)
      .where(and(eq(schema.rateLimits.bucket, "contact"), eq(schema.rateLimits.key, "127.0.0.1")));
    expect(row?.count).toBe(3);
  });

  it("weighs a limit over a sliding window: five just before a window's end and a sixth just after is one burst", async () => {
    const end = Date.parse("2026-11-21T10:10:00.000Z"); // a 10-minute window's end
    const at = (ms: number) => new Date(end + ms);
    for (let i = 5; i >= 1; i--) expect((await consumeRateLimit(handle.db, rateLimits.contact, "198.51.100.9", at(-i * 1000))).allowed).toBe(true);
    const sixth = await consumeRateLimit(handle.db, rateLimits.contact, "198.51.100.9", at(1000));
    expect(sixth.allowed).toBe(false);
    expect(sixth.retryAfterSeconds).toBeGreaterThan(60);
    // Someone else is not counted with them, and the five fade as the window slides on.
    expect((await consumeRateLimit(handle.db, rateLimits.contact, "198.51.100.10", at(1000))).allowed).toBe(true);
    expect((await consumeRateLimit(handle.db, rateLimits.contact, "198.51.100.9", at(sixth.retryAfterSeconds * 1000 + 1000))).allowed).toBe(true);
  });
});
