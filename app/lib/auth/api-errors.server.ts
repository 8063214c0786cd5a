import { ApiError } from "../platform/http.server";
import { LOGIN_MESSAGES, minutesLeft } from "./login.server";
import { clearSessionCookie } from "./session.server";
import type { ReauthOutcome } from "./reauth.server";

/** A refused re-authentication as the staff API's JSON error. */
export async function reauthApiError(outcome: Exclude<ReauthOutcome, { kind: "ok" }>) {
  switch (outcome.kind) {
    case "required":
      return new ApiError(403, "Confirm your password first (POST /api/auth/reauthenticate)");
    case "invalid":
      return new ApiError(400, "Incorrect password");
    case "throttled":
      return new ApiError(429, LOGIN_MESSAGES.tooMany);
    case "locked":
      return new ApiError(
        423,
        LOGIN_MESSAGES.locked(minutesLeft(outcome.lock)),
        outcome.signedOut ? { "Set-Cookie": await clearSessionCookie() } : {},
      );
  }
}
