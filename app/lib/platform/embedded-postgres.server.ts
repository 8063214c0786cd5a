import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import {
  chooseClusterDir,
  EmbeddedDatabaseError,
  initialise,
  postgresUser,
  refuseForeignData,
  type RunAs,
  SUPERUSER,
} from "./embedded-postgres-folder.server";
import { postgresBinaries } from "./postgres-binaries.server";

export { EmbeddedDatabaseError };

/**
 * The embedded database: a real PostgreSQL server (binaries from the npm registry)
 * that the app starts and stops itself, listening on a Unix socket only. Why this and
 * not PGlite or a TCP port: docs/decisions/001-embedded-postgresql.md.
 */

/** The database the app uses inside the embedded cluster. */
export const APP_DATABASE = "site";

/**
 * Small-site settings (docs/decisions/001): enough for one app process with a pool of
 * ten plus scripts, and a memory footprint that fits a 1 GB machine. fsync stays on.
 */
const SERVER_SETTINGS: Record<string, string> = {
  listen_addresses: "", // no TCP: nothing clashes with another PostgreSQL, nothing on the network
  unix_socket_permissions: "0700",
  max_connections: "30",
  shared_buffers: "32MB",
  work_mem: "4MB",
  maintenance_work_mem: "32MB",
  max_wal_size: "256MB",
  min_wal_size: "32MB",
  max_worker_processes: "4",
  max_parallel_workers: "2",
  timezone: "UTC",
  log_timezone: "UTC",
  log_min_messages: "warning",
};

export interface EmbeddedCluster {
  /** Folder holding the server's socket: `pg` connects with `host` set to it. */
  socketDir: string;
  clusterDir: string;
  /** True when this process started the server (and so stops it). */
  owned: boolean;
  stop(): Promise<void>;
  /** Called when the server this process started exits without being asked to. */
  onUnexpectedExit(listener: (code: number | null) => void): void;
  /** Starts the server again after an unexpected exit (crash recovery runs inside PostgreSQL). */
  restart(): Promise<void>;
}

export interface StartOptions {
  dataDir: string;
  /**
   * "server": this process owns the cluster; another live server on it is refused.
   * "client" (scripts): use the running server if there is one, else start one for
   * the duration of the script.
   */
  mode: "server" | "client";
  log?: (level: "info" | "warn", msg: string, fields?: Record<string, unknown>) => void;
  /** PostgreSQL settings over the small-site ones (the tests' shared cluster allows more connections). */
  settings?: Record<string, string>;
}

export async function startEmbeddedPostgres(options: StartOptions): Promise<EmbeddedCluster> {
  const log = options.log ?? (() => {});
  const bin = await postgresBinaries();
  const runAs = postgresUser();
  const clusterDir = chooseClusterDir(path.resolve(options.dataDir), runAs, log);
  const home = path.dirname(clusterDir);
  const ownerFile = path.join(home, "postgres-owner.json");

  refuseForeignData(clusterDir, bin.majorVersion, options.dataDir);
  if (!fs.existsSync(path.join(clusterDir, "PG_VERSION"))) initialise(clusterDir, bin.initdb, runAs);

  // A script finds the server's database starting or stopping at times: it waits until
  // that one accepts connections, or until it is gone and the script can start its own.
  if (options.mode === "client" && (await usableRunningServer(clusterDir))) {
    return {
      socketDir: clusterDir,
      clusterDir,
      owned: false,
      stop: async () => {},
      onUnexpectedExit() {},
      restart: async () => {},
    };
  }
  const running = runningPostmaster(clusterDir);
  if (running) {
    const owner = readOwner(ownerFile);
    const ownerAlive = owner !== undefined && owner.nodePid !== process.pid && isAlive(owner.nodePid);
    if (ownerAlive) {
      throw new EmbeddedDatabaseError(
        `The data folder ${options.dataDir} is in use by another server (pid ${owner.nodePid}). ` +
          `The embedded database serves one app process: stop that server, or set DATABASE_URL ` +
          `to run several instances on one PostgreSQL.`,
      );
    }
    log("warn", "stopping the embedded PostgreSQL left over from a server that was killed", { pid: running });
    await stopPostmaster(running);
  }

  let child: ChildProcess | undefined;
  let stopping = false;
  const exitListeners: ((code: number | null) => void)[] = [];
  const killOnExit = () => child?.exitCode === null && child.kill("SIGINT");

  const launch = async () => {
    child = await launchPostmaster(clusterDir, home, bin.postgres, runAs, options.settings);
    const launched = child;
    fs.writeFileSync(ownerFile, JSON.stringify({ nodePid: process.pid, postgresPid: launched.pid }));
    launched.on("exit", (code) => {
      if (!stopping && child === launched) exitListeners.forEach((listener) => listener(code));
    });
  };
  await launch();
  // A crash of this process (not SIGKILL) still stops the server; SIGKILL is handled
  // by the leftover check above on the next start.
  process.on("exit", killOnExit);
  await ensureAppDatabase(clusterDir);
  log("info", "embedded PostgreSQL ready", { clusterDir, pid: child?.pid });

  return {
    socketDir: clusterDir,
    clusterDir,
    owned: true,
    onUnexpectedExit: (listener) => void exitListeners.push(listener),
    restart: async () => {
      const pid = runningPostmaster(clusterDir);
      if (pid) await stopPostmaster(pid);
      await launch();
    },
    stop: async () => {
      stopping = true;
      process.off("exit", killOnExit);
      const current = child;
      if (current && current.exitCode === null && current.signalCode === null) {
        const exited = new Promise((resolve) => current.once("exit", resolve));
        current.kill("SIGINT"); // "fast" shutdown: ends sessions, checkpoints, exits
        await withCeiling(exited, 60_000, () => current.kill("SIGQUIT"));
      }
      if (readOwner(ownerFile)?.nodePid === process.pid) fs.rmSync(ownerFile, { force: true });
    },
  };
}

