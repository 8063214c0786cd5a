// `npm run bench:throughput`: requests per second and p99 latency of the app's pages, measured
// with Debian's `wrk` (a C load generator that is not the bottleneck: autocannon, in this
// script's own Node process, saturated before the reference server did and inflated the
// ratios), 127.0.0.1 only, all rows in one run, side by side:
//
//   nginx       the bytes of `/` from a file: the ceiling of this machine (skipped if absent)
//   node:http   each cached row's own bytes from memory (the page the app sends for that
//               address): the reference every ratio is against, run again right before each
//               cached row (BENCH_ROUNDS (3) rounds; medians are shown)
//   the app     the production build on a fresh embedded database, page cache on: `/`, `/blog`,
//               a post, `/careers`, `/work`, `/` with campaign and click-id parameters, `/blog?page=2`
//   publish     /careers under the same load while a listing is published mid-run: p99 and renders
//   cold        a second app instance with PAGE_CACHE=false: `/`, a post, `/blog` rendered each time
//
// Every app row is measured after the same warm-up: BENCH_WARMUP (2) seconds of the same load on
// each of that instance's targets first, before any row is measured, so no row pays for the code
// the server compiles on its first thousands of requests (the first row measured, `/`, did).
// Figures, not pass/fail: on a busy machine every number drops; compare ratios within one run,
// and the CPU each request cost the server process (from /proc), which load elsewhere disturbs least.
// Settings: BENCH_THREADS (2), BENCH_CONNECTIONS (32), BENCH_SECONDS (4), BENCH_ROUNDS (3), BENCH_LOG_LEVEL (info:
// the app logs every request as in production, to a file), WRK (/usr/bin/wrk), NGINX (/usr/sbin/nginx).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { embeddedConnection } from "../app/lib/platform/embedded-postgres.server";
import { seedBenchPost, startBenchServer, stopProcess, waitUntilAnswering } from "./bench-support";
import { BROWSER_UA, freePort, makeDataDir, removeDataDir } from "../tests/support/server-process";

const THREADS = Number(process.env.BENCH_THREADS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? "info";
const WRK = process.env.WRK ?? "/usr/bin/wrk";
const NGINX = process.env.NGINX ?? "/usr/sbin/nginx";
// A bound on each wrk run: its duration plus a generous margin for a stuck server.
const WRK_CEILING_MS = (SECONDS + 60) * 1000;

type Row = {
  server: string;
  target: string;
  rps: number;
  p99: number;
  errors: number;
  cpuPerRequest?: number;
  renders?: number;
  /** The median of this row's rounds, each divided by the reference run just before it. */
  ofReference?: number;
  /** The median of this row's rounds, each divided by the same round's plain `/` (the first app row). */
  ofPlainRoot?: number;
  /** Each round's req/s, when the row was measured in rounds. */
  perRound?: number[];
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** A cached row and the reference measured just before it. */
type Pair = { reference: Row; row: Row };

/**
 * From rounds of pairs (in each round, every target right after a reference run), one row
 * per target: the median of its req/s, p99 and CPU, and the median of its ratio to the
 * reference measured just before it. The reference's row takes the median of all its runs.
 * Errors are summed: one failed request in any round fails the bench.
 */
function medianRows(rounds: Pair[][]): Row[] {
  const summary = (all: Row[], ratios?: { ofReference: number[]; ofPlainRoot?: number[] }): Row => {
    const cpu = all.map((row) => row.cpuPerRequest).filter((value): value is number => value !== undefined);
    return {
      server: all[0]!.server,
      target: all[0]!.target,
      rps: median(all.map((row) => row.rps)),
      p99: median(all.map((row) => row.p99)),
      errors: all.reduce((sum, row) => sum + row.errors, 0),
      cpuPerRequest: cpu.length ? median(cpu) : undefined,
      ofReference: ratios ? median(ratios.ofReference) : undefined,
      ofPlainRoot: ratios?.ofPlainRoot ? median(ratios.ofPlainRoot) : undefined,
      perRound: all.map((row) => Math.round(row.rps)),
    };
  };
  const reference = summary(rounds.flatMap((round) => round.map((pair) => pair.reference)));
  const rows = rounds[0]!.map((_, index) =>
    summary(
      rounds.map((round) => round[index]!.row),
      {
        ofReference: rounds.map((round) => round[index]!.row.rps / round[index]!.reference.rps),
        ofPlainRoot: rounds.map((round) => round[index]!.row.rps / round[0]!.row.rps),
      },
    ),
  );
  return [reference, ...rows];
}

/**
 * CPU time (user + system) a process has used, in microseconds, from /proc (Linux); undefined
 * elsewhere. Per request, it is the figure a busy machine disturbs least: throughput falls
 * when other work takes the cores, the CPU a request costs much less.
 */
function cpuMicros(pid: number | undefined) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / 100; // utime, stime in ticks of 1/100 s
  } catch {
    return undefined;
  }
}

