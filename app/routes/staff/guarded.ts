import { requireStaffPage } from "~/lib/auth/guard.server";
import type { Route } from "./+types/guarded";

/**
 * The staff pages' guard, once for all of them: without a session the visitor goes to
 * the home page, with the second factor still owed to /login/mfa. It runs before any
 * loader or action below it, so no page can forget it.
 */
export const middleware: Route.MiddlewareFunction[] = [requireStaffPage];
