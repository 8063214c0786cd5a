import { clientIpOf } from "~/lib/platform/request-context";
import { z } from "zod";
import { reauthApiError } from "~/lib/auth/api-errors.server";
import { startChallenge, turnOffTwoStep, verifyChallenge } from "~/lib/auth/two-step.server";
import { getDb } from "~/lib/platform/db.server";
import { currentStaff, requireStaffApi } from "~/lib/auth/guard.server";
import {
  ApiError,
  handleApi,
  jsonResponse,
  methodNotAllowed,
  readJsonObject,
  validationError,
} from "~/lib/platform/http.server";
import { clearSessionCookie, requestMeta } from "~/lib/auth/session.server";
import type { Route } from "./+types/api.auth.factor";

/**
 * The second-factor (TOTP) endpoints, with the request and response fields their clients expect:
 *   DELETE /api/auth/factors/{id}              {code}   (after POST /api/auth/reauthenticate)
 *   POST   /api/auth/factors/{id}/challenge   → {id, expires_at}
 *   POST   /api/auth/factors/{id}/verify      {code, challenge_id}
 * A session that still owes its second factor may challenge and verify, nothing else.
 * Codes count against the account's one code budget (auth/code-budget.server.ts): when it
 * is used up the answer is 429 and the session is signed out.
 */
const tooManyCodes = async (retryAfterSeconds: number) =>
  new ApiError(429, "Too many attempts", {
    "Retry-After": String(retryAfterSeconds),
    "Set-Cookie": await clearSessionCookie(),
  });

export function action({ request, context, params, pattern }: Route.ActionArgs) {
  return handleApi(async () => {
    const db = getDb();
    const meta = requestMeta(request, clientIpOf(context));
    const factorId = params.id;
    if (!z.uuid().safeParse(factorId).success) throw new ApiError(404, "Factor not found");
    const verb = params.verb;

    if (request.method === "DELETE" && !verb) {
      const session = await requireStaffApi({ context, pattern, request });
      const body = await readJsonObject(request, 4 * 1024).catch(() => ({}) as Record<string, unknown>);
      const code = typeof body.code === "string" ? body.code : "";
      const result = await turnOffTwoStep(db, session, { code, factorId }, meta, "api-delete");
      switch (result.kind) {
        case "reauth":
          throw await reauthApiError(result.outcome);
        case "exhausted":
          throw await tooManyCodes(result.retryAfterSeconds);
        case "invalid-code":
          throw new ApiError(400, "A current code is required");
        case "not-found":
          throw new ApiError(404, "Factor not found");
        case "off":
          return jsonResponse({ id: factorId });
      }
    }
    if (request.method !== "POST" || (verb !== "challenge" && verb !== "verify"))
      return methodNotAllowed("POST, DELETE");

    const session = await currentStaff(context);
    if (!session) throw new ApiError(401, "Not signed in");
    if (verb === "challenge") {
      const result = await startChallenge(db, session, factorId);
      if (result.kind === "exhausted") throw await tooManyCodes(result.retryAfterSeconds);
      if (result.kind === "not-found") throw new ApiError(404, "Factor not found");
      const { id, expiresAt } = result.challenge;
      return jsonResponse({ id, expires_at: Math.floor(expiresAt.getTime() / 1000) }, 201);
    }

    const parsed = z
      .object({ code: z.string().trim().min(6).max(32), challenge_id: z.string().uuid() })
      .safeParse(await readJsonObject(request, 4 * 1024));
    if (!parsed.success) throw validationError(parsed.error);
    const result = await verifyChallenge(
      db,
      session,
      { factorId, challengeId: parsed.data.challenge_id, code: parsed.data.code },
      meta,
    );
    switch (result.kind) {
      case "not-found":
        throw new ApiError(404, "Factor not found");
      case "challenge-invalid":
        throw new ApiError(400, "The challenge has expired or was used");
      case "exhausted":
        throw await tooManyCodes(result.retryAfterSeconds);
      case "invalid":
        throw new ApiError(400, "Invalid code");
      case "not-signed-in":
      case "ended":
        throw new ApiError(401, "Not signed in");
      case "reauth":
        throw await reauthApiError(result.outcome);
      case "verified":
        // A new session token: the one this request came with no longer works.
        return jsonResponse({ verified: true }, 200, { "Set-Cookie": result.cookie });
      case "on":
        return jsonResponse({ verified: true, recovery_codes: result.recoveryCodes });
    }
  });
}

export const loader = () => methodNotAllowed("POST, DELETE");
