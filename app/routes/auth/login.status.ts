import { getDatabaseHandle, pingDatabase } from "~/lib/platform/db.server";
import { currentStaff } from "~/lib/auth/guard.server";
import type { Route } from "./+types/login.status";

/**
 * What the sign-in page's debug panel reads: whether sign-in can work at all. Never
 * hashes, tokens or secrets, and nothing about any address: whether one is locked is
 * not answered here (to anyone), since that would tell a stranger which addresses are
 * being guessed at and let them watch a lockout. The person signing in learns of a
 * lock from their own failed sign-in, which answers 423 with the minutes left.
 */
const LOCK_STATE_HINT = "shown when you sign in";

export async function loader({ context }: Route.LoaderArgs) {
  const handle = getDatabaseHandle();
  const reachable = handle
    ? await pingDatabase(handle.db).then(
        () => true,
        () => false,
      )
    : false;
  const signedIn = reachable ? Boolean(await currentStaff(context).catch(() => null)) : false;
  return Response.json(
    {
      authConfigured: reachable,
      database: reachable ? `${handle!.kind}, reachable` : "not reachable",
      signedIn,
      // The panel shows this under "Lock state"; the same for every address.
      lock: LOCK_STATE_HINT,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
