import { z } from "zod";
import { getDb } from "~/lib/db.server";
import { currentStaff, requireStaffApi } from "~/lib/guard.server";
import {
  ApiError,
  handleApi,
  jsonResponse,
  methodNotAllowed,
  readJsonObject,
  validationError,
} from "~/lib/http.server";
import {
  confirmEnrolment,
  consumeChallenge,
  createChallenge,
  factorStatus,
  removeFactor,
  verifySecondFactor,
} from "~/lib/mfa.server";
import { consumeRateLimit, rateLimits } from "~/lib/rate-limit.server";
import { endOtherSessions, markMfaVerified, readSessionToken, requestMeta, sessionCookie } from "~/lib/session.server";
import type { Route } from "./+types/api.auth.factor";

/**
 * The factor endpoints of SPEC §7:
 *   DELETE /api/auth/factors/{id}
 *   POST   /api/auth/factors/{id}/challenge   → {id, expires_at}
 *   POST   /api/auth/factors/{id}/verify      {code, challenge_id}
 * A session that still owes its second factor may challenge and verify, nothing else.
 */
export function action({ request, context, params }: Route.ActionArgs) {
  return handleApi(async () => {
    const db = getDb();
    const meta = requestMeta(request, context.clientIp);
    const factorId = params.id;
    if (!z.uuid().safeParse(factorId).success) throw new ApiError(404, "Factor not found");
    const verb = params.verb;

    if (request.method === "DELETE" && !verb) {
      const session = await requireStaffApi(request, context);
      // Turning two-step verification off needs a current code, as in the settings page.
      const body = await readJsonObject(request, 4 * 1024).catch(() => ({}) as Record<string, unknown>);
      const code = typeof body.code === "string" ? body.code : "";
      if (!(await consumeRateLimit(db, rateLimits.mfa, session.userId)).allowed)
        throw new ApiError(429, "Too many attempts");
      if (!(await verifySecondFactor(db, session.userId, code, meta)))
        throw new ApiError(400, "A current code is required");
      if (!(await removeFactor(db, session.userId, factorId, meta))) throw new ApiError(404, "Factor not found");
      return jsonResponse({ id: factorId });
    }
    if (request.method !== "POST" || (verb !== "challenge" && verb !== "verify"))
      return methodNotAllowed("POST, DELETE");

    const session = await currentStaff(request, context);
    if (!session) throw new ApiError(401, "Not signed in");
    if (verb === "challenge") {
      const challenge = await createChallenge(db, session.userId, factorId);
      if (!challenge) throw new ApiError(404, "Factor not found");
      return jsonResponse({ id: challenge.id, expires_at: Math.floor(challenge.expiresAt.getTime() / 1000) }, 201);
    }

    const parsed = z
      .object({ code: z.string().trim().min(6).max(32), challenge_id: z.string().uuid() })
      .safeParse(await readJsonObject(request, 4 * 1024));
    if (!parsed.success) throw validationError(parsed.error);
    if (!(await consumeChallenge(db, factorId, parsed.data.challenge_id)))
      throw new ApiError(400, "The challenge has expired or was used");

    if (!(await consumeRateLimit(db, rateLimits.mfa, session.userId)).allowed)
      throw new ApiError(429, "Too many attempts");
    const confirmed = await factorStatus(db, session.userId);
    if (confirmed?.id === factorId) {
      if (!(await verifySecondFactor(db, session.userId, parsed.data.code, meta)))
        throw new ApiError(400, "Invalid code");
      const expiresAt = await markMfaVerified(db, session.id);
      return jsonResponse({ verified: true }, 200, {
        "Set-Cookie": sessionCookie(readSessionToken(request)!, expiresAt),
      });
    }
    // An unconfirmed factor: this is the end of enrolment (only for a fully signed-in session).
    if (session.mfaPending) throw new ApiError(401, "Not signed in");
    const codes = await confirmEnrolment(db, session.userId, factorId, parsed.data.code, meta);
    if (!codes) throw new ApiError(400, "Invalid code");
    await endOtherSessions(db, session, meta);
    return jsonResponse({ verified: true, recovery_codes: codes });
  });
}

export const loader = () => methodNotAllowed("POST, DELETE");
