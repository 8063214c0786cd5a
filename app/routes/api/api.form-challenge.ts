import { issueChallenge } from "~/lib/visitor-forms/anti-spam.server";
import { handleApi, jsonResponse, methodNotAllowed } from "~/lib/platform/http.server";

/**
 * GET /api/form-challenge: a fresh proof-of-work challenge for a visitor form
 * (decision 062), fetched by the browser's solver on the form's first focus. Costs one
 * HMAC and no database; never cached (jsonResponse sends no-store).
 */
export function loader() {
  return handleApi(async () => jsonResponse(await issueChallenge()));
}

export const action = () => methodNotAllowed();