/** wrk from Debian; installed with apt-get when missing and this runs as root, else a clear way out. */
function ensureWrk() {
  if (fs.existsSync(WRK)) return WRK;
  if (process.getuid?.() === 0 && !process.env.WRK) {
    console.log("wrk is missing: installing Debian's wrk (apt-get install -y wrk)…");
    execFileSync("apt-get", ["install", "-y", "--no-install-recommends", "wrk"], { stdio: "inherit" });
    if (fs.existsSync(WRK)) return WRK;
  }
  console.error(
    `\nThis bench needs wrk (${WRK}). Install it with \`sudo apt-get install wrk\` (Debian/Ubuntu), ` +
      "or point WRK at a wrk binary.\n",
  );
  process.exit(1);
}

/** Runs wrk against `url` with a browser's user agent (so the app counts the views, as for people). */
async function measure(wrk: string, url: string, server?: ChildProcess, seconds = SECONDS): Promise<{ rps: number; p99: number; errors: number; cpuPerRequest?: number }> {
  const cpuBefore = cpuMicros(server?.pid);
  const args = ["-t", String(THREADS), "-c", String(CONNECTIONS), "-d", `${seconds}s`, "--latency", "--timeout", "10s", "-H", `User-Agent: ${BROWSER_UA}`, url];
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(wrk, args, { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout.on("data", (chunk) => (text += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), WRK_CEILING_MS);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(text);
      else reject(new Error(`wrk ${url} exited with ${code}:\n${text}`));
    });
  });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1] ?? 0);
  const p99 = /^\s+99%\s+([\d.]+)(us|ms|s)\b/m.exec(output);
  const p99ms = p99 ? Number(p99[1]) * { us: 0.001, ms: 1, s: 1000 }[p99[2] as "us" | "ms" | "s"] : NaN;
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const errors = non2xx + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  const requests = Number(/(\d+) requests in/.exec(output)?.[1] ?? 0);
  const cpuAfter = cpuMicros(server?.pid);
  const cpuPerRequest = cpuBefore !== undefined && cpuAfter !== undefined && requests > 0 ? (cpuAfter - cpuBefore) / requests : undefined;
  return { rps, p99: p99ms, errors, cpuPerRequest };
}

/** The same load on each target for WARMUP_SECONDS, not measured: the rows then start alike. */
async function warmUp(wrk: string, url: string, targets: string[], server: ChildProcess) {
  if (WARMUP_SECONDS <= 0) return;
  for (const target of targets) await measure(wrk, url + target, server, WARMUP_SECONDS);
}

/**
 * A node:http server answering each address with the bytes the app sent for it, from memory:
 * the reference. `files` maps a request's address (path and query) to a file of those bytes.
 */
async function startReference(files: Record<string, string>) {
  const port = await freePort();
  const source = `
    const fs = require("node:fs");
    const bodies = new Map(Object.entries(${JSON.stringify(files)}).map(([address, file]) => [address, fs.readFileSync(file)]));
    require("node:http").createServer((req, res) => {
      const body = bodies.get(req.url);
      if (!body) { res.writeHead(404); res.end(); return; }
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": body.length });
      res.end(body);
    }).listen(${port}, "127.0.0.1");`;
  const child = spawn(process.execPath, ["-e", source], { stdio: "inherit" });
  const url = `http://127.0.0.1:${port}/`;
  await waitUntilAnswering(url, child);
  return { url, child };
}

