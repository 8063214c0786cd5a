// `npm run bench:instances`: requests per second and p50/p99 latency of / and a blog
// post at 32 connections (autocannon, 127.0.0.1 only) for one instance direct, the same
// instance behind the round-robin proxy, and two instances behind the proxy, all on one
// PostgreSQL and measured in the same run. Figures, not pass/fail: on a machine with
// fewer cores than processes (two instances, the proxy, PostgreSQL and the load
// generator) the pair shares the same CPUs, and the ratio is what to compare.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import readline from "node:readline";
import { openPool } from "../app/lib/platform/db.server";
import { APP_DATABASE, embeddedConnection, startEmbeddedPostgres } from "../app/lib/platform/embedded-postgres.server";
import {
  BENCH_CONNECTIONS,
  BENCH_SECONDS,
  measureLoad,
  startBenchServer,
  stopProcess,
  writeBenchPost,
} from "./bench-support";
import { makeDataDir, removeDataDir } from "../tests/support/server-process";




/** One app instance as `npm run start:prod` runs it, on the shared database, behind a proxy (TRUST_PROXY=1). */
const startInstance = (databaseUrl: string, secretsKey: string, dataDir: string) =>
  startBenchServer({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SECRETS_KEY: secretsKey, TRUST_PROXY: "1" });

/** tests/support/round-robin-proxy.ts in its own process (not competing with autocannon here). */
async function startProxy(upstreams: string[]) {
  const source = `
    const { startRoundRobinProxy } = await import("./tests/support/round-robin-proxy.ts");
    const proxy = await startRoundRobinProxy(${JSON.stringify(upstreams)});
    process.stdout.write(proxy.url + "\\n");
    process.on("SIGTERM", () => proxy.close().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", source], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`the proxy exited (${code})`)));
  });
  return { url, child };
}

async function main() {
  const pgDir = makeDataDir("bench-instances-pg");
  const dataDirs = [makeDataDir("bench-instance-a"), makeDataDir("bench-instance-b")];
  const children: ChildProcess[] = [];
  // One PostgreSQL for both instances: the embedded one, reached at a DATABASE_URL as a
  // PostgreSQL server would be (more connections than one process needs).
  const cluster = await startEmbeddedPostgres({ dataDir: pgDir, mode: "server", settings: { max_connections: "60" } });
  try {
    const databaseUrl = `postgres://postgres@localhost/${APP_DATABASE}?host=${encodeURIComponent(cluster.socketDir)}`;
    const secretsKey = randomBytes(32).toString("base64");
    const seed = await openPool(embeddedConnection(cluster.socketDir), "postgres");
    const postPath = await writeBenchPost(seed.db);
    await seed.close();
    const targets = ["/", postPath];

    const a = await startInstance(databaseUrl, secretsKey, dataDirs[0]!);
    children.push(a.child);
    const b = await startInstance(databaseUrl, secretsKey, dataDirs[1]!);
    children.push(b.child);
    const proxyOne = await startProxy([a.url]);
    children.push(proxyOne.child);
    const proxyPair = await startProxy([a.url, b.url]);
    children.push(proxyPair.child);

    const setups = [
      { setup: "1 instance, direct", url: a.url },
      { setup: "1 instance, behind the proxy", url: proxyOne.url },
      { setup: "2 instances, behind the proxy", url: proxyPair.url },
    ];
    const rows: { target: string; setup: string; rps: number; p50: number; p99: number }[] = [];
    for (const target of targets) {
      // Both instances render each page once into their page cache before measuring.
      for (const instance of [a, b]) await (await fetch(instance.url + target)).arrayBuffer();
      for (const { setup, url } of setups) {
        const measured = await measureLoad(url + target);
        rows.push({ target, setup, ...measured });
      }
    }

    console.log(`\nThroughput at ${BENCH_CONNECTIONS} connections, ${BENCH_SECONDS} s per figure (autocannon), same run, one PostgreSQL:`);
    console.table(
      rows.map((row) => {
        const direct = rows.find((other) => other.target === row.target && other.setup === setups[0]!.setup)!;
        return {
          target: row.target.length > 28 ? `${row.target.slice(0, 27)}…` : row.target,
          setup: row.setup,
          "req/s": Math.round(row.rps),
          "p50 ms": row.p50,
          "p99 ms": row.p99,
          "vs direct": `${((row.rps / direct.rps) * 100).toFixed(0)} %`,
        };
      }),
    );
  } finally {
    for (const child of children.reverse()) await stopProcess(child);
    await cluster.stop();
    for (const dir of [...dataDirs, pgDir]) await removeDataDir(dir);
  }
}

await main();
