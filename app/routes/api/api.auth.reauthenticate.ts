import { clientIpOf } from "~/lib/platform/request-context";
import { reauthApiError } from "~/lib/auth/api-errors.server";
import { reauthenticate, reauthenticatedUntil } from "~/lib/auth/reauth.server";
import { getDb } from "~/lib/platform/db.server";
import { requireStaffApi } from "~/lib/auth/guard.server";
import { handleApi, jsonResponse, methodNotAllowed, readJsonObject } from "~/lib/platform/http.server";
import { requestMeta } from "~/lib/auth/session.server";
import type { Route } from "./+types/api.auth.reauthenticate";

/**
 * POST /api/auth/reauthenticate {password} → {reauthenticated_until}: the password again,
 * for the sensitive API calls of the next 5 minutes (enrolling or removing a factor).
 * Counted like a sign-in: 400 wrong password, 423 locked (the locking attempt also ends
 * the session), 429 too many failures from this address.
 */
export function action({ request, context, pattern }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const session = await requireStaffApi({ context, pattern, request });
    const body = await readJsonObject(request, 4 * 1024);
    const password = typeof body.password === "string" ? body.password : "";
    const outcome = await reauthenticate(getDb(), session, password, requestMeta(request, clientIpOf(context)));
    if (outcome.kind !== "ok") throw await reauthApiError(outcome);
    return jsonResponse({ reauthenticated_until: reauthenticatedUntil(session)?.toISOString() });
  });
}

export const loader = () => methodNotAllowed();
