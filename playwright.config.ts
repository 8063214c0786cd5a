import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { createStaffAccounts } from "./tests/e2e/support/staff-accounts";
import { chromiumArgs, chromiumPath } from "./tests/support/chromium";

// The end-to-end suite drives Debian's Chromium against the real production build
// and server, on a fresh embedded database created for this run.
const port = Number(process.env.E2E_PORT ?? 3210);
if (!process.env.E2E_DATA_DIR) {
  // First load, in the main process (workers load this file again and inherit the env):
  // a fresh database with real staff accounts for the sign-in tests, made before the
  // server starts. There is no test bypass: the tests sign in like anyone else.
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
  createStaffAccounts(process.env.E2E_DATA_DIR);
}
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: "./tests/e2e",
  globalTeardown: "./tests/e2e/support/global-teardown.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: "off",
  },
  webServer: {
    command: "node server.js",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      // Every test comes from 127.0.0.1: the per-IP limits are tested in tests/process.
      RATE_LIMIT_MULTIPLIER: "1000",
      // Lets tests move the server's clock and simulate a database outage (POST /__test/…).
      TEST_HOOKS: "true",
      LOG_LEVEL: "warn",
    },
  },
});
