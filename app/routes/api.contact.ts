import { CONTACT_SUCCESS, contactSchema, submitContact } from "~/lib/contact.server";
import { getConfig } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import {
  ApiError,
  handleApi,
  jsonResponse,
  methodNotAllowed,
  readJsonObject,
  validationError,
} from "~/lib/http.server";
import { kickMailWorker } from "~/lib/mail.server";
import { subscribe } from "~/lib/newsletter.server";
import { rateLimits } from "~/lib/rate-limit.server";
import { isValidEmail, MESSAGES } from "~/lib/validation";
import { enforceRateLimit, isHoneypotFilled } from "~/lib/visitor-forms.server";
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
      if (isHoneypotFilled(body)) return jsonResponse({ success: true, alreadySubscribed: false });
      await enforceRateLimit(db, rateLimits.newsletter, context.clientIp);
      const email = typeof body.email === "string" ? body.email.trim().toLowerCase() : "";
      if (!email) throw new ApiError(400, MESSAGES.fillIn("email"));
      if (!isValidEmail(email)) throw new ApiError(400, MESSAGES.invalidEmail);
      const { alreadySubscribed } = await subscribe(db, { email, ip: context.clientIp, source: "footer" }, siteUrl);
      kickMailWorker();
      return jsonResponse({ success: true, alreadySubscribed });
    }

    if (isHoneypotFilled(body)) return jsonResponse({ success: true, message: CONTACT_SUCCESS });
    await enforceRateLimit(db, rateLimits.contact, context.clientIp);
    const parsed = contactSchema.safeParse(body);
    if (!parsed.success) throw validationError(parsed.error);
    await submitContact(db, parsed.data, siteUrl);
    kickMailWorker();
    return jsonResponse({ success: true, message: CONTACT_SUCCESS }, 201);
  });
}
