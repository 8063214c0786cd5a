import fs from "node:fs";
import path from "node:path";

/**
 * A lock shared by every worker of one run: a folder in the run's data directory, made
 * with mkdir (atomic). For tests that change something every page shows and then read it
 * back, so two of them (two workers, or `--repeat-each`) never run at the same time; and
 * under the server clock (server-clock.ts), which adds re-entrancy on top.
 * A lock older than `staleMs` is taken to be left by a killed worker and broken.
 * Resolves to the function that releases it.
 */
export async function takeRunLock(name: string, options: { timeoutMs: number; staleMs: number }) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the tests through playwright.config.ts");
  const dir = path.join(dataDir, `${name}.lock`);
  const owner = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, "owner"), owner);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    try {
      if (Date.now() - fs.statSync(dir).mtimeMs > options.staleMs) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // released meanwhile
    }
    if (Date.now() > deadline) throw new Error(`The ${name} lock stayed taken for ${options.timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return () => {
    try {
      if (fs.readFileSync(path.join(dir, "owner"), "utf8") === owner) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // already gone
    }
  };
}
