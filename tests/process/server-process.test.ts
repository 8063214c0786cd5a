import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, schema } from "~/lib/platform/db.server";
import {
  BROWSER_UA,
  killAll,
  makeDataDir,
  postmasterPid,
  removeDataDir,
  type RunningServer,
  runServerToExit,
  startProductionServer,
} from "../support/server-process";

// These start the real production server (`node server.js`) on the embedded PostgreSQL.
const running: RunningServer[] = [];
const dirs: string[] = [];
function tempDataDir() {
  const dir = makeDataDir("server-test");
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  try {
    await killAll(running);
  } finally {
    for (const dir of dirs.splice(0)) await removeDataDir(dir);
  }
});

/** Contact requests from `workers` parallel clients until `stop()`; counts the 201s. */
function contactLoad(url: string, workers = 8) {
  let acknowledged = 0;
  let stopped = false;
  const companies: string[] = [];
  const worker = async (w: number) => {
    for (let i = 0; !stopped; i++) {
      const company = `Load ${w}-${i}`;
      try {
        const response = await fetch(`${url}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json", "user-agent": BROWSER_UA },
          body: JSON.stringify({ company, project: "Durability", email: `load${w}.${i}@example.no` }),
        });
        await response.text();
        if (response.status === 201) {
          acknowledged++;
          companies.push(company);
        }
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20)); // the server is away: try again
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return {
    get acknowledged() {
      return acknowledged;
    },
    companies,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

async function waitUntil(check: () => boolean | Promise<boolean>, what: string, ceilingMs = 120_000) {
  const deadline = Date.now() + ceilingMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function storedCompanies(dataDir: string) {
  const handle = await openDatabase({ dataDir });
  try {
    const rows = await handle.db.select({ company: schema.contactRequests.company }).from(schema.contactRequests);
    return new Set(rows.map((row) => row.company));
  } finally {
    await handle.close();
  }
}

describe("production server process", () => {
  it("refuses to start a second server on the same data folder", async () => {
    const dataDir = tempDataDir();
    const first = await startProductionServer({ DATA_DIR: dataDir });
    running.push(first);
    const second = await runServerToExit({ DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.output).toContain("is in use by another server");
    // The first one is unharmed.
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
  });

  it("stops with a message naming the variable when a setting is wrong", async () => {
    const result = await runServerToExit({ DATA_DIR: tempDataDir(), SITE_URL: "fjordform.no" });
    expect(result.code).toBe(1);
    expect(result.output).toContain("SITE_URL");
  });

  it("loses no acknowledged write when killed with SIGKILL, and starts cleanly on the same folder", async () => {
    const dataDir = tempDataDir();
    const server = await startProductionServer({ DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: "100000" });
    running.push(server);
    const load = contactLoad(server.url);
    await waitUntil(() => load.acknowledged >= 100, "100 acknowledged contact requests");
    server.process.kill("SIGKILL");
    await server.exited;
    await load.stop();
    // The killed server's PostgreSQL outlives it; the next start must deal with that itself.
    expect(postmasterPid(dataDir)).toBeDefined();

    const restarted = await startProductionServer({ DATA_DIR: dataDir });
    running.push(restarted);
    expect(restarted.output()).toContain("left over from a server that was killed");
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
    restarted.process.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);
    // A clean stop takes the database down with it.
    expect(postmasterPid(dataDir)).toBeUndefined();

    const stored = await storedCompanies(dataDir);
    const lost = load.companies.filter((company) => !stored.has(company));
    expect(lost).toEqual([]);
  });

  it("answers 503 while its PostgreSQL is down, restarts it, and loses no acknowledged write", async () => {
    const dataDir = tempDataDir();
    const server = await startProductionServer({ DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: "100000" });
    running.push(server);
    const load = contactLoad(server.url, 4);
    await waitUntil(() => load.acknowledged >= 50, "50 acknowledged contact requests");

    const firstPid = postmasterPid(dataDir)!;
    process.kill(firstPid, "SIGKILL");
    await waitUntil(async () => (await fetch(`${server.url}/healthz`)).status === 503, "/healthz to answer 503");
    await waitUntil(
      async () => (await fetch(`${server.url}/healthz`)).status === 200,
      "/healthz to answer 200 again",
    );
    expect(postmasterPid(dataDir)).not.toBe(firstPid);
    expect(server.output()).toContain("stopped unexpectedly");
    const before = load.acknowledged;
    await waitUntil(() => load.acknowledged >= before + 20, "writes to succeed again");
    await load.stop();

    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const stored = await storedCompanies(dataDir);
    expect(load.companies.filter((company) => !stored.has(company))).toEqual([]);
  });

  it("npm run user:create works while the server runs, through its socket", async () => {
    const dataDir = tempDataDir();
    const server = await startProductionServer({ DATA_DIR: dataDir });
    running.push(server);
    const created = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/create-user.ts", "--email", "ola@fjordform.test", "--name", "Ola Nordmann"],
      { env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error" }, encoding: "utf8", timeout: 120_000 },
    );
    expect(created.stdout).toContain("Created staff user ola@fjordform.test");
    expect(created.status).toBe(0);
    const password = /Password \(shown once\): (\S+)/.exec(created.stdout)?.[1];
    // The new account signs in on the running server at once.
    const signIn = await fetch(`${server.url}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: "ola@fjordform.test", password: password! }),
      redirect: "manual",
    });
    expect(signIn.headers.getSetCookie().join(";")).toContain("session=");
    // The script left the server's database running.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it("refuses a folder written by PGlite, saying how to move the data", async () => {
    const dataDir = tempDataDir();
    // What PGlite leaves: a PostgreSQL-shaped folder never started by a postmaster.
    fs.mkdirSync(path.join(dataDir, "pg", "base"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "pg", "PG_VERSION"), "18\n");
    const result = await runServerToExit({ DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.output).toContain("written by PGlite");
    expect(result.output).toContain("npm run db:import-pglite");
  });

  it("a fresh site says 'No blog posts yet' and lists the seeded jobs", async () => {
    const server = await startProductionServer({ DATA_DIR: tempDataDir() });
    running.push(server);
    const blog = await (await fetch(`${server.url}/blog`)).text();
    expect(blog).toContain("No blog posts yet");
    // Not a bare line: the empty blog leads to the newsletter sign-up (the footer's form).
    expect(blog).toContain('href="#newsletter"');
    expect(blog).toMatch(/<form[^>]*id="newsletter"/);
    const careers = await (await fetch(`${server.url}/careers`)).text();
    for (const title of ["Open Application", "Part-time Animator", "Accountant"]) expect(careers).toContain(title);
    // Without TEST_HOOKS the test hooks do not exist, and the fault header does nothing.
    const hook = await fetch(`${server.url}/__test/clock`, { method: "POST", body: JSON.stringify({ offsetMs: 1e9 }) });
    expect(hook.status).toBe(404);
    const faulty = await fetch(`${server.url}/blog`, { headers: { "x-test-fault": "database-down" } });
    expect(faulty.status).toBe(200);
  });

  it("finishes a request in flight when asked to stop with SIGTERM", async () => {
    const server = await startProductionServer({ DATA_DIR: tempDataDir() });
    running.push(server);
    // A form post whose body is sent only after the signal. "Expect: 100-continue" makes
    // the server say when it has read the headers: from then on the request is
    // certainly in flight, however slow this machine is.
    const body = new URLSearchParams({ email: "in-flight@example.no", back: "/" }).toString();
    const request = http.request(`${server.url}/newsletter/subscribe`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "content-length": Buffer.byteLength(body),
        expect: "100-continue",
        origin: server.url,
        "user-agent": BROWSER_UA,
      },
    });
    const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
      request.on("response", resolve);
      request.on("error", reject);
    });
    await new Promise((resolve) => request.once("continue", resolve));
    server.process.kill("SIGTERM");
    request.end(body);
    const response = await answered;
    response.resume();
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/[?&]newsletter=subscribed/);
    expect(await server.exited).toBe(0);
  });
});
