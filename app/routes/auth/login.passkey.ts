import { createCookie } from "react-router";
import { LOGIN_MESSAGES } from "~/lib/auth/sign-in-forms";
import { minutesLeft } from "~/lib/auth/login.server";
import { PASSKEY_MESSAGES, PASSKEY_SIGN_IN_PATH } from "~/lib/auth/passkey-forms";
import { passkeySignInOptions, signInWithPasskey } from "~/lib/auth/passkey-sign-in.server";
import { requestMeta } from "~/lib/auth/session.server";
import { CHALLENGE_TTL_MS } from "~/lib/auth/webauthn.server";
import { getConfig } from "~/lib/platform/config.server";
import { DatabaseUnavailableError, getDb } from "~/lib/platform/db.server";
import { log } from "~/lib/platform/log.server";
import { clientIpOf } from "~/lib/platform/request-context";
import type { Route } from "./+types/login.passkey";

/**
 * POST /login/passkey (decision 065), public like /login: `intent=options` answers the
 * browser's options and sets a cookie binding their challenge to this browser (the
 * challenge itself stays on the server); `intent=verify` with the browser's answer signs
 * in and sets the session cookie. JSON, for the sign-in page's button.
 */
const bindingCookie = () =>
  createCookie("passkey_sign_in", {
    path: PASSKEY_SIGN_IN_PATH,
    httpOnly: true,
    sameSite: "strict",
    secure: getConfig().secureCookies,
    maxAge: CHALLENGE_TTL_MS / 1000,
  });

const json = (body: Record<string, unknown>, status = 200, headers: [string, string][] = []) =>
  Response.json(body, { status, headers: [["Cache-Control", "no-store"], ...headers] });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  const cookie = bindingCookie();
  try {
    if (intent === "options") {
      const asked = await passkeySignInOptions(getDb(), clientIpOf(context));
      if (!asked) return json({ error: LOGIN_MESSAGES.tooMany }, 429);
      const { options, binding } = asked;
      return json({ options }, 200, [["Set-Cookie", await cookie.serialize(binding)]]);
    }
    const raw = form?.get("response");
    if (intent !== "verify" || typeof raw !== "string" || raw.length > 32_768) {
      return json({ error: PASSKEY_MESSAGES.signInFailed }, 400);
    }
    let response: unknown;
    try {
      response = JSON.parse(raw);
    } catch {
      return json({ error: PASSKEY_MESSAGES.signInFailed }, 400);
    }
    const binding: unknown = await cookie.parse(request.headers.get("cookie"));
    const meta = requestMeta(request, clientIpOf(context));
    const result = await signInWithPasskey(getDb(), typeof binding === "string" ? binding : undefined, response, meta);
    // The binding was good for one answer, whatever it was.
    const cleared: [string, string] = ["Set-Cookie", await cookie.serialize("", { maxAge: 0 })];
    switch (result.kind) {
      case "throttled":
        return json({ error: LOGIN_MESSAGES.tooMany }, 429, [cleared]);
      case "locked":
        return json({ error: LOGIN_MESSAGES.locked(minutesLeft(result.lock)) }, 423, [cleared]);
      case "invalid":
        return json({ error: PASSKEY_MESSAGES.signInFailed }, 401, [cleared]);
      case "signed-in":
        return json({ message: LOGIN_MESSAGES.success }, 200, [
          cleared,
          ...result.cookies.map((cookie): [string, string] => ["Set-Cookie", cookie]),
        ]);
    }
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) return json({ error: LOGIN_MESSAGES.notConfigured }, 503);
    log.error("passkey sign-in failed", { error });
    return json({ error: LOGIN_MESSAGES.unexpected }, 500);
  }
}
