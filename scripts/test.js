// `npm test`: typecheck, lint, build, unit + integration + process tests (vitest on
// a throw-away embedded PostgreSQL), then the browser tests (Playwright with the system Chromium against
// the production build). With CI=true the browser tests are mandatory.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const ci = process.env.CI === "true" || process.env.CI === "1";
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function step(title, command, args, env = {}) {
  process.stdout.write(`\n▶ ${title}\n`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    process.stderr.write(`\n✖ ${title} failed\n`);
    process.exit(result.status ?? 1);
  }
}

/**
 * The build as `npm run build` makes it for a log file (output not a terminal), failing on
 * any warning or notice it prints (a future-flag notice, a deprecated option, an oversized
 * chunk, Rolldown's [PLUGIN_TIMINGS]) and on any escape code: a warning every build repeats
 * is one nobody reads (decision 040), and colour codes in a log file are noise.
 */
function buildWithoutWarnings(title, command, args) {
  process.stdout.write(`\n▶ ${title}\n`);
  const env = { ...process.env };
  delete env.FORCE_COLOR; // as in a log file: scripts/build.js decides the colours
  const result = spawnSync(command, args, { encoding: "utf8", env });
  process.stdout.write(result.stdout ?? "");
  process.stderr.write(result.stderr ?? "");
  const output = `${result.stdout}\n${result.stderr}`;
  const warnings = output
    .split("\n")
    .filter((line) => /warn|deprecat|\(!\)/i.test(line) || /\[[A-Z][A-Z_]+\]/.test(line));
  if (output.includes("\u001b"))
    warnings.push("(escape codes in the output: the build must write plain text to a log file)");
  if (result.status !== 0 || warnings.length > 0) {
    if (warnings.length > 0) process.stderr.write(`\n✖ The build printed warnings:\n${warnings.join("\n")}\n`);
    process.stderr.write(`\n✖ ${title} failed\n`);
    process.exit(result.status || 1);
  }
}

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
step("Typecheck", npx, ["react-router", "typegen"]);
step("Typecheck", npx, ["tsc"]);
step("Lint", npx, ["eslint", ".", "--max-warnings=0"]);
buildWithoutWarnings("Production build (npm run build)", process.execPath, ["scripts/build.js"]);
step("Unit, integration, process and security tests (embedded PostgreSQL)", npx, ["vitest", "run"]);

if (fs.existsSync(chromium)) {
  step("Browser tests (Chromium, production build)", npx, ["playwright", "test"]);
} else if (ci) {
  process.stderr.write(`\n✖ CI=true but no Chromium at ${chromium}: browser tests are mandatory in CI.\n`);
  process.exit(1);
} else {
  process.stdout.write(
    `\n⚠ Browser tests SKIPPED: no Chromium at ${chromium}.\n` +
      `  Install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH, then run npm test again.\n`,
  );
}
process.stdout.write("\n✔ All checks passed\n");