/** nginx sending `file` for every request, from a temporary prefix; undefined (and a line saying so) if absent. */
async function startNginx(file: string, prefix: string) {
  if (!fs.existsSync(NGINX)) {
    console.log(`nginx row skipped: ${NGINX} not found (apt-get install nginx-light, or set NGINX).`);
    return undefined;
  }
  const port = await freePort();
  const user = process.getuid?.() === 0 ? "user root;" : "";
  const config = `${user}
worker_processes auto;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body; proxy_temp_path ${prefix}/proxy; fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi; scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${path.dirname(file)};
    location / { default_type "text/html; charset=utf-8"; try_files /${path.basename(file)} =404; }
  }
}
`;
  fs.writeFileSync(path.join(prefix, "nginx.conf"), config);
  const child = spawn(NGINX, ["-p", prefix, "-c", path.join(prefix, "nginx.conf")], { stdio: "inherit" });
  const url = `http://127.0.0.1:${port}/`;
  await waitUntilAnswering(url, child);
  return { url, child };
}

/** Stops a child we started (SIGTERM; SIGKILL after 10 s) and waits for it. */
async function stop(child: ChildProcess | undefined) {
  if (!child) return;
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await stopProcess(child);
  clearTimeout(timer);
}

const METRICS_TOKEN = "bench-metrics-token-0123";

/** How many pages the app has rendered so far: the sum of its render histogram's counts (/metrics). */
async function rendersSoFar(url: string) {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return [...text.matchAll(/^page_render_duration_seconds_count\{[^}]*\} (\d+)/gm)].reduce((sum, [, n]) => sum + Number(n), 0);
}

/**
 * /careers under the usual load while a listing is published a third of the way in (one INSERT
 * on the app's own database: its trigger announces content_changed, as a staff save does).
 * The p99 is the stampede figure: visitors get the previous copy while one render makes the
 * new one. `renders` counts the renders the change caused (the aim: exactly one per process).
 */
async function publishUnderLoad(wrk: string, app: { url: string; child: ChildProcess }, dataDir: string): Promise<Row> {
  const target = "/careers";
  for (let i = 0; i < 2; i++) await (await fetch(app.url + target)).arrayBuffer();
  const before = await rendersSoFar(app.url);
  const pool = new pg.Pool({ ...embeddedConnection(path.join(dataDir, "pg")), max: 1 });
  const title = `Bench engineer ${Date.now()}`;
  try {
    const load = measure(wrk, app.url + target, app.child);
    await new Promise((resolve) => setTimeout(resolve, (SECONDS * 1000) / 3));
    await pool.query(
      "insert into job_listings (slug, title, location, type, description, apply_link) values ($1, $2, 'Oslo', 'Full-time', 'Published mid-run.', 'mailto:jobs@example.com')",
      [`bench-${Date.now()}`, title],
    );
    const result = await load;
    const renders = (await rendersSoFar(app.url)) - before;
    const shown = (await (await fetch(app.url + target)).text()).includes(title);
    if (!shown) throw new Error("the listing published mid-run never showed on /careers");
    return { server: "app, publish mid-run", target, ...result, renders };
  } finally {
    await pool.end();
  }
}

/** The app as `npm run start:prod` runs it; its request log goes to a file, as a production log would. */
async function startApp(dataDir: string, pageCache: boolean, logFile: string) {
  return startBenchServer({ DATA_DIR: dataDir, PAGE_CACHE: String(pageCache), LOG_LEVEL: LOG_LEVEL, METRICS_TOKEN }, logFile);
}

