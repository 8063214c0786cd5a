import { spawn } from "node:child_process";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterEach, describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase, schema } from "~/lib/platform/db.server";
import { randomToken } from "~/lib/platform/tokens.server";
import { findByUnsubscribeToken, upgradeUnsubscribeTokens } from "~/lib/visitor-forms/newsletter.server";
import { makeDataDir, removeDataDir } from "../support/server-process";
import { withMigrationsUpTo } from "../support/shared-database";

// A site that ran on the PGlite default of earlier versions keeps its data: the
// import command copies it into the embedded PostgreSQL.
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await removeDataDir(dir);
});

function runImport(dataDir: string, source: string) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/import-pglite.ts", source], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error" },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe("npm run db:import-pglite", () => {
  it("copies every table of an old PGlite folder, keeping ids, dates, flags and sequences", async () => {
    const dataDir = makeDataDir("import-test");
    dirs.push(dataDir);
    const source = path.join(dataDir, "pglite-old");

    const old = new PGlite(source);
    const oldDb = drizzle({ client: old, schema });
    await migrate(oldDb, { migrationsFolder });
    const [user] = await oldDb.insert(schema.users).values({ email: "kari@fjordform.no", passwordHash: "$argon2id$x" }).returning();
    await oldDb.insert(schema.profiles).values({ id: user!.id, fullName: "Kari Nordmann" });
    const writtenAt = new Date("2026-03-01T10:15:00.123Z");
    await oldDb.insert(schema.blogPosts).values({
      title: "Lokal KI – «hvorfor»",
      excerpt: "Æ, ø og å",
      author: "Kari",
      slug: "lokal-ki",
      content: "Første avsnitt.\nAndre.",
      published: true,
      createdAt: writtenAt,
    });
    await oldDb.insert(schema.pageViews).values([{ path: "/" }, { path: "/work" }, { path: "/blog" }]);
    // Written before the leads inbox existed: a contact request without a lead.
    const [request] = await oldDb
      .insert(schema.contactRequests)
      .values({ company: "Fjell AS", project: "Intranett", email: "eva@fjell.no" })
      .returning();
    await old.close();

    const result = await runImport(dataDir, source);
    expect(result.output).toContain("Imported");
    expect(result.code).toBe(0);

    const handle = await openDatabase({ dataDir });
    try {
      const [post] = await handle.db.select().from(schema.blogPosts).where(eq(schema.blogPosts.slug, "lokal-ki"));
      expect(post).toMatchObject({ title: "Lokal KI – «hvorfor»", excerpt: "Æ, ø og å", published: true });
      expect(post!.createdAt.toISOString()).toBe(writtenAt.toISOString());
      const [profile] = await handle.db.select().from(schema.profiles).where(eq(schema.profiles.id, user!.id));
      expect(profile?.fullName).toBe("Kari Nordmann");
      // The bigserial continues after the copied ids instead of colliding with them.
      const views = await handle.db.select().from(schema.pageViews);
      expect(views.map((view) => view.path).sort()).toEqual(["/", "/blog", "/work"]);
      const [next] = await handle.db.insert(schema.pageViews).values({ path: "/about" }).returning();
      expect(next!.id).toBeGreaterThan(Math.max(...views.map((view) => view.id)));
      // It arrives in the staff inbox as a lead, already read (staff had it by e-mail).
      const leads = await handle.db.select().from(schema.leads);
      expect(leads).toEqual([expect.objectContaining({ kind: "contact", contactRequestId: request!.id, status: "new" })]);
      expect(leads[0]!.readAt).not.toBeNull();
    } finally {
      await handle.close();
    }
  });

  it("keeps the unsubscribe links of e-mails sent before tokens were stored as keyed hashes", async () => {
    const dataDir = makeDataDir("import-test");
    dirs.push(dataDir);
    const source = path.join(dataDir, "pglite-old");
    const old = new PGlite(source);
    // A PGlite database is from before issue 12: the token in clear, in a column now gone.
    await withMigrationsUpTo("0003_login-ip-key", (folder) => migrate(drizzle({ client: old }), { migrationsFolder: folder }));
    const token = randomToken();
    await old.query(
      `insert into newsletter_subscribers (email, status, consent_text, unsubscribe_token) values ('kari@example.no', 'active', 'yes', $1)`,
      [token],
    );
    await old.close();

    const result = await runImport(dataDir, source);
    expect(result.code, result.output).toBe(0);

    const handle = await openDatabase({ dataDir });
    try {
      await upgradeUnsubscribeTokens(handle.db); // what the next server start does
      expect(await findByUnsubscribeToken(handle.db, token)).toEqual({ email: "kari@example.no", status: "active" });
    } finally {
      await handle.close();
    }
  });
});
