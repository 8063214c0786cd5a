// Full-page screenshots of the given paths at phone (375) and desktop (1440) widths,
// against a running server: npx tsx scripts/screenshots.ts http://127.0.0.1:3000 / /work
import fs from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium";

const [base = "http://127.0.0.1:3000", ...paths] = process.argv.slice(2);
const out = "screenshots";
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
for (const width of [375, 1440]) {
  const context = await browser.newContext({ viewport: { width, height: width === 375 ? 812 : 900 } });
  const page = await context.newPage();
  for (const path of paths.length ? paths : ["/"]) {
    await page.goto(base + path, { waitUntil: "networkidle" });
    const file = `${out}/${width}${path === "/" ? "-home" : path.replaceAll("/", "-")}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
