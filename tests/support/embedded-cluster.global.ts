import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres } from "../../app/lib/platform/embedded-postgres.server";

/**
 * Vitest global set-up: one throw-away embedded PostgreSQL for the whole run, in the
 * system temp folder. Each test file makes its own database in it (see
 * test-database.ts), so files still run in parallel. Skipped with TEST_DATABASE_URL.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vitest-pg-"));
  // Every test file of the run shares this cluster, and process tests start several app
  // instances on it (a pool of up to ten connections each, plus a LISTEN connection):
  // more than the thirty connections a one-process site needs.
  const cluster = await startEmbeddedPostgres({ dataDir, mode: "server", settings: { max_connections: "120" } });
  project.provide("embeddedSocketDir", cluster.socketDir);
  return async () => {
    try {
      await cluster.stop();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    embeddedSocketDir: string;
  }
}
