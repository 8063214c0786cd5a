import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

// Ceiling for a server to become healthy. Starts take 1–3 s, but on a busy 2-core
// machine they have taken 25 s: the deadline only bounds a hang, it is not a timing.
const START_CEILING_MS = 240_000; // initdb and a first start on a machine with other work running

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export type RunningServer = {
  url: string;
  process: ChildProcess;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
};

/** `node server.js` on `port` (a free one if not given), its output collected, and a promise of its exit code. */
async function spawnServer(env: Record<string, string>, chosenPort?: number) {
  const port = chosenPort ?? (await freePort());
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { url: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}

/**
 * Starts the production server (`node server.js`) and waits until /healthz answers.
 * `options.port`: listen there (from `freePort()`), for a test that must know the
 * address before the start, e.g. to put it in SITE_URL; otherwise a free port.
 */
export async function startProductionServer(
  env: Record<string, string>,
  options: { port?: number } = {},
): Promise<RunningServer> {
  if (!fs.existsSync("build/server/index.js")) throw new Error("No production build: run `npm run build` first");
  const { url, child, output, exited } = await spawnServer(env, options.port);
  const deadline = Date.now() + START_CEILING_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited early (${child.exitCode}):\n${output()}`);
    const healthy = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { url, process: child, output, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`Server did not become healthy in ${START_CEILING_MS / 1000} s:\n${output()}`);
}

/** Runs `node server.js` expecting it to refuse to start; returns its exit code and output. */
export async function runServerToExit(env: Record<string, string>, timeoutMs = START_CEILING_MS) {
  const { child, output, exited } = await spawnServer(env);
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await exited;
  clearTimeout(timer);
  return { code, output: output() };
}

export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** A throw-away DATA_DIR in the system temp folder; remove it with `removeDataDir`. */
export function makeDataDir(prefix: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
}

/**
 * Stops an embedded PostgreSQL a SIGKILLed server left running in `dataDir`, then
 * deletes the folder. For `afterEach`, so a failed test leaves nothing behind.
 */
export async function removeDataDir(dataDir: string) {
  const pid = postmasterPid(dataDir);
  if (pid) {
    process.kill(pid, "SIGINT");
    const deadline = Date.now() + START_CEILING_MS;
    while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** The pid of the embedded PostgreSQL running on `dataDir`, if one is. */
export function postmasterPid(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);
    return pid > 0 && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops every server in `servers` (SIGKILL if still running) and waits for each to exit. */
export async function killAll(servers: RunningServer[]) {
  for (const server of servers.splice(0)) {
    if (server.process.exitCode === null) server.process.kill("SIGKILL");
    await server.exited;
  }
}
