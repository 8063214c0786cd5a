import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { getConfig } from "../platform/config.server";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";

/**
 * The WebAuthn plumbing the passkey flows share (decision 065): who the relying party is,
 * and challenges kept on the server. A challenge is used once, lasts 5 minutes, and is
 * bound either to the session that asked for it or (a passkey sign-in, before any session
 * exists) to the hash of a random token in a short-lived cookie. The response names its
 * challenge in clientDataJSON; the row must match that challenge *and* the binding, so a
 * response made for another browser's challenge finds nothing, and a replay finds it used.
 */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export type ChallengePurpose = "register" | "sign-in" | "second-step";

const LOOPBACK_IPS = new Set(["127.0.0.1", "[::1]"]);

/**
 * The RP ID and the origins assertions may come from, from SITE_URL. Browsers refuse an
 * IP address as RP ID, so a site on a loopback IP (tests, a laptop) uses "localhost" and
 * its origin on the same port; config.server.ts accepts that twin's writes too.
 */
export function relyingParty() {
  const site = new URL(getConfig().siteUrl);
  if (LOOPBACK_IPS.has(site.hostname)) {
    return { id: "localhost", origins: [`${site.protocol}//localhost${site.port ? `:${site.port}` : ""}`] };
  }
  return { id: site.hostname, origins: [site.origin] };
}

type Binding = { sessionId: string } | { bindingHash: string };

export async function storeChallenge(
  db: Database,
  input: { challenge: string; purpose: ChallengePurpose; userId?: string; name?: string } & Binding,
) {
  // Expired challenges go with every new one: the table never grows past five minutes' worth.
  await db.delete(schema.webauthnChallenges).where(lt(schema.webauthnChallenges.expiresAt, now()));
  await db.insert(schema.webauthnChallenges).values({
    challenge: input.challenge,
    purpose: input.purpose,
    userId: input.userId ?? null,
    sessionId: "sessionId" in input ? input.sessionId : null,
    bindingHash: "bindingHash" in input ? input.bindingHash : null,
    name: input.name ?? null,
    expiresAt: new Date(now().getTime() + CHALLENGE_TTL_MS),
  });
}

/** The challenge a response was made for (clientDataJSON's), or null when it cannot be read. */
export function challengeOf(response: unknown): string | null {
  try {
    const clientData = (response as { response?: { clientDataJSON?: unknown } })?.response?.clientDataJSON;
    if (typeof clientData !== "string" || clientData.length > 4096) return null;
    const parsed: unknown = JSON.parse(Buffer.from(clientData, "base64url").toString("utf8"));
    const challenge = (parsed as { challenge?: unknown })?.challenge;
    return typeof challenge === "string" && challenge.length <= 512 ? challenge : null;
  } catch {
    return null;
  }
}

/**
 * Uses the challenge once (a conditional update: of two requests with it, one wins).
 * Null when it is unknown, another binding's or purpose's, expired or already used.
 */
export async function consumeChallenge(db: Database, response: unknown, purpose: ChallengePurpose, binding: Binding) {
  const challenge = challengeOf(response);
  if (!challenge) return null;
  const c = schema.webauthnChallenges;
  const [row] = await db
    .update(c)
    .set({ usedAt: now() })
    .where(
      and(
        eq(c.challenge, challenge),
        eq(c.purpose, purpose),
        "sessionId" in binding ? eq(c.sessionId, binding.sessionId) : eq(c.bindingHash, binding.bindingHash),
        isNull(c.usedAt),
        gt(c.expiresAt, now()),
      ),
    )
    .returning({ challenge: c.challenge, userId: c.userId, name: c.name });
  return row ?? null;
}

/** The credential id an assertion or attestation names, when it is a plausible one. */
export function credentialIdOf(response: unknown): string | null {
  const id = (response as { id?: unknown })?.id;
  return typeof id === "string" && /^[A-Za-z0-9_-]{1,1366}$/.test(id) ? id : null;
}
