// `npm run bench:memory [-- --reference <checkout>]`: starts the production server on a
// fresh embedded database, sends 10,000 page requests at 16 connections (127.0.0.1
// only), then prints the Node process's RSS, the PostgreSQL processes' proportional
// memory (PSS, so shared buffers count once) and their sum. With --reference, the same
// run against another built checkout (e.g. the PGlite version) is printed beside it.
// Linux only (reads /proc). Figures, not pass/fail: the aim is a sum under 250 MB.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { nodeFlagsOf, waitUntilAnswering } from "./bench-support";
import { BROWSER_UA, freePort, makeDataDir, removeDataDir } from "../tests/support/server-process";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10_000);
const CONNECTIONS = 16;
const PATHS = ["/", "/blog", "/work", "/careers", "/about", "/design", "/contact", "/privacy"];

type Figures = { label: string; flags: string; startRss: number; nodeRss: number; postgresPss: number; rps: number };

async function measure(label: string, appDir: string): Promise<Figures> {
  const dataDir = makeDataDir("bench-memory");
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlagsOf(appDir), "server.js"], {
    cwd: appDir,
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "error" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitUntilAnswering(`${url}/healthz`, child);
    const startRss = rssOf(child.pid!);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < REQUESTS) {
          const target = PATHS[next++ % PATHS.length]!;
          const response = await fetch(url + target, { headers: { "user-agent": BROWSER_UA } });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
        }
      }),
    );
    const rps = REQUESTS / ((performance.now() - started) / 1000);
    return { label, flags: nodeFlagsOf(appDir).join(" ") || "(none)", startRss, nodeRss: rssOf(child.pid!), postgresPss: postgresPss(dataDir), rps };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
    await removeDataDir(dataDir);
  }
}

/** Resident memory of one process, in MB. */
function rssOf(pid: number) {
  const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) / 1024;
}

/** Sum of PSS over the postmaster in `dataDir` and its children, in MB (0 without one). */
function postgresPss(dataDir: string) {
  const pidFile = path.join(dataDir, "pg", "postmaster.pid");
  if (!fs.existsSync(pidFile)) return 0;
  const postmaster = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  const pids = [postmaster];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === postmaster) pids.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8").match(/^Pss:\s+(\d+) kB/m)?.[1] ?? 0);
    } catch {
      // ended
    }
  }
  return kb / 1024;
}

const { values } = parseArgs({ options: { reference: { type: "string" } } });
const runs = [await measure("this build", process.cwd())];
if (values.reference) runs.push(await measure(`reference (${values.reference})`, path.resolve(values.reference)));

const mb = (value: number) => `${value.toFixed(0)} MB`;
console.log(`\nMemory after ${REQUESTS.toLocaleString("en")} page requests at ${CONNECTIONS} connections`);
console.table(
  Object.fromEntries(
    runs.map((run) => [
      run.label,
      {
        "node flags": run.flags,
        "Node RSS at start": mb(run.startRss),
        "Node RSS after": mb(run.nodeRss),
        "PostgreSQL PSS": mb(run.postgresPss),
        sum: mb(run.nodeRss + run.postgresPss),
        "req/s": run.rps.toFixed(0),
      },
    ]),
  ),
);
