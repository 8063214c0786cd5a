import { describe, expect, it } from "vitest";
import { setUpProductionServer } from "../support/production-server";

// An operator pipes `npm run start:prod` into a log collector: every line it writes,
// from the first start (which creates the first staff account) to the shutdown, must be
// one JSON object, with no colour codes, so the collector can parse all of it.
const fixture = setUpProductionServer("json-log-lines", { env: { LOG_LEVEL: "info" } });

describe("the production server's output", () => {
  it("is JSON lines only, from the first start to the shutdown, and names the first account once", async () => {
    const { server } = fixture;
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
