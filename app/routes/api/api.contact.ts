import { clientIpOf } from "~/lib/platform/request-context";
import { CONTACT_SUCCESS, contactSchema, submitContact } from "~/lib/visitor-forms/contact.server";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { handleApi, jsonResponse, methodNotAllowed, readJsonObject, validationError } from "~/lib/platform/http.server";
import { signUpFromFooter } from "~/lib/visitor-forms/newsletter-signup.server";
import { rateLimits } from "~/lib/platform/rate-limit.server";
import { enforceRateLimit, isHoneypotFilled } from "~/lib/visitor-forms/visitor-forms.server";
import { checkSubmission } from "~/lib/visitor-forms/anti-spam.server";
import type { Route } from "./+types/api.contact";

/**
 * POST /api/contact: the contact wizard ({company, project, email}) and, with
 * type "newsletter", the footer sign-up ({email, type}). 2xx means committed.
 */
export const loader = () => methodNotAllowed();

export function action({ request, context }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed();
    const body = await readJsonObject(request, 16 * 1024);
    const db = getDb();
    const { siteUrl } = getConfig();

    if (body.type === "newsletter") {
      const { alreadySubscribed } = await signUpFromFooter(db, body, { ip: clientIpOf(context), siteUrl });
      return jsonResponse({ success: true, alreadySubscribed });
    }

    if (isHoneypotFilled(body)) return jsonResponse({ success: true, message: CONTACT_SUCCESS });
    await enforceRateLimit(db, rateLimits.contact, clientIpOf(context));
    const parsed = contactSchema.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    // The time trap and proof of work (decision 062); the spec's bare JSON is kept, unverified.
    const sender = await checkSubmission(db, body);
    await submitContact(db, parsed.data, siteUrl, sender);
    return jsonResponse({ success: true, message: CONTACT_SUCCESS }, 201);
  });
}
