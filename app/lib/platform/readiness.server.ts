import { log } from "./log.server";

/**
 * /readyz: can this instance do its job? Each part it needs (the database, the bucket when
 * one is configured, the mail server when SMTP_URL is set) gets a short deadline, all at
 * once, so the answer comes within about READY_TIMEOUT_MS whatever hangs. /healthz stays
 * the cheap "alive" check. Decision 061.
 */
export const READY_TIMEOUT_MS = 2_000;
// A load balancer (or a visitor) polling fast shares one round of checks: no flood of
// SMTP connections or bucket requests from /readyz itself.
const REUSE_MS = 1_000;

export type Probe = () => Promise<unknown>;
export type PartState = "ok" | "failed" | "timeout";
export type Readiness = { ready: boolean; checks: Record<string, PartState> };

export function createReadiness(probes: () => Record<string, Probe | undefined>, timeoutMs = READY_TIMEOUT_MS) {
  let last: { at: number; result: Promise<Readiness> } | undefined;

  async function run(): Promise<Readiness> {
    const entries = Object.entries(probes()).filter((entry): entry is [string, Probe] => entry[1] !== undefined);
    const states = await Promise.all(entries.map(([name, probe]) => withDeadline(name, probe, timeoutMs)));
    const checks = Object.fromEntries(entries.map(([name], i) => [name, states[i]!]));
    return { ready: states.every((state) => state === "ok"), checks };
  }

  return {
    check(): Promise<Readiness> {
      const now = Date.now();
      if (!last || now - last.at > REUSE_MS) last = { at: now, result: run() };
      return last.result;
    },
  };
}

async function withDeadline(name: string, probe: Probe, timeoutMs: number): Promise<PartState> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    const state = await Promise.race([probe().then(() => "ok" as const), deadline]);
    if (state === "timeout") log.warn("readiness check timed out", { part: name, timeoutMs });
    return state;
  } catch (error) {
    // The reason goes to the log only: the answer is public and names no host or error.
    log.warn("readiness check failed", { part: name, error });
    return "failed";
  } finally {
    clearTimeout(timer);
  }
}
