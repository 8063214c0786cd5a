import { clockOffset, setClockOffset } from "~/lib/platform/clock.server";
import { getConfig } from "~/lib/platform/config.server";
import { getDueScheduler } from "~/lib/platform/due-scheduler.server";
import type { Route } from "./+types/test-hooks";

/**
 * Test hooks for the browser tests, a 404 unless the server runs with TEST_HOOKS=true
 * (which the configuration refuses with an https SITE_URL):
 *   POST /__test/clock {offsetMs}       moves the server's clock (lockout, session expiry)
 * and, in server/app.ts, the request header `x-test-fault: database-down` (error states).
 */
export async function action({ request, params }: Route.ActionArgs) {
  if (!getConfig().testHooks) return new Response("Not Found", { status: 404 });
  const body = (await request.json().catch(() => ({}))) as { offsetMs?: unknown; available?: unknown };
  if (params.hook === "clock" && typeof body.offsetMs === "number" && Number.isFinite(body.offsetMs)) {
    setClockOffset(body.offsetMs);
    // What falls due at the new time happens now, not at the next round.
    getDueScheduler()?.kick();
    return Response.json({ offsetMs: clockOffset() });
  }
  return Response.json({ error: "Unknown hook or bad body" }, { status: 400 });
}

export function loader() {
  return new Response("Not Found", { status: 404 });
}
