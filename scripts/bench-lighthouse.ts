// `npm run bench:lighthouse` (part of `npm run bench`): Lighthouse (mobile preset, offline, Debian's Chromium) on the
// production build, three runs per page, printing the median scores and LCP/TBT/CLS.
// Scores flap on a 2-core machine; medians are what to compare. `BENCH_REPORTS=<dir>` keeps every
// run's JSON report there (named after the page and run) to read what an LCP is made of.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedBenchPost } from "./bench-support";

// Seven pages: the home page, a service, the showcase, the blog, a post (written into the
// fresh database first: a new site has none), careers and the contact wizard.
const POST = "{post}";
const pages = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["/", "/design", "/work", "/blog", POST, "/careers", "/contact"];
const runs = Number(process.env.BENCH_RUNS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3290);
const reportsDir = process.env.BENCH_REPORTS;
if (reportsDir) fs.mkdirSync(reportsDir, { recursive: true });
const chrome = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromeFlags = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
].join(" ");

if (!fs.existsSync(chrome)) {
  console.error(`No Chromium at ${chrome}: install Debian's chromium or set CHROMIUM_PATH.`);
  process.exit(1);
}
if (!fs.existsSync("build/server/index.js")) spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
const postPath = pages.includes(POST) ? await seedBenchPost(dataDir) : undefined;
const resolvedPages = pages.map((page) => (page === POST ? postPath! : page));
const server = spawn(process.execPath, ["server.js"], {
  env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
  stdio: "ignore",
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 300; i++) {
  if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const rows: Record<string, string | number>[] = [];
try {
  for (const page of resolvedPages) {
    const results: Record<"performance" | "accessibility" | "bestPractices" | "seo" | "lcp" | "tbt" | "cls", number>[] = [];
    for (let run = 0; run < runs; run++) {
      const out = path.join(dataDir, `lh-${run}.json`);
      // Headless Chromium now and then fails to record a trace (NO_NAVSTART): try again.
      let lh: ReturnType<typeof spawnSync> | undefined;
      for (let attempt = 0; attempt < 3; attempt++) {
        lh = spawnSync(
          "npx",
          ["lighthouse", base + page, "--output=json", `--output-path=${out}`, "--quiet", `--chrome-flags=${chromeFlags}`],
          { env: { ...process.env, CHROME_PATH: chrome }, stdio: ["ignore", "ignore", "pipe"], shell: false },
        );
        if (lh.status === 0) break;
      }
      if (lh?.status !== 0) throw new Error(`lighthouse failed on ${page}:\n${String(lh?.stderr)}`);
      const report = JSON.parse(fs.readFileSync(out, "utf8"));
      if (reportsDir) fs.copyFileSync(out, path.join(reportsDir, `${page.replace(/\W+/g, "_") || "_"}-${run}.json`));
      results.push({
        performance: report.categories.performance.score * 100,
        accessibility: report.categories.accessibility.score * 100,
        bestPractices: report.categories["best-practices"].score * 100,
        seo: report.categories.seo.score * 100,
        lcp: report.audits["largest-contentful-paint"].numericValue,
        tbt: report.audits["total-blocking-time"].numericValue,
        cls: report.audits["cumulative-layout-shift"].numericValue,
      });
    }
    const pick = (key: keyof (typeof results)[number]) => median(results.map((result) => result[key]));
    rows.push({
      page,
      perf: pick("performance"),
      a11y: pick("accessibility"),
      "best-pr.": pick("bestPractices"),
      seo: pick("seo"),
      "LCP ms": Math.round(pick("lcp")),
      "TBT ms": Math.round(pick("tbt")),
      CLS: Number(pick("cls").toFixed(3)),
    });
  }
} finally {
  server.kill("SIGTERM");
}
console.log(`\nLighthouse ${runs}× per page, mobile preset, medians:`);
console.table(rows);
fs.rmSync(dataDir, { recursive: true, force: true });
