import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// With TEST_DATABASE_URL the integration tests share one PostgreSQL database, so
// their files run one after another; on PGlite each file has its own in-memory one.
const sharedDatabase = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts", "tests/process/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    maxWorkers: 2,
    fileParallelism: !sharedDatabase,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { LOG_LEVEL: "error" },
  },
});
