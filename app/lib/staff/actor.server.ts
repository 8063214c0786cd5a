import type { Role } from "../auth/roles";
import type { RouterContextProvider } from "react-router";
import { staffSession } from "../auth/guard.server";
import { clientIpOf } from "../platform/request-context";

/** The signed-in staff member as the author of a change: for notes and security events. */
export function staffActor(request: Request, context: Readonly<RouterContextProvider>) {
  return actorOf(request, context, staffSession(context));
}

/** The same for the staff JSON API, whose guard hands over the session itself. */
export function actorOf(
  request: Request,
  context: Readonly<RouterContextProvider>,
  session: { userId: string; fullName?: string | null; email: string; role: Role },
) {
  return {
    userId: session.userId,
    // What domain functions check beyond the route's permission (an author's own posts).
    role: session.role,
    name: session.fullName || session.email,
    ip: clientIpOf(context),
    userAgent: (request.headers.get("user-agent") ?? "").slice(0, 512),
  };
}
