import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

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

/** `node server.js` on a free port, its output collected, and a promise of its exit code. */
async function spawnServer(env: Record<string, string>) {
  const port = await freePort();
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

/** Starts the production server (`node server.js`) and waits until /healthz answers. */
export async function startProductionServer(env: Record<string, string>): Promise<RunningServer> {
  if (!fs.existsSync("build/server/index.js")) throw new Error("No production build: run `npm run build` first");
  const { url, child, output, exited } = await spawnServer(env);
  const deadline = Date.now() + 30_000;
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
  throw new Error(`Server did not become healthy in 30 s:\n${output()}`);
}

/** Runs `node server.js` expecting it to refuse to start; returns its exit code and output. */
export async function runServerToExit(env: Record<string, string>, timeoutMs = 30_000) {
  const { child, output, exited } = await spawnServer(env);
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await exited;
  clearTimeout(timer);
  return { code, output: output() };
}

export const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