/** Connection settings for `pg` to a database of the embedded cluster. */
export function embeddedConnection(socketDir: string, database = APP_DATABASE): pg.PoolConfig {
  return { host: socketDir, user: SUPERUSER, database };
}

// ---------------------------------------------------------------------------------

/** The pid in postmaster.pid when that process is still alive. */
function runningPostmaster(clusterDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function usableRunningServer(clusterDir: string) {
  let usable = false;
  await waitFor(
    async () => {
      if (!runningPostmaster(clusterDir)) return true; // none (any more): start our own
      usable = await canConnect(clusterDir);
      return usable;
    },
    120_000,
    `The embedded PostgreSQL in ${clusterDir} neither accepted connections nor stopped within 120 s`,
  );
  return usable;
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): { nodePid: number } | undefined {
  try {
    const owner = JSON.parse(fs.readFileSync(file, "utf8"));
    return typeof owner?.nodePid === "number" ? owner : undefined;
  } catch {
    return undefined;
  }
}

async function stopPostmaster(pid: number) {
  process.kill(pid, "SIGINT");
  await waitFor(() => !isAlive(pid), 120_000, `PostgreSQL (pid ${pid}) did not stop within 120 s`);
}

async function launchPostmaster(
  clusterDir: string,
  home: string,
  postgres: string,
  runAs: RunAs,
  extra: Record<string, string> = {},
) {
  const logFile = path.join(home, "postgres.log");
  const logFd = fs.openSync(logFile, "a");
  const settings = { ...SERVER_SETTINGS, ...extra, unix_socket_directories: clusterDir };
  const args = ["-D", clusterDir, ...Object.entries(settings).flatMap(([key, value]) => ["-c", `${key}=${value}`])];
  // Its own process group, so a Ctrl-C in the terminal reaches only the app, which
  // drains its requests and then stops the database.
  const child = spawn(postgres, args, {
    ...runAs,
    detached: true,
    stdio: ["ignore", logFd, logFd],
    env: { ...process.env, LC_ALL: "C" },
  });
  fs.closeSync(logFd);
  child.unref();
  let exitCode: number | null | undefined;
  child.once("exit", (code) => (exitCode = code));
  try {
    await waitFor(
      async () => {
        if (exitCode !== undefined) throw startFailure(logFile);
        return canConnect(clusterDir);
      },
      120_000,
      `PostgreSQL did not accept connections within 120 s; see ${logFile}`,
    );
  } catch (error) {
    if (child.exitCode === null) child.kill("SIGQUIT");
    throw error;
  }
  return child;
}

function startFailure(logFile: string) {
  const tail = fs.readFileSync(logFile, "utf8").split("\n").slice(-15).join("\n");
  if (tail.includes("lock file") && tail.includes("already exists")) {
    return new EmbeddedDatabaseError(`The data folder is in use by another server (PostgreSQL's lock file is held).`);
  }
  return new EmbeddedDatabaseError(`The embedded PostgreSQL did not start. The end of ${logFile}:\n${tail}`);
}

async function canConnect(socketDir: string) {
  const client = new pg.Client({ ...embeddedConnection(socketDir, "postgres"), connectionTimeoutMillis: 5_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function ensureAppDatabase(socketDir: string) {
  const client = new pg.Client(embeddedConnection(socketDir, "postgres"));
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [APP_DATABASE]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(APP_DATABASE)}`);
  } finally {
    await client.end();
  }
}

async function waitFor(check: () => boolean | Promise<boolean>, ceilingMs: number, message: string) {
  const deadline = Date.now() + ceilingMs;
  for (let delay = 20; ; delay = Math.min(delay * 2, 250)) {
    if (await check()) return;
    if (Date.now() > deadline) throw new EmbeddedDatabaseError(message);
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

async function withCeiling(promise: Promise<unknown>, ms: number, onTimeout: () => void) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((resolve) => (timer = setTimeout(resolve, ms)));
  const winner = await Promise.race([promise.then(() => "done"), timeout.then(() => "timeout")]);
  clearTimeout(timer);
  if (winner === "timeout") {
    onTimeout();
    await promise;
  }
}
