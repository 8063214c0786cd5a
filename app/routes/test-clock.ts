import { clockOffset, setClockOffset } from "~/lib/clock.server";
import { getConfig } from "~/lib/config.server";

/**
 * POST /__test/clock {offsetMs}: moves the server's clock for browser tests of
 * lockout and session expiry. A 404 unless the server runs with TEST_CLOCK=true.
 */
export async function action({ request }: { request: Request }) {
  if (!getConfig().testClock) return new Response("Not Found", { status: 404 });
  const body = (await request.json().catch(() => ({}))) as { offsetMs?: unknown };
  if (typeof body.offsetMs !== "number" || !Number.isFinite(body.offsetMs)) {
    return Response.json({ error: "offsetMs must be a number" }, { status: 400 });
  }
  setClockOffset(body.offsetMs);
  return Response.json({ offsetMs: clockOffset() });
}

export function loader() {
  return new Response("Not Found", { status: 404 });
}
