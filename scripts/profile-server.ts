// `npm run bench:profile -- [path] [--cold]`: where the server's CPU goes for one page. Starts
// the production build with `node --cpu-prof` on a fresh embedded database (with the bench
// post), loads `path` (default `/`) with wrk for PROFILE_SECONDS (5) at 32 connections,
// stops the server, and prints the functions with the most self time, and per file.
// `--cold`: with PAGE_CACHE=false, so every request is a render. 127.0.0.1 only; needs wrk.
// PROFILE_WARMUP (3) seconds of the same load come first, left out of the figures: the code
// the load runs is then compiled and the modules loaded late (on a first request) are loaded,
// so the table shows what a request costs from then on, not a start-up's one-off work.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { seedBenchPost, startBenchServer, stopProcess } from "./bench-support";
import { BROWSER_UA, makeDataDir, removeDataDir } from "../tests/support/server-process";

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.PROFILE_WARMUP ?? 3);
const cold = process.argv.includes("--cold");
const argument = process.argv.slice(2).find((arg) => arg.startsWith("/"));

async function main() {
  const dataDir = makeDataDir("profile-data");
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), "profile-"));
  try {
    const postPath = await seedBenchPost(dataDir);
    const target = argument === "/post" ? postPath : (argument ?? "/");
    const app = await startBenchServer({
      DATA_DIR: dataDir,
      PAGE_CACHE: String(!cold),
      LOG_LEVEL: "info",
    }, path.join(profileDir, "app.log"), ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]);
    try {
      for (let i = 0; i < 3; i++) await (await fetch(app.url + target)).arrayBuffer();
      if (WARMUP_SECONDS > 0) await load(app.url + target, WARMUP_SECONDS, "ignore");
      await load(app.url + target, SECONDS, "inherit");
    } finally {
      await stopProcess(app.child);
    }
    const file = fs.readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
    if (!file) throw new Error("no profile written");
    // PROFILE_OUT=path keeps the raw profile (Chrome DevTools opens it) for a look at callers.
    if (process.env.PROFILE_OUT) fs.copyFileSync(path.join(profileDir, file), process.env.PROFILE_OUT);
    report(JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")) as Profile, `${target}${cold ? " (PAGE_CACHE=false)" : ""}`);
  } finally {
    await removeDataDir(dataDir);
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

/** wrk at 32 connections on `url` for `seconds`, its summary printed or not. */
function load(url: string, seconds: number, stdio: "inherit" | "ignore") {
  return new Promise<void>((resolve, reject) => {
    const wrk = spawn("wrk", ["-t2", "-c32", `-d${seconds}s`, "--timeout", "10s", "-H", `User-Agent: ${BROWSER_UA}`, url], { stdio });
    wrk.on("error", reject);
    wrk.on("exit", () => resolve());
  });
}

function report(profile: Profile, label: string) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  // Only the samples of the load (the last seconds before the stop), not the start-up's
  // module loading and migrations.
  const loadFrom = profile.endTime - (SECONDS + 1.5) * 1e6;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at >= loadFrom) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const total = [...self.values()].reduce((sum, t) => sum + t, 0);
  const functions = new Map<string, number>();
  const files = new Map<string, number>();
  for (const [id, micros] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url.replace(/^file:\/\//, "").replace(process.cwd() + "/", "") || "(native)";
    const name = `${functionName || "(anonymous)"}  ${file}${url ? `:${lineNumber + 1}` : ""}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
    const shortFile = file.includes("node_modules/") ? file.slice(file.lastIndexOf("node_modules/") + 13).split("/").slice(0, 2).join("/") : file;
    files.set(shortFile, (files.get(shortFile) ?? 0) + micros);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, micros]) => ({ "self %": ((micros / total) * 100).toFixed(1), name }));
  console.log(`\nCPU profile of ${label}, ${(total / 1e6).toFixed(1)} s sampled under load (start-up left out): functions by self time`);
  console.table(top(functions, 25));
  console.log("by file or package");
  console.table(top(files, 15));
}

await main();
