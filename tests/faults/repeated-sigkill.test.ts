import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, schema } from "~/lib/platform/db.server";
import { contactLoad, waitUntil } from "../support/fault-load";
import {
  killAll,
  makeDataDir,
  postmasterPid,
  removeDataDir,
  type RunningServer,
  startProductionServer,
} from "../support/server-process";

// SIGKILL of the app under write load, ten times in a row on one DATA_DIR (the
// embedded PostgreSQL outlives each kill; the next start must deal with it).

const ROUNDS = 10;
const running: RunningServer[] = [];
const dirs: string[] = [];
afterEach(async () => {
  try {
    await killAll(running);
  } finally {
    for (const dir of dirs.splice(0)) await removeDataDir(dir);
  }
});

/** The companies and the mail recipients in the database, read through the running server's socket. */
async function stored(dataDir: string) {
  const handle = await openDatabase({ dataDir });
  try {
    const companies = await handle.db.select({ company: schema.contactRequests.company }).from(schema.contactRequests);
    const mail = await handle.db.select({ to: schema.mailOutbox.toAddress }).from(schema.mailOutbox);
    return { companies: new Set(companies.map((row) => row.company)), recipients: new Set(mail.map((row) => row.to)) };
  } finally {
    await handle.close();
  }
}

describe("SIGKILL under write load, ten times on the same data folder", () => {
  it("keeps every acknowledged write after each restart", async () => {
    const dataDir = makeDataDir("fault-sigkill");
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir, RATE_LIMIT_MULTIPLIER: "100000" };
    const acknowledged: string[] = [];
    const receipts: string[] = [];

    let server = await startProductionServer(env);
    running.push(server);
    for (let round = 1; round <= ROUNDS; round++) {
      const load = contactLoad(server.url, { workers: 6, prefix: `Kill ${round}` });
      // A different amount of work before each kill, so the kills land at different moments.
      await waitUntil(() => load.acknowledged >= 10 + 7 * round, `round ${round}: acknowledged contact requests`);
      server.process.kill("SIGKILL");
      expect(await server.exited).toBeNull(); // killed, no exit code
      await load.stop();
      acknowledged.push(...load.companies);
      receipts.push(...load.emails);
      expect(postmasterPid(dataDir), `round ${round}: the database outlived the app`).toBeDefined();

      server = await startProductionServer(env);
      running.push(server);
      expect(server.output(), `round ${round}`).toContain("left over from a server that was killed");
      const { companies, recipients } = await stored(dataDir);
      expect(acknowledged.filter((company) => !companies.has(company)), `round ${round}: lost writes`).toEqual([]);
      expect(receipts.filter((to) => !recipients.has(to)), `round ${round}: lost e-mails`).toEqual([]);
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS * 10);

    // And a clean stop at the end still works, taking the database down with it.
    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(postmasterPid(dataDir)).toBeUndefined();
  });
});
