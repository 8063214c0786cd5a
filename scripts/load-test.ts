// `npm run bench:load`: 2,000 contact submissions at 50 concurrent connections against
// the production server on 127.0.0.1 (embedded database, a real SMTP peer), then proves
// that every 2xx is a stored row with its two outbox e-mails and that nothing got a 5xx.
// Bounded: a fixed number of requests, and a 5-minute ceiling.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../app/lib/platform/db.server";
import { BROWSER_UA, startProductionServer } from "../tests/support/server-process";
import { startSmtpPeer } from "../tests/support/smtp-peer";

const TOTAL = Number(process.env.LOAD_TOTAL ?? 2000);
const CONCURRENCY = Number(process.env.LOAD_CONCURRENCY ?? 50);
const CEILING_MS = 5 * 60_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "load-test-"));
const peer = await startSmtpPeer();
const server = await startProductionServer({ DATA_DIR: dataDir, SMTP_URL: peer.url, RATE_LIMIT_MULTIPLIER: "100000" });

const statuses = new Map<number, number>();
const latencies: number[] = [];
let next = 0;
const started = performance.now();

async function client() {
  while (next < TOTAL && performance.now() - started < CEILING_MS) {
    const i = next++;
    const t0 = performance.now();
    let status = 0;
    try {
      const response = await fetch(`${server.url}/api/contact`, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": BROWSER_UA },
        body: JSON.stringify({ company: `Load ${i}`, project: `Project ${i}\nline two`, email: `load${i}@example.no` }),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 0; // connection error
    }
    latencies.push(performance.now() - t0);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
}

await Promise.all(Array.from({ length: CONCURRENCY }, client));
const seconds = (performance.now() - started) / 1000;
const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!.toFixed(1);

// Let the worker finish delivering, then stop the server and read its database.
const acknowledged = [...statuses].filter(([s]) => s >= 200 && s < 300).reduce((n, [, c]) => n + c, 0);
await peer.waitFor((messages) => messages.length >= acknowledged * 2, 120_000).catch(() => {});
server.process.kill("SIGTERM");
await server.exited;
const handle = await openDatabase({ dataDir });
const count = async (query: string) => Number((await handle.db.execute<{ n: number }>(sql.raw(query))).rows[0]!.n);
const stored = await count("select count(*)::int as n from contact_requests");
const outbox = await count("select count(*)::int as n from mail_outbox where kind like 'contact-%'");
const sent = await count("select count(*)::int as n from mail_outbox where status = 'sent'");
await handle.close();
await peer.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const fiveXx = [...statuses].filter(([s]) => s >= 500 || s === 0).reduce((n, [, c]) => n + c, 0);
console.log(
  `\nContact API load test: ${latencies.length} requests, ${CONCURRENCY} concurrent, ${seconds.toFixed(1)} s`,
);
console.table({
  throughput: { value: `${(latencies.length / seconds).toFixed(0)} req/s` },
  "latency p50": { value: `${pct(50)} ms` },
  "latency p95": { value: `${pct(95)} ms` },
  "latency p99": { value: `${pct(99)} ms` },
  statuses: { value: JSON.stringify(Object.fromEntries(statuses)) },
  "2xx answers": { value: acknowledged },
  "rows stored": { value: stored },
  "outbox e-mails": { value: outbox },
  "delivered to SMTP peer": { value: `${peer.messages.length} (${sent} marked sent)` },
});
const ok = fiveXx === 0 && stored === acknowledged && outbox === acknowledged * 2;
console.log(ok ? "✔ every 2xx is a stored row with its e-mails; no 5xx" : "✖ mismatch: see the table above");
process.exit(ok ? 0 : 1);
