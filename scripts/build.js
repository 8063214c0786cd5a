// `npm run build`: the production build, then precompressed twins of the assets.
// When the output is not a terminal (a log file, a container's log, CI) it is built
// without colours: escape codes in a log file are noise a reader has to strip.
import { spawnSync } from "node:child_process";

const env = { ...process.env };
if (!process.stdout.isTTY) {
  env.NO_COLOR = "1";
  delete env.FORCE_COLOR;
}
const npx = process.platform === "win32" ? "npx.cmd" : "npx";
for (const [command, args] of [
  [npx, ["react-router", "build"]],
  [process.execPath, ["scripts/precompress.js"]],
]) {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
