// `npm run bench:throughput`: requests per second and p50/p99 latency of /, /blog, a
// post and GET /api/blog at 32 connections (autocannon, 127.0.0.1 only), with the page
// cache on and off, each beside a minimal node:http server that sends the same bytes
// from memory, measured in the same run. Figures, not pass/fail: on a busy or small
// machine every number drops, the ratio is what to compare.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { nodeFlagsOf, seedBenchPost, waitUntilAnswering } from "./bench-support";
import { freePort, makeDataDir, removeDataDir } from "../tests/support/server-process";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 32;

type Row = { target: string; mode: string; rps: number; p50: number; p99: number; reference: number };

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** The app as `npm run start:prod` runs it, on `dataDir`. */
async function startApp(dataDir: string, pageCache: boolean) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeFlagsOf("."), "server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      PAGE_CACHE: String(pageCache),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/healthz`, child);
  return { url, child };
}

/** A node:http server answering every request with `body` and `contentType`, from memory. */
async function startReference(body: Buffer, contentType: string) {
  const port = await freePort();
  const file = path.join(makeDataDir("bench-reference"), "body");
  fs.writeFileSync(file, body);
  const source = `
    const body = require("node:fs").readFileSync(${JSON.stringify(file)});
    require("node:http").createServer((req, res) => {
      res.writeHead(200, { "content-type": ${JSON.stringify(contentType)}, "content-length": body.length });
      res.end(body);
    }).listen(${port}, "127.0.0.1");`;
  const child = spawn(process.execPath, ["-e", source], { stdio: "inherit" });
  const url = `http://127.0.0.1:${port}/`;
  await waitUntilAnswering(url, child);
  return { url, child, cleanup: () => fs.rmSync(path.dirname(file), { recursive: true, force: true }) };
}

async function main() {
  const dataDir = makeDataDir("bench-throughput");
  try {
    // A published post to measure, written before the server starts.
    const postPath = await seedBenchPost(dataDir);
    const targets = ["/", "/blog", postPath, "/api/blog"];

    const rows: Row[] = [];
    for (const pageCache of [true, false]) {
      const app = await startApp(dataDir, pageCache);
      try {
        for (const target of targets) {
          const sample = await fetch(app.url + target);
          const body = Buffer.from(await sample.arrayBuffer());
          const reference = await startReference(body, sample.headers.get("content-type") ?? "text/html");
          try {
            const measured = await load(app.url + target);
            const baseline = await load(reference.url);
            rows.push({ target, mode: pageCache ? "cache on" : "cache off", ...measured, reference: baseline.rps });
          } finally {
            await stop(reference.child);
            reference.cleanup();
          }
        }
      } finally {
        await stop(app.child);
      }
    }

    console.log(`\nThroughput at ${CONNECTIONS} connections, ${SECONDS} s per figure (autocannon), same run:`);
    console.table(
      rows.map((row) => ({
        target: row.target.length > 28 ? `${row.target.slice(0, 27)}…` : row.target,
        mode: row.mode,
        "req/s": Math.round(row.rps),
        "p50 ms": row.p50,
        "p99 ms": row.p99,
        "node:http same bytes req/s": Math.round(row.reference),
        ratio: `${((row.rps / row.reference) * 100).toFixed(1)} %`,
      })),
    );
  } finally {
    await removeDataDir(dataDir);
  }
}

await main();
