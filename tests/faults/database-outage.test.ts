import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { openPool } from "~/lib/platform/db.server";
import { createUser } from "~/lib/auth/users.server";
import { contactLoad, fetchFrom, pause, signIn, throwawayDatabase, waitUntil } from "../support/fault-load";
import { startPausableProxy } from "../support/pausable-proxy";
import {
  BROWSER_UA,
  killAll,
  makeDataDir,
  removeDataDir,
  type RunningServer,
  startProductionServer,
} from "../support/server-process";

// The database stops for 30 seconds under traffic. The app talks to PostgreSQL through
// a TCP proxy on 127.0.0.1; "stopping the database" resets every connection through it
// and every new one until it is resumed. The app process is never restarted.

const OUTAGE_MS = 30_000;
const UNAVAILABLE = "The service is temporarily unavailable. Please try again in a moment.";
const socketDir = inject("embeddedSocketDir");
const running: RunningServer[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  try {
    await killAll(running);
  } finally {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  }
});

/** Pages a visitor without a session gets from the page cache, and a line each must show. */
const CACHED_PAGES = {
  "/": "Made for you.",
  "/blog": "Before the outage",
  "/careers": "Open Application",
  "/about": "</html>",
  "/contact": "</html>",
};

async function answer(response: Response) {
  const text = await response.text();
  return { status: response.status, text };
}

describe.skipIf(!socketDir || process.env.TEST_DATABASE_URL)("the database away for 30 seconds under traffic", () => {
  it("keeps cached pages up, answers 503 elsewhere, acknowledges nothing it did not commit, and recovers by itself", async () => {
    const database = await throwawayDatabase(socketDir, "outage");
    cleanups.push(database.drop);
    const proxy = await startPausableProxy({ path: path.join(socketDir, ".s.PGSQL.5432") });
    cleanups.push(proxy.close);
    const password = randomBytes(18).toString("base64url");
    const setup = await openPool(database.connection, "embedded");
    await createUser(setup.db, { email: "outage@fjordform.test", fullName: "Outage Tester", password });
    await setup.close();
    const dataDir = makeDataDir("fault-outage");
    cleanups.push(() => removeDataDir(dataDir));
    const server = await startProductionServer({
      DATA_DIR: dataDir,
      DATABASE_URL: database.tcpUrl(proxy.port),
      RATE_LIMIT_MULTIPLIER: "100000",
    });
    running.push(server);
    const { url } = server;
    // Every request of the test itself: a crashed app is reported as such, with its output.
    const get = (path: string, init?: RequestInit) => fetchFrom(server, url + path, init);
    const visit = (path: string) => get(path, { headers: { "user-agent": BROWSER_UA } });
    // Past the page cache: a request with a session cookie is never answered from it (a query
    // string no longer is a way around it, decision 049). The session is no one's.
    const uncached = (path: string) => get(path, { headers: { "user-agent": BROWSER_UA, cookie: "session=no-one" } });

    const cookie = await signIn(url, "outage@fjordform.test", password);
    const staffWrite = (title: string) =>
      get("/api/blog", {
        method: "POST",
        headers: { "content-type": "application/json", cookie, origin: url },
        body: JSON.stringify({ title, excerpt: "Fault test", author: "Outage Tester", content: "Body." }),
      });
    expect((await staffWrite("Before the outage")).status).toBe(201);
    // Rendered once and stored (after the staff write, which clears the cache).
    for (const [page, line] of Object.entries(CACHED_PAGES)) {
      const first = await answer(await visit(page));
      expect(first.status, page).toBe(200);
      expect(first.text, page).toContain(line);
    }

    const load = contactLoad(url, { workers: 4, prefix: "Outage" });
    await waitUntil(() => load.acknowledged >= 20, "20 acknowledged contact requests");

    // ---- the database stops ----
    const pausedAt = Date.now();
    proxy.pause();
    await waitUntil(async () => (await get("/healthz")).status === 503, "/healthz to answer 503", 30_000);

    const seen = { rounds: 0 };
    while (Date.now() < pausedAt + OUTAGE_MS) {
      for (const [page, line] of Object.entries(CACHED_PAGES)) {
        const cached = await visit(page);
        expect(cached.status, `${page} from the cache`).toBe(200);
        expect(cached.headers.get("cache-control"), page).toContain("s-maxage=");
        expect(await cached.text(), page).toContain(line);
      }
      // Past the cache: the blog's own error state, as a 503.
      const blog = await answer(await uncached("/blog"));
      expect(blog.status).toBe(503);
      expect(blog.text).toContain("Error Loading Blog Posts");
      expect(blog.text).toContain("Try Again");

      const api = await get("/api/blog");
      expect(api.status).toBe(503);
      expect(await api.json()).toEqual({ error: UNAVAILABLE });

      const health = await get("/healthz");
      expect(health.status).toBe(503);
      expect(await health.json()).toEqual({ status: "error", database: "postgres" });

      const staff = await staffWrite("During the outage");
      expect(staff.status).toBe(503);
      expect(await staff.json()).toEqual({ error: UNAVAILABLE });
      seen.rounds++;
      await pause(500);
    }
    expect(seen.rounds).toBeGreaterThan(0);
    expect(server.process.exitCode, "the app process stayed up").toBeNull();

    // ---- the database is back ----
    proxy.resume();
    const resumedAt = Date.now();
    await waitUntil(async () => (await get("/healthz")).status === 200, "/healthz to answer 200 again", 60_000);
    const before = load.acknowledged;
    await waitUntil(() => load.acknowledged >= before + 20, "contact requests to be acknowledged again", 60_000);
    expect((await staffWrite("After the outage")).status).toBe(201);
    const blog = await answer(await uncached("/blog"));
    expect(blog.status).toBe(200);
    expect(blog.text).toContain("After the outage");
    expect((await get("/api/blog")).status).toBe(200);
    await load.stop();
    expect(server.process.exitCode, "recovered without a restart").toBeNull();

    // What the visitors were told while it was away: 503 with a clear message, never a 2xx.
    const during = load.answers.filter((a) => a.sentAt > pausedAt && a.at < resumedAt);
    expect(during.length).toBeGreaterThan(0);
    expect(during.filter((a) => a.status !== 503)).toEqual([]);
    expect(new Set(during.map((a) => a.error))).toEqual(new Set([UNAVAILABLE]));
    // Around the edges: 201 or 503, nothing else (no 500).
    expect(load.answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);

    // Every acknowledged request is stored, with its e-mails; the refused staff write is not.
    const client = new pg.Client(database.connection);
    await client.connect();
    try {
      const { rows } = await client.query<{ company: string }>("select company from contact_requests");
      const stored = new Set(rows.map((row) => row.company));
      expect(load.companies.filter((company) => !stored.has(company))).toEqual([]);
      const mail = await client.query<{ to_address: string }>("select to_address from mail_outbox");
      const mailed = new Set(mail.rows.map((row) => row.to_address));
      expect(load.emails.filter((email) => !mailed.has(email)), "receipts of acknowledged requests").toEqual([]);
      const posts = await client.query<{ title: string }>("select title from blog_posts order by title");
      expect(posts.rows.map((row) => row.title)).toEqual(["After the outage", "Before the outage"]);
    } finally {
      await client.end();
    }
  });
});
