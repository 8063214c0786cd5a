import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";

/**
 * The server's clock (POST /__test/clock) is global, and two workers run at once. Tests
 * that move it, or that depend on it standing still for a moment (a TOTP code, a run of
 * wrong passwords), take this lock first: a folder in the run's data directory, which
 * both worker processes see. Whoever moves the clock always puts it back to 0.
 */
const STALE_MS = 120_000;
const owner = `${process.pid}-${Math.random().toString(36).slice(2)}`;
let held = 0;
let moved = false; // this worker moved the clock and has not seen it back at 0

function lockDir() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the tests through playwright.config.ts");
  return path.join(dataDir, "server-clock.lock");
}

async function acquire(timeoutMs: number) {
  if (held > 0) {
    held += 1; // re-entrant within one worker
    return;
  }
  const dir = lockDir();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, "owner"), owner);
      held = 1;
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    try {
      if (Date.now() - fs.statSync(dir).mtimeMs > STALE_MS) fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      // released meanwhile
    }
    if (Date.now() > deadline) throw new Error(`The server clock stayed locked for ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function release(force = false) {
  if (held === 0) return;
  held = force ? 0 : held - 1;
  if (held > 0) return;
  const dir = lockDir();
  try {
    if (fs.readFileSync(path.join(dir, "owner"), "utf8") === owner) fs.rmSync(dir, { recursive: true, force: true });
  } catch {
    // already gone
  }
}

/** Sets the server's clock offset (milliseconds from real time). Only inside withServerClock. */
export async function setServerClock(request: APIRequestContext, offsetMs: number) {
  if (held === 0 && offsetMs !== 0) throw new Error("Move the server clock only inside withServerClock()");
  if (offsetMs !== 0) moved = true;
  const response = await request.post("/__test/clock", { data: { offsetMs } });
  expect(response.status(), "POST /__test/clock").toBe(200);
  expect(await response.json()).toEqual({ offsetMs });
  if (offsetMs === 0) moved = false;
}

/**
 * Runs `fn` with the server clock to ourselves: nobody else moves it meanwhile, and it
 * is back at 0 afterwards, whatever happens.
 */
export async function withServerClock<T>(
  request: APIRequestContext,
  fn: () => Promise<T>,
  timeoutMs = 45_000,
): Promise<T> {
  await acquire(timeoutMs);
  try {
    return await fn();
  } finally {
    try {
      await setServerClock(request, 0);
    } finally {
      release();
    }
  }
}

/** For afterEach: the clock back at 0 and the lock released, even after a timeout. */
export async function resetServerClock(request: APIRequestContext) {
  if (held === 0 && !moved) return;
  try {
    await setServerClock(request, 0);
  } finally {
    release(true);
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
