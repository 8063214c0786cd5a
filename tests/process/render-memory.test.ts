import { describe, expect, it } from "vitest";
import { setUpProductionServer } from "../support/production-server";
import { BROWSER_UA } from "../support/server-process";

// A finished render holds nothing (app/entry.server.tsx). Each render sets a deadline that
// aborts it if it has not finished in time; the deadline's timer used to stay until it
// fired, six seconds later, and through it the render and the document it made: ~60 MB at
// 300 renders a second, which the garbage collector kept walking (a third of a cold
// render's CPU). Node counts the timers alive, and /metrics shows the count.

const TOKEN = "render-memory-token-for-tests-0123";
const fixture = setUpProductionServer("render-memory", { env: { METRICS_TOKEN: TOKEN, PAGE_CACHE: "false" } });

async function timersAlive() {
  const response = await fetch(`${fixture.server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  const line = (await response.text()).split("\n").find((l) => l.startsWith('nodejs_active_resources{type="Timeout"} '));
  return line ? Number(line.split(" ")[1]) : 0;
}

describe("a finished render", () => {
  it("leaves no timer behind: 60 pages rendered leave the count of live timers where it was", async () => {
    const visit = async (path: string) => {
      const response = await fetch(fixture.server.url + path, { headers: { "user-agent": BROWSER_UA } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    };
    await visit("/"); // the first render loads what later ones share
    const before = await timersAlive();
    const pages = ["/", "/about", "/work", "/blog", "/careers", "/design"];
    for (let round = 0; round < 10; round++) await Promise.all(pages.map(visit));
    // Every one of them rendered (PAGE_CACHE=false) within the last seconds: a render that
    // still held its deadline would count here, 60 of them. A few timers come and go on
    // their own (the page views' flush, the database pool's idle check).
    expect((await timersAlive()) - before).toBeLessThan(10);
  }, 120_000);
});
