import { clientIpOf } from "~/lib/platform/request-context";
import { z } from "zod";
import { reauthApiError } from "~/lib/auth/api-errors.server";
import { beginEnrolment } from "~/lib/auth/two-step.server";
import { getDb } from "~/lib/platform/db.server";
import { requireStaffApi } from "~/lib/auth/guard.server";
import {
  ApiError,
  handleApi,
  jsonResponse,
  methodNotAllowed,
  readJsonObject,
  validationError,
} from "~/lib/platform/http.server";
import { requestMeta } from "~/lib/auth/session.server";
import type { Route } from "./+types/api.auth.factors";

const enrolSchema = z.object({
  friendly_name: z.string().trim().min(1).max(60).default("Authenticator"),
  factor_type: z.literal("totp", 'Only factor_type "totp" is supported'),
  issuer: z.string().max(60).optional(),
});

/**
 * POST /api/auth/factors {friendly_name, factor_type: "totp"}: starts TOTP enrolment;
 * confirm with .../verify. Needs a re-authentication within 5 minutes
 * (POST /api/auth/reauthenticate), or 403.
 */
export function action({ request, context, pattern }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const session = await requireStaffApi({ context, pattern, request });
    const parsed = enrolSchema.safeParse(await readJsonObject(request, 4 * 1024));
    if (!parsed.success) throw validationError(parsed.error);
    const result = await beginEnrolment(
      getDb(),
      session,
      { friendlyName: parsed.data.friendly_name },
      requestMeta(request, clientIpOf(context)),
    );
    // A second factor is replaced only after turning the current one off (which needs a code).
    if (result.kind === "already-on") throw new ApiError(409, "Two-step verification is already on");
    if (result.kind === "reauth") throw await reauthApiError(result.outcome);
    const { enrolment } = result;
    return jsonResponse(
      {
        id: enrolment.factorId,
        type: "totp",
        friendly_name: parsed.data.friendly_name,
        totp: { qr_code: enrolment.qrCode, secret: enrolment.secret, uri: enrolment.uri },
      },
      201,
    );
  });
}

export const loader = () => methodNotAllowed();
