import { clientIpOf } from "~/lib/platform/request-context";
import { redirect } from "react-router";
import { getDb } from "~/lib/platform/db.server";
import { currentStaff } from "~/lib/auth/guard.server";
import { clearSessionCookie, endSession, requestMeta } from "~/lib/auth/session.server";
import type { Route } from "./+types/logout";

/**
 * POST /logout: ends the session on the server (a copied cookie stops working) and
 * records why: "logout", or "session_expired" when the session banner ran out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await currentStaff(context);
  const form = await request.formData().catch(() => new FormData());
  const expired = form.get("reason") === "expired";
  if (session) {
    await endSession(
      getDb(),
      session.id,
      session.userId,
      expired ? "session_expired" : "logout",
      requestMeta(request, clientIpOf(context)),
    );
  }
  return redirect(expired ? "/login?expired=1" : "/login", { headers: { "Set-Cookie": await clearSessionCookie() } });
}

export function loader() {
  return redirect("/");
}
