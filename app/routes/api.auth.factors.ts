import { z } from "zod";
import { getDb } from "~/lib/db.server";
import { requireStaffApi } from "~/lib/guard.server";
import {
  ApiError,
  handleApi,
  jsonResponse,
  methodNotAllowed,
  readJsonObject,
  validationError,
} from "~/lib/http.server";
import { factorStatus, startEnrolment } from "~/lib/mfa.server";
import type { Route } from "./+types/api.auth.factors";

const enrolSchema = z.object({
  friendly_name: z.string().trim().min(1).max(60).default("Authenticator"),
  factor_type: z.literal("totp", 'Only factor_type "totp" is supported'),
  issuer: z.string().max(60).optional(),
});

/** POST /api/auth/factors (SPEC §7): starts TOTP enrolment; confirm with .../verify. */
export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const session = await requireStaffApi(request, context);
    const parsed = enrolSchema.safeParse(await readJsonObject(request, 4 * 1024));
    if (!parsed.success) throw validationError(parsed.error);
    // A second factor is replaced only after turning the current one off (which needs a code).
    if (await factorStatus(getDb(), session.userId)) throw new ApiError(409, "Two-step verification is already on");
    const enrolment = await startEnrolment(
      getDb(),
      { userId: session.userId, email: session.email },
      parsed.data.friendly_name,
    );
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
