import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * PGlite is single-process: two servers writing one data folder silently lose
 * committed rows. This lock makes the second process fail fast instead. A lock left
 * behind by a killed process (its pid no longer running) is taken over, so a restart
 * after a crash needs no manual step.
 */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockPath: string): { pid: number; host: string } | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(lockPath, "utf8"));
    return typeof holder?.pid === "number" ? holder : undefined;
  } catch {
    return undefined;
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "server.lock");
  const contents = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(lockPath, contents, { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readHolder(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockPath);
      const sameHost = !holder || holder.host === os.hostname();
      if (holder && (!sameHost || isRunning(holder.pid))) {
        throw new DataDirLockedError(
          `The data folder ${dataDir} is in use by another server (pid ${holder.pid} on ${holder.host}). ` +
            `The embedded database allows one process only: stop that server, or set DATABASE_URL to ` +
            `run several instances on PostgreSQL. If you are sure no server is running, delete ${lockPath}.`,
        );
      }
      fs.rmSync(lockPath, { force: true }); // left behind by a process that no longer runs
    }
  }
  throw new DataDirLockedError(`Could not take the lock ${lockPath}`);
}
