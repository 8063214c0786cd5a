import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, schema } from "~/lib/db.server";
import { BROWSER_UA, type RunningServer, runServerToExit, startProductionServer } from "../support/server-process";

// These start the real production server (`node server.js`) on the embedded database.
const running: RunningServer[] = [];
const dirs: string[] = [];
function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "server-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.process.exitCode === null) server.process.kill("SIGKILL");
    await server.exited;
  }
  dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

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

  it("loses no acknowledged write when killed with SIGKILL, and restarts on the same folder", async () => {
    const dataDir = tempDataDir();
    const server = await startProductionServer({ DATA_DIR: dataDir });
    running.push(server);

    // Every public page a visitor receives is recorded as a page view before it is sent.
    let acknowledged = 0;
    let killed = false;
    const worker = async () => {
      while (!killed) {
        try {
          const response = await fetch(`${server.url}/`, { headers: { "user-agent": BROWSER_UA } });
          await response.text();
          if (response.status === 200) acknowledged++;
          if (acknowledged >= 150 && !killed) {
            killed = true;
            server.process.kill("SIGKILL");
          }
        } catch {
          return; // the connection died with the server
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await server.exited;
    expect(acknowledged).toBeGreaterThanOrEqual(150);

    // The killed server left its lock behind; a new one takes it over and serves.
    const restarted = await startProductionServer({ DATA_DIR: dataDir });
    running.push(restarted);
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
    restarted.process.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);

    const handle = await openDatabase({ dataDir });
    try {
      const [row] = await handle.db.select({ value: count() }).from(schema.pageViews);
      expect(row?.value ?? 0).toBeGreaterThanOrEqual(acknowledged);
    } finally {
      await handle.close();
    }
  }, 90_000);

  it("a fresh site says 'No blog posts yet' and lists the seeded jobs", async () => {
    const server = await startProductionServer({ DATA_DIR: tempDataDir() });
    running.push(server);
    expect(await (await fetch(`${server.url}/blog`)).text()).toContain("No blog posts yet");
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
    const inFlight = fetch(`${server.url}/`, { headers: { "user-agent": BROWSER_UA } });
    await new Promise((resolve) => setTimeout(resolve, 5));
    server.process.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Made for you.");
    expect(await server.exited).toBe(0);
  });
});
