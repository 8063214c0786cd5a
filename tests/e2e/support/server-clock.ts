import { type APIRequestContext, expect } from "@playwright/test";
import { takeRunLock } from "./run-lock";

/**
 * The server's clock (POST /__test/clock) is global, and two workers run at once. Tests
 * that move it, or that depend on it standing still for a moment (a TOTP code, a run of
 * wrong passwords), take this lock first (a run lock, which both worker processes see).
 * Whoever moves the clock always puts it back to 0.
 */
const STALE_MS = 120_000;
let held = 0;
let releaseLock: (() => void) | undefined;
let moved = false; // this worker moved the clock and has not seen it back at 0

async function acquire(timeoutMs: number) {
  if (held > 0) {
    held += 1; // re-entrant within one worker
    return;
  }
  releaseLock = await takeRunLock("server-clock", { timeoutMs, staleMs: STALE_MS });
  held = 1;
}

function release(force = false) {
  if (held === 0) return;
  held = force ? 0 : held - 1;
  if (held > 0) return;
  releaseLock?.();
  releaseLock = undefined;
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

/**
 * For beforeEach, in a spec that runs beside the clock movers and signs in: the clock
 * stands still (nobody else moves it) until resetServerClock in afterEach. A session made
 * while another worker has the clock a day ahead is expired the moment the clock comes
 * back, or the other way round (a sign-in answered, then /admin found the session
 * "expired": seen on a busy machine).
 */
export async function holdServerClock(timeoutMs = 45_000) {
  await acquire(timeoutMs);
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
