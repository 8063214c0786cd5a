import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { createStaffAccounts } from "./tests/e2e/support/staff-accounts";
import { chromiumArgs, chromiumPath } from "./tests/support/chromium";

// The end-to-end suite drives Debian's Chromium against the real production build
// and server, on a fresh embedded database created for this run.
if (!process.env.E2E_PORT) {
  // A free port, chosen once in the main process (workers inherit it), so a run never
  // clashes with a server already listening. Set E2E_PORT to pick one yourself.
  const script = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  process.env.E2E_PORT = execFileSync(process.execPath, ["-e", script], { encoding: "utf8" }).trim();
}
const port = Number(process.env.E2E_PORT);
if (!process.env.E2E_DATA_DIR) {
  // First load, in the main process (workers load this file again and inherit the env):
  // a fresh database with real staff accounts for the sign-in tests, made before the
  // server starts. There is no test bypass: the tests sign in like anyone else.
  process.env.E2E_DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
  createStaffAccounts(process.env.E2E_DATA_DIR);
}
const dataDir = process.env.E2E_DATA_DIR;
const CLOCK_MOVING_SPECS = ["**/auth-session.spec.ts", "**/auth-sign-in.spec.ts", "**/blog-schedule.spec.ts"];
// A reset link's whole life (asked for, used, refused 31 minutes later) must not see the
// clock move under it: it runs alone, at the very end.
const ALONE_SPECS = ["**/password-reset.spec.ts"];
// Specs that change what every visitor sees (the showcase's order and featured three; the
// words of /design; the studio's address in every footer), which other specs count or
// read: they run last, after the clock has been put back.
const SITE_CHANGING_SPECS = [
  "**/showcase-admin.spec.ts",
  "**/pages-editor.spec.ts",
  "**/pages-more.spec.ts",
  "**/page-review.spec.ts",
  "**/studio-details.spec.ts",
];

export default defineConfig({
  testDir: "./tests/e2e",
  globalTeardown: "./tests/e2e/support/global-teardown.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // Ceilings for a busy 2-core machine, not timings: a passing test never waits for them.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  // The server's clock is one for the whole server. The specs that move it run after
  // everything else, so a session or code made by another test never finds itself
  // hours in the past or the future (among themselves they take the clock lock).
  projects: [
    { name: "browser", testIgnore: [...CLOCK_MOVING_SPECS, ...SITE_CHANGING_SPECS, ...ALONE_SPECS] },
    { name: "server-clock", testMatch: CLOCK_MOVING_SPECS, dependencies: ["browser"] },
    { name: "site-changing", testMatch: SITE_CHANGING_SPECS, dependencies: ["server-clock"], fullyParallel: false },
    { name: "alone", testMatch: ALONE_SPECS, dependencies: ["site-changing"] },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    trace: "off",
  },
  webServer: {
    command: "node server.js",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    // A ceiling for a start on a busy machine, not a timing.
    timeout: 120_000,
    // SIGTERM lets the server drain and stop its embedded PostgreSQL itself.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      SITE_URL: `http://127.0.0.1:${port}`,
      // Every test comes from 127.0.0.1: the per-IP limits are tested in tests/process.
      RATE_LIMIT_MULTIPLIER: "1000",
      // Tests type at machine speed: the time trap (decision 062) is off here and tested in
      // tests/security/anti-spam.test.ts, on a server of its own with the default 3 s.
      FORM_MIN_SECONDS: "0",
      // Lets tests move the server's clock and simulate a database outage (POST /__test/…).
      TEST_HOOKS: "true",
      LOG_LEVEL: "warn",
    },
  },
});
