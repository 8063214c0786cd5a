/**
 * How long the visitor forms' proof of work takes (decision 062) in Chromium, on this
 * machine and with the CPU slowed 4× and 6× (CDP Emulation.setCPUThrottlingRate, as
 * Lighthouse emulates a mid-range and a slow phone): the built solver, fetched and run
 * as a page runs it, on RUNS fresh challenges (default 10) at the server's difficulty.
 * Prints the median and p90 per rate, from the challenge's request to the answer.
 * Figures, not pass/fail; needs a build. `npm run bench:pow`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium";
import { startBenchServer, stopProcess } from "./bench-support";

const RUNS = Number(process.env.RUNS ?? 10);
const RATES = [1, 4, 6];

const solver = fs.readdirSync("build/client/assets").find((file) => /^pow-[\w-]+\.js$/.test(file));
if (!solver) throw new Error("No built solver in build/client/assets: run `npm run build` first.");

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pow-"));
const server = await startBenchServer({ DATA_DIR: dataDir, SITE_URL: "http://127.0.0.1" });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
try {
  const page = await browser.newPage();
  await page.goto(`${server.url}/gdpr-checklist`);
  const cdp = await page.context().newCDPSession(page);
  for (const rate of RATES) {
    await cdp.send("Emulation.setCPUThrottlingRate", { rate });
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      times.push(
        await page.evaluate(async (src) => {
          const pow = await import(src);
          const started = performance.now();
          await pow.solve({}); // a fresh object: a fresh challenge each run, and nothing started after it
          return performance.now() - started;
        }, `/assets/${solver}`),
      );
    }
    times.sort((a, b) => a - b);
    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(
      `CPU ${rate}× slower: median ${ms(quantile(times, 0.5))}, p90 ${ms(quantile(times, 0.9))}, ` +
        `fastest ${ms(times[0]!)}, slowest ${ms(times.at(-1)!)} (${RUNS} challenges)`,
    );
  }
} finally {
  await browser.close();
  await stopProcess(server.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
