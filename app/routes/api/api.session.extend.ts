import { clientIpOf } from "~/lib/platform/request-context";
import { getDb } from "~/lib/platform/db.server";
import { requireStaffApi } from "~/lib/auth/guard.server";
import { jsonResponse, methodNotAllowed } from "~/lib/platform/http.server";
import { now } from "~/lib/platform/clock.server";
import { extendSession, requestMeta, sessionCookie, readSessionToken } from "~/lib/auth/session.server";
import type { Route } from "./+types/api.session.extend";

/**
 * POST /api/session/extend: "Extend Session" sets a new 24-hour expiry on the server, but
 * never past `maxExpiresAt`, 7 days after the password was last entered.
 */
export async function action({ request, context, pattern }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const session = await requireStaffApi({ context, pattern, request });
  const expiresAt = await extendSession(getDb(), session, requestMeta(request, clientIpOf(context)));
  const body = {
    expiresAt: expiresAt.toISOString(),
    expiresInMs: expiresAt.getTime() - now().getTime(),
    maxExpiresAt: session.maxExpiresAt.toISOString(),
  };
  return jsonResponse(body, 200, {
    "Set-Cookie": await sessionCookie((await readSessionToken(request))!, expiresAt),
  });
}

export const loader = () => methodNotAllowed();
