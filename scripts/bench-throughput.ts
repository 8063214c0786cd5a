// `npm run bench:throughput`: requests per second and p50/p99 latency of /, /blog, a
// post and GET /api/blog at 32 connections (autocannon, 127.0.0.1 only), with the page
// cache on and off, each beside a minimal node:http server that sends the same bytes
// from memory, measured in the same run. Figures, not pass/fail: on a busy or small
// machine every number drops, the ratio is what to compare.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import {
  BENCH_CONNECTIONS,
  BENCH_SECONDS,
  measureLoad,
  seedBenchPost,
  startBenchServer,
  stopProcess,
  waitUntilAnswering,
} from "./bench-support";
import { freePort, makeDataDir, removeDataDir } from "../tests/support/server-process";


type Row = { target: string; mode: string; rps: number; p50: number; p99: number; reference: number };



/** The app as `npm run start:prod` runs it, on `dataDir`, with the page cache on or off. */
const startApp = (dataDir: string, pageCache: boolean) =>
  startBenchServer({ DATA_DIR: dataDir, PAGE_CACHE: String(pageCache) });

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
            const measured = await measureLoad(app.url + target);
            const baseline = await measureLoad(reference.url);
            rows.push({ target, mode: pageCache ? "cache on" : "cache off", ...measured, reference: baseline.rps });
          } finally {
            await stopProcess(reference.child);
            reference.cleanup();
          }
        }
      } finally {
        await stopProcess(app.child);
      }
    }

    console.log(`\nThroughput at ${BENCH_CONNECTIONS} connections, ${BENCH_SECONDS} s per figure (autocannon), same run:`);
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
