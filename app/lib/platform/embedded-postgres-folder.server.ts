import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The embedded PostgreSQL's folder: where the cluster lives, who owns it, and whether
 * what is there is ours (docs/decisions/001-embedded-postgresql.md).
 */

/** Something the operator has to fix (a folder in use, old PGlite data): said plainly, then exit 1. */
export class EmbeddedDatabaseError extends Error {
  override name = "EmbeddedDatabaseError";
}

export const SUPERUSER = "postgres";
// Written after initdb, so a folder without it (and never started by PostgreSQL) was
// written by something else: in practice the PGlite database of earlier versions.
const MARKER = "initialised-by-made-for-you";

export type RunAs = { uid: number; gid: number } | undefined;

/** PostgreSQL refuses to run as root; then it runs as the `postgres` user (created if missing). */
export function postgresUser(): RunAs {
  if (process.platform === "win32" || process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync("id", [flag, SUPERUSER], { encoding: "utf8" }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("useradd", [
      "--system",
      "--user-group",
      "--no-create-home",
      "--shell",
      "/usr/sbin/nologin",
      SUPERUSER,
    ]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

/**
 * `DATA_DIR/pg`, unless the server runs as another user (root) who cannot reach it:
 * a folder the app made itself is opened for traversal (o+x, no listing); a folder
 * behind a private parent such as /root moves to /var/lib, named after DATA_DIR.
 */
export function chooseClusterDir(
  dataDir: string,
  runAs: RunAs,
  log: (level: "info", msg: string, fields?: Record<string, unknown>) => void,
) {
  fs.mkdirSync(dataDir, { recursive: true });
  const preferred = path.join(dataDir, "pg");
  if (!runAs || fs.existsSync(path.join(preferred, "PG_VERSION"))) return preferred;
  const blocked = ancestors(dataDir).filter((dir) => !canTraverse(dir, runAs));
  if (blocked.length === 0) {
    const mode = fs.statSync(dataDir).mode;
    if (!canTraverse(dataDir, runAs)) fs.chmodSync(dataDir, (mode & 0o7777) | 0o001);
    return preferred;
  }
  const key = createHash("sha256").update(dataDir).digest("hex").slice(0, 12);
  const relocated = path.join("/var/lib/made-for-you", key, "pg");
  fs.mkdirSync(path.dirname(relocated), { recursive: true, mode: 0o755 });
  fs.writeFileSync(path.join(path.dirname(relocated), "DATA_DIR"), `${dataDir}\n`);
  log("info", "the postgres user cannot reach DATA_DIR, so the embedded database lives elsewhere", {
    dataDir,
    clusterDir: relocated,
    blockedBy: blocked[0],
  });
  return relocated;
}

function ancestors(dir: string) {
  const list: string[] = [];
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    list.push(current);
    if (current === path.dirname(current)) return list;
  }
}

function canTraverse(dir: string, user: { uid: number; gid: number }) {
  const stat = fs.statSync(dir);
  if (stat.uid === user.uid) return (stat.mode & 0o100) !== 0;
  if (stat.gid === user.gid) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

export function refuseForeignData(clusterDir: string, majorVersion: string, dataDir: string) {
  const versionFile = path.join(clusterDir, "PG_VERSION");
  if (!fs.existsSync(versionFile)) return;
  const startedByPostgres = fs.existsSync(path.join(clusterDir, "postmaster.opts"));
  if (!startedByPostgres && !fs.existsSync(path.join(clusterDir, MARKER))) {
    throw new EmbeddedDatabaseError(
      `${clusterDir} holds a database written by PGlite, the embedded engine of earlier versions. ` +
        `This version runs a real PostgreSQL instead and will not open it. To keep the data:\n` +
        `  1. mv ${clusterDir} ${path.join(dataDir, "pglite-old")}\n` +
        `  2. npm run db:import-pglite -- ${path.join(dataDir, "pglite-old")}\n` +
        `The import starts the new database in ${clusterDir}, copies every table and leaves the old folder as it is.`,
    );
  }
  const found = fs.readFileSync(versionFile, "utf8").trim();
  if (found !== majorVersion) {
    throw new EmbeddedDatabaseError(
      `${clusterDir} was made by PostgreSQL ${found}; this version ships PostgreSQL ${majorVersion}. ` +
        `Dump it with that version's pg_dump and load it into a fresh folder.`,
    );
  }
}

export function initialise(clusterDir: string, initdb: string, runAs: RunAs) {
  fs.mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (runAs) fs.chownSync(clusterDir, runAs.uid, runAs.gid);
  fs.chmodSync(clusterDir, 0o700);
  // Trust over the socket only: the socket sits in this 0700 folder, so only the
  // owner (and root) can reach it. Builtin C.UTF-8 needs no OS locales.
  execFileSync(
    initdb,
    [
      `--pgdata=${clusterDir}`,
      `--username=${SUPERUSER}`,
      "--auth=trust",
      "--encoding=UTF8",
      "--locale-provider=builtin",
      "--builtin-locale=C.UTF-8",
      "--lc-messages=C",
    ],
    { ...runAs, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, LC_ALL: "C" } },
  );
  fs.writeFileSync(path.join(clusterDir, MARKER), "PostgreSQL cluster of the embedded database\n");
  if (runAs) fs.chownSync(path.join(clusterDir, MARKER), runAs.uid, runAs.gid);
}
