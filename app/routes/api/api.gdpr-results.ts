import { clientIpOf } from "~/lib/platform/request-context";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { gdprPayloadSchema, submitGdprResults } from "~/lib/visitor-forms/gdpr.server";
import { handleApi, jsonResponse, methodNotAllowed, readJsonObject, validationError } from "~/lib/platform/http.server";
import { rateLimits } from "~/lib/platform/rate-limit.server";
import { enforceRateLimit, isHoneypotFilled } from "~/lib/visitor-forms/visitor-forms.server";
import { checkSubmission } from "~/lib/visitor-forms/anti-spam.server";
import type { Route } from "./+types/api.gdpr-results";

/** POST /api/gdpr-results: stores the answers and e-mails the analysis to the address given. */
export const loader = () => methodNotAllowed();

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const body = await readJsonObject(request, 64 * 1024);
    if (isHoneypotFilled(body)) return jsonResponse({ success: true });
    const db = getDb();
    await enforceRateLimit(db, rateLimits.gdpr, clientIpOf(context));
    const parsed = gdprPayloadSchema.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    // The time trap and proof of work (decision 062); the spec's bare JSON is kept, unverified.
    const { verified } = await checkSubmission(db, body);
    const { analysis, newsletter } = await submitGdprResults(db, parsed.data, {
      verified,
      ip: clientIpOf(context),
      siteUrl: getConfig().siteUrl,
    });
    return jsonResponse({ success: true, scorePercent: analysis.scorePercent, newsletter }, 201);
  });
}
