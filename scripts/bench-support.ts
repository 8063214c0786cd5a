import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SCRIPT_ACTOR } from "../app/lib/auth/security-events.server";
import { createPost } from "../app/lib/blog/blog.server";
import { postInputSchema } from "../app/lib/blog/blog-forms";
import { type Database, openDatabase } from "../app/lib/platform/db.server";
import autocannon from "autocannon";
import { freePort } from "../tests/support/server-process";

/**
 * The Node flags `npm run start:prod` uses in `appDir`'s package.json, so a bench runs
 * the server as it runs in production.
 */
export function nodeFlagsOf(appDir: string) {
  const scripts = JSON.parse(fs.readFileSync(path.join(appDir, "package.json"), "utf8")).scripts ?? {};
  const command = /\bnode ((?:--[\w-]+(?:=\S+)? )*)server\.js/.exec(scripts["start:prod"] ?? "");
  return command?.[1]?.trim().split(/\s+/).filter(Boolean) ?? [];
}

/** Waits until `url` answers 2xx (a ceiling of 120 s), failing at once if `child` exits. */
export async function waitUntilAnswering(url: string, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within 120 s`);
}

/**
 * A published post of a realistic length, written into `dataDir`'s database before the
 * server starts (a fresh site has none): "a post" in every bench. Returns its path.
 */
export async function seedBenchPost(dataDir: string) {
  const seed = await openDatabase({ dataDir });
  try {
    return await writeBenchPost(seed.db);
  } finally {
    await seed.close();
  }
}

/** The same post, into a database already open (a bench's shared PostgreSQL). */
export async function writeBenchPost(db: Database) {
  const post = await createPost(
    db,
    postInputSchema.parse({
      title: "What a private AI system needs",
      excerpt: "Local models, your data, no third parties.",
      author: "Fjord & Form",
      content: Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1}: ${"Local models keep data at home. ".repeat(12)}`).join("\n"),
    }),
    SCRIPT_ACTOR,
  );
  return `/blog/${post!.slug}`;
}

/**
 * The app as `npm run start:prod` runs it, with `env` on top; once /healthz answers.
 * Not tests/support's startProductionServer: a bench needs start:prod's Node flags (the
 * heap limits it measures) and must not keep the server's output in memory.
 */
export async function startBenchServer(env: Record<string, string>, logFile?: string, extraNodeFlags: string[] = []) {
  const port = await freePort();
  // With `logFile`, the server's stdout (its request log) goes there, as in production; else nowhere.
  const stdout = logFile ? fs.openSync(logFile, "a") : "ignore";
  const child = spawn(process.execPath, [...nodeFlagsOf("."), ...extraNodeFlags, "server.js"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "error", ...env },
    stdio: ["ignore", stdout, "inherit"],
  });
  if (typeof stdout === "number") fs.closeSync(stdout);
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/healthz`, child);
  return { url, child };
}

/** Stops a process the bench started and waits until it has exited (SIGTERM: servers drain first). */
export async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

export const BENCH_CONNECTIONS = 32;
export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

/** Requests per second and p50/p99 latency of `url` (autocannon); any non-2xx answer fails the bench. */
export async function measureLoad(url: string) {
  const result = await autocannon({ url, connections: BENCH_CONNECTIONS, duration: BENCH_SECONDS });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}
