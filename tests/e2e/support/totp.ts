import { generate } from "otplib";

/** What an authenticator app would show for this key at this moment (or at `atMs`). */
export async function totpCode(secret: string, atMs = Date.now()) {
  return generate({ secret, epoch: Math.floor(atMs / 1000) });
}

/** The 30-second time step a moment falls in. */
export const timeStep = (atMs = Date.now()) => Math.floor(atMs / 30_000);

/** A 6-digit code that is certainly wrong now: not the code of any nearby time step. */
export async function wrongCode(secret: string) {
  const near = new Set<string>();
  for (let step = -3; step <= 3; step++) near.add(await totpCode(secret, Date.now() + step * 30_000));
  for (let candidate = 123_456; ; candidate = (candidate + 111_111) % 1_000_000) {
    const code = String(candidate).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}

/** Waits until the time step after `step` has begun (a code is accepted once per step). */
export async function waitForStepAfter(step: number) {
  const startOfNext = (step + 1) * 30_000 + 500;
  const wait = startOfNext - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
