import type { Database } from "~/lib/platform/db.server";
import { beginPasskeyRegistration, finishPasskeyRegistration } from "~/lib/auth/passkeys.server";
import type { RequestMeta, StaffSession } from "~/lib/auth/session.server";
import { relyingParty } from "~/lib/auth/webauthn.server";
import { softPasskey } from "./soft-authenticator";

/** The relying party as the server sees it, for the software passkey. */
export const rpOfServer = () => {
  const rp = relyingParty();
  return { id: rp.id, origin: rp.origins[0]! };
};

/** A software passkey added to this session's account through the real two steps (password first). */
export async function addSoftPasskey(
  db: Database,
  session: StaffSession,
  password: string,
  meta: RequestMeta,
  name = "Testnøkkel",
) {
  const key = softPasskey(rpOfServer(), session.userId);
  const begun = await beginPasskeyRegistration(db, session, { name, password }, meta);
  if (begun.kind !== "options") throw new Error(`registration refused: ${begun.kind}`);
  const finished = await finishPasskeyRegistration(db, session, key.register(begun.options), meta);
  if (finished.kind !== "added") throw new Error(`registration refused: ${finished.kind}`);
  return { key, id: finished.id };
}
