import { getDatabaseHandle, pingDatabase } from "~/lib/db.server";
import { currentStaff } from "~/lib/guard.server";
import { checkLoginAttempts, minutesLeft } from "~/lib/login.server";
import type { Route } from "./+types/login.status";

/**
 * The sign-in page's debug panel: whether sign-in can work at all, and the lock state
 * of the typed address. Never hashes, tokens or secrets, and the same answer whether
 * or not an account exists (attempts are counted for any address).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const handle = getDatabaseHandle();
  const reachable = handle
    ? await pingDatabase(handle.db).then(
        () => true,
        () => false,
      )
    : false;
  const email = new URL(request.url).searchParams.get("email")?.slice(0, 254) ?? "";
  let lock = "enter an e-mail address";
  if (reachable && email) {
    const state = await checkLoginAttempts(handle!.db, email);
    lock = state.is_locked ? `locked for ${minutesLeft(state)} more minutes` : "not locked";
  }
  const signedIn = reachable ? Boolean(await currentStaff(request, context).catch(() => null)) : false;
  return Response.json(
    {
      authConfigured: reachable,
      database: reachable ? `${handle!.kind}, reachable` : "not reachable",
      signedIn,
      lock,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
