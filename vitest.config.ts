import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// With TEST_DATABASE_URL the integration tests share one PostgreSQL database, so
// their files run one after another; otherwise each file gets its own database on a
// throw-away embedded PostgreSQL started once for the run.
const sharedDatabase = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/process/**/*.test.ts", "tests/security/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/embedded-cluster.global.ts"],
    pool: "forks",
    maxWorkers: 2,
    fileParallelism: !sharedDatabase,
    // Ceilings, not timings: on a busy 2-core machine a server start has taken 25 s.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // SECRETS_KEY: the key for secrets at rest (docs/decisions/021), for domain functions
    // called in the test process and for servers the tests start (they inherit it, as
    // instances sharing one database must). Tests of the key file set it to "".
    env: { LOG_LEVEL: "error", SECRETS_KEY: "dGVzdHMgb25seSwgbmV2ZXIgYSByZWFsIGtleSAzMmI=" },
  },
});