async function main() {
  const wrk = ensureWrk();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-throughput-"));
  const dataDir = makeDataDir("bench-throughput-data");
  const rows: Row[] = [];
  const started: ChildProcess[] = [];
  let rootReference = NaN;
  try {
    const postPath = await seedBenchPost(dataDir);
    const warm = ["/", "/blog", postPath, "/careers", "/work"];
    const cached = [...warm, "/?utm_source=x&utm_medium=email", "/?fbclid=abc", "/blog?page=2"];
    const cold = ["/", postPath, "/blog"];

    let app = await startApp(dataDir, true, path.join(work, "app.log"));
    started.push(app.child);
    // Each page rendered once and sent once by the app, so the listener in front answers it.
    for (const target of warm) for (let i = 0; i < 2; i++) await (await fetch(app.url + target)).arrayBuffer();
    // The bytes the app sends for each cached address (one nonce's worth; every nonce has the
    // same length), for the reference to send: a ratio compares the same bytes.
    fs.mkdirSync(path.join(work, "site"));
    const files: Record<string, string> = {};
    for (const [index, target] of cached.entries()) {
      files[target] = path.join(work, "site", `${index}.html`);
      fs.writeFileSync(files[target], Buffer.from(await (await fetch(app.url + target)).arrayBuffer()));
    }
    const file = files["/"]!;

    const nginx = await startNginx(file, work);
    if (nginx) {
      started.push(nginx.child);
      rows.push({ server: "nginx, file", target: "bytes of /", ...(await measure(wrk, nginx.url)) });
      await stop(nginx.child);
    }
    const reference = await startReference(files);
    started.push(reference.child);
    const referenceOrigin = reference.url.slice(0, -1); // the targets start with "/"
    await warmUp(wrk, referenceOrigin, cached, reference.child);
    await warmUp(wrk, app.url, cached, app.child);
    // Each cached row right after a run of the reference, ROUNDS times over: this machine's
    // speed drifts by as much as half within a minute, so a ratio is only fair between
    // figures measured side by side.
    const rounds: Pair[][] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const pairs: Pair[] = [];
      for (const target of cached) {
        const referenceRun: Row = {
          server: "node:http",
          target: "the row's bytes",
          ...(await measure(wrk, referenceOrigin + target, reference.child)),
        };
        pairs.push({ reference: referenceRun, row: { server: "app, cache", target, ...(await measure(wrk, app.url + target, app.child)) } });
      }
      rounds.push(pairs);
    }
    await stop(reference.child);
    rows.push(...medianRows(rounds));
    // The rows measured once (nginx, publish, cold) are set against node:http sending `/` (the first target).
    rootReference = median(rounds.map((round) => round[0]!.reference.rps));
    rows.push(await publishUnderLoad(wrk, app, dataDir));
    await stop(app.child);

    app = await startApp(dataDir, false, path.join(work, "app-cold.log"));
    started.push(app.child);
    for (const target of cold) await (await fetch(app.url + target)).arrayBuffer();
    await warmUp(wrk, app.url, cold, app.child);
    for (const target of cold) rows.push({ server: "app, PAGE_CACHE=false", target, ...(await measure(wrk, app.url + target, app.child)) });
    await stop(app.child);
  } finally {
    for (const child of started) await stop(child);
    await removeDataDir(dataDir);
    fs.rmSync(work, { recursive: true, force: true });
  }

  const plainRoot = rows.find((row) => row.server === "app, cache" && row.target === "/")?.rps ?? NaN;
  console.log(
    `\nwrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s after ${WARMUP_SECONDS} s of warm-up per target, 127.0.0.1, browser user agent, app log level ${LOG_LEVEL}, ${os.cpus().length} cores, same run:`,
  );
  console.table(
    rows.map((row) => ({
      server: row.server,
      request: row.target.length > 34 ? `${row.target.slice(0, 33)}…` : row.target,
      "req/s": Math.round(row.rps),
      "p99 ms": Math.round(row.p99 * 100) / 100,
      "÷ node:http": (row.ofReference ?? row.rps / rootReference).toFixed(2),
      "÷ plain /": row.server === "app, cache" ? (row.ofPlainRoot ?? row.rps / plainRoot).toFixed(2) : "",
      "CPU µs/req": row.cpuPerRequest === undefined ? "" : Math.round(row.cpuPerRequest),
      renders: row.renders ?? "",
      errors: row.errors || "",
    })),
  );
  console.log(
    `\nThe node:http and cache rows: medians of ${ROUNDS} rounds; in each, every cached row is measured right after a run of node:http sending that row's bytes, and its ratio is to that run. Each run's req/s:`,
  );
  for (const row of rows.filter((row) => row.perRound)) console.log(`  ${row.server} ${row.target}: ${row.perRound!.join(", ")}`);
  if (rows.some((row) => row.errors > 0)) {
    console.error("Some requests failed (non-2xx/3xx or socket errors): see the errors column.");
    process.exitCode = 1;
  }
}

await main();
