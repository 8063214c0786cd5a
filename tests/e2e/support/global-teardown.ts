import fs from "node:fs";

/** Removes this run's throw-away database folder. */
export default function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes("e2e-data-")) fs.rmSync(dir, { recursive: true, force: true });
}
