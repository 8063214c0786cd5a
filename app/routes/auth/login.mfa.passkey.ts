import { LOGIN_MESSAGES } from "~/lib/auth/sign-in-forms";
import { currentStaff } from "~/lib/auth/guard.server";
import { PASSKEY_MESSAGES } from "~/lib/auth/passkey-forms";
import { secondStepOptions, verifyPasskeySecondStep } from "~/lib/auth/passkey-sign-in.server";
import { clearSessionCookie, requestMeta } from "~/lib/auth/session.server";
import { getDb } from "~/lib/platform/db.server";
import { clientIpOf } from "~/lib/platform/request-context";
import type { Route } from "./+types/login.mfa.passkey";

/**
 * POST /login/mfa/passkey (decision 065): the second step of a password sign-in with a
 * passkey instead of a code. Only for a session that still owes its second step; the
 * challenge is bound to that session on the server. JSON, for the page's button.
 */
const json = (body: Record<string, unknown>, status = 200, headers: [string, string][] = []) =>
  Response.json(body, { status, headers: [["Cache-Control", "no-store"], ...headers] });

export async function action({ request, context }: Route.ActionArgs) {
  const session = await currentStaff(context);
  if (!session?.mfaPending) return json({ error: "Not signed in" }, 401);
  const db = getDb();
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  if (intent === "options") {
    const options = await secondStepOptions(db, session);
    return options ? json({ options }) : json({ error: PASSKEY_MESSAGES.secondStepFailed }, 404);
  }
  const raw = form?.get("response");
  let response: unknown = null;
  try {
    response = intent === "verify" && typeof raw === "string" && raw.length <= 32_768 ? JSON.parse(raw) : null;
  } catch {
    response = null;
  }
  if (!response) return json({ error: PASSKEY_MESSAGES.secondStepFailed }, 400);
  const result = await verifyPasskeySecondStep(db, session, response, requestMeta(request, clientIpOf(context)));
  switch (result.kind) {
    case "exhausted":
      return json({ error: LOGIN_MESSAGES.tooManyCodes }, 429, [
        ["Set-Cookie", await clearSessionCookie()],
        ["Retry-After", String(result.retryAfterSeconds)],
      ]);
    case "ended":
      return json({ error: LOGIN_MESSAGES.tooManyCodes }, 401, [["Set-Cookie", await clearSessionCookie()]]);
    case "invalid":
      return json({ error: PASSKEY_MESSAGES.secondStepFailed }, 401);
    case "verified":
      return json({ message: LOGIN_MESSAGES.success }, 200, [["Set-Cookie", result.cookie]]);
  }
}
