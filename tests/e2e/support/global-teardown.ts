import fs from "node:fs";
import path from "node:path";
import { isAlive, removeDataDir } from "../../support/server-process";

/**
 * Removes this run's throw-away database folder. Playwright runs this before it stops
 * its web server, so the server is asked to stop first (SIGTERM: it drains and stops
 * its embedded PostgreSQL), instead of its database vanishing under it.
 */
export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir || !dir.includes("e2e-data-")) return;
  const server = serverPid(dir);
  if (server) {
    process.kill(server, "SIGTERM");
    const deadline = Date.now() + 60_000;
    while (isAlive(server) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await removeDataDir(dir); // also stops a database the server did not get to
}

function serverPid(dir: string): number | undefined {
  try {
    const { nodePid } = JSON.parse(fs.readFileSync(path.join(dir, "postgres-owner.json"), "utf8"));
    return typeof nodePid === "number" && isAlive(nodePid) ? nodePid : undefined;
  } catch {
    return undefined;
  }
}
