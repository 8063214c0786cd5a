import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  killAll,
  makeDataDir,
  removeDataDir,
  type RunningServer,
  startProductionServer,
} from "../support/server-process";

// An operator pipes `npm run start:prod` into a log collector: every line it writes,
// from the first start (which creates the first staff account) to the shutdown, must be
// one JSON object, with no colour codes, so the collector can parse all of it.
const running: RunningServer[] = [];
let dataDir: string;
let server: RunningServer;

beforeAll(async () => {
  dataDir = makeDataDir("json-log-lines");
  server = await startProductionServer({ DATA_DIR: dataDir, LOG_LEVEL: "info" });
  running.push(server);
});
afterAll(async () => {
  try {
    await killAll(running);
  } finally {
    if (dataDir) await removeDataDir(dataDir);
  }
});

describe("the production server's output", () => {
  it("is JSON lines only, from the first start to the shutdown, and names the first account once", async () => {
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    expect((await fetch(`${server.url}/no-such-page`)).status).toBe(404);
    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const output = server.output();
    expect(output).not.toContain("\u001b");
    const lines = output.split("\n").filter((line) => line.trim() !== "");
    const notJson = lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== "object";
      } catch {
        return true;
      }
    });
    expect(notJson).toEqual([]);
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const firstAccount = parsed.filter((line) => line.msg === "first staff account created");
    expect(firstAccount).toHaveLength(1);
    expect(firstAccount[0]).toMatchObject({ email: expect.stringContaining("@"), password: expect.any(String) });
    expect(parsed.some((line) => line.msg === "listening")).toBe(true);
    expect(parsed.some((line) => line.msg === "shutting down")).toBe(true);
  });
});
