// Full-page screenshots of every page at phone (375) and desktop (1440) widths, for a
// look before a change lands:  npm run build && npm run screenshots
// Starts the production build on a fresh embedded database (or uses SCREENSHOT_BASE, a
// running server, with SCREENSHOT_EMAIL/SCREENSHOT_PASSWORD for its staff pages), takes
// every public and staff page (tests/support/pages.ts, as the layout test does), signs in
// as a staff member for the staff pages, and writes PNGs to screenshots/. Extra paths as arguments.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium";
import { publicPages, STAFF_PAGES } from "../tests/support/pages";
import { startProductionServer } from "../tests/support/server-process";

const out = "screenshots";

async function withServer<T>(run: (base: string, credentials: { email: string; password: string }) => Promise<T>) {
  if (process.env.SCREENSHOT_BASE) {
    const { SCREENSHOT_EMAIL: email = "", SCREENSHOT_PASSWORD: password = "" } = process.env;
    return run(process.env.SCREENSHOT_BASE, { email, password });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "screenshots-"));
  const credentials = { email: "screens@fjordform.test", password: "screenshots only, never real" };
  execFileSync(
    process.execPath,
    [
      "--import",
      "tsx",
      "scripts/create-user.ts",
      "--email",
      credentials.email,
      "--name",
      "Kari Nordmann",
      `--password=${credentials.password}`,
    ],
    {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "error" },
      stdio: "inherit",
    },
  );
  const server = await startProductionServer({ DATA_DIR: dataDir });
  try {
    return await run(server.url, credentials);
  } finally {
    server.process.kill("SIGTERM");
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function shoot(page: Page, base: string, paths: string[], width: number) {
  for (const pagePath of paths) {
    await page.goto(base + pagePath, { waitUntil: "networkidle" });
    const file = `${out}/${width}${pagePath === "/" ? "-home" : pagePath.replaceAll("/", "-")}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
}

await withServer(async (base, credentials) => {
  const extra = process.argv.slice(2);
  const publicPaths = extra.length ? extra : await publicPages(base);
  const staffPaths = extra.length ? [] : STAFF_PAGES;
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
  try {
    for (const width of [375, 1440]) {
      const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 } });
      const page = await context.newPage();
      await shoot(page, base, publicPaths, width);
      if (staffPaths.length && credentials.email) {
        await page.goto(`${base}/login`, { waitUntil: "networkidle" });
        await page.getByLabel("Email", { exact: true }).fill(credentials.email);
        await page.getByLabel("Password", { exact: true }).fill(credentials.password);
        await page.locator("form.auth-form button[type=submit]").click();
        await page.waitForURL(`${base}/admin`);
        await shoot(page, base, staffPaths, width);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
});
