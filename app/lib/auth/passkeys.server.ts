import {
  type AuthenticationResponseJSON,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { and, asc, eq } from "drizzle-orm";
import { siteConfig } from "~/content/site";
import { now } from "../platform/clock.server";
import { type Database, schema } from "../platform/db.server";
import { isUuid } from "../platform/ids";
import { log } from "../platform/log.server";
import { enqueueAccountChangeMail } from "./account-mail.server";
import { type ReauthOutcome, requireReauthentication } from "./reauth.server";
import { logSecurityEvent } from "./security-events.server";
import { endOtherSessions, type RequestMeta, type StaffSession } from "./session.server";
import { consumeChallenge, credentialIdOf, relyingParty, storeChallenge } from "./webauthn.server";

/**
 * Passkeys in settings (decision 065): adding one (after the password, like turning on
 * two-step verification), the list, and removing one (after the password, confirmed).
 * Every change e-mails the owner in its transaction and is a security event. The sign-in
 * flows are in passkey-sign-in.server.ts; `verifyAssertion` is shared by them.
 */
const { passkeys } = schema;
export const MAX_PASSKEYS = 10;

type Refused = { kind: "reauth"; outcome: Exclude<ReauthOutcome, { kind: "ok" }> };

async function gate(db: Database, session: StaffSession, password: string | undefined, meta: RequestMeta) {
  const outcome = await requireReauthentication(db, session, password, meta);
  return outcome.kind === "ok" ? null : ({ kind: "reauth", outcome } satisfies Refused);
}

const owner = (session: StaffSession) => ({ email: session.email, fullName: session.fullName });

export async function listPasskeys(db: Database, userId: string) {
  return db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
}

export async function hasPasskey(db: Database, userId: string) {
  const [row] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return Boolean(row);
}

/**
 * Step one of adding a passkey: the browser's options, after re-authentication. The
 * challenge is bound to this session and carries the chosen name.
 */
export async function beginPasskeyRegistration(
  db: Database,
  session: StaffSession,
  input: { name: string; password?: string },
  meta: RequestMeta,
) {
  const refused = await gate(db, session, input.password, meta);
  if (refused) return refused;
  const existing = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, session.userId));
  if (existing.length >= MAX_PASSKEYS) return { kind: "too-many" } as const;
  const rp = relyingParty();
  const options = await generateRegistrationOptions({
    rpName: siteConfig.brand,
    rpID: rp.id,
    userName: session.email,
    userDisplayName: session.fullName || session.email,
    // The account's id, so a discoverable passkey says whose it is without an e-mail typed.
    userID: new TextEncoder().encode(session.userId),
    attestationType: "none",
    excludeCredentials: existing,
    // Discoverable and verified: the passkey can be a whole sign-in (decision 065).
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(db, {
    challenge: options.challenge,
    purpose: "register",
    userId: session.userId,
    sessionId: session.id,
    name: input.name,
  });
  return { kind: "options", options } as const;
}

/**
 * Step two: the browser's answer checked against this session's challenge (once), the
 * passkey stored. Re-authentication must still be fresh (step one made it so).
 */
export async function finishPasskeyRegistration(
  db: Database,
  session: StaffSession,
  response: unknown,
  meta: RequestMeta,
) {
  const refused = await gate(db, session, undefined, meta);
  if (refused) return refused;
  const challenge = await consumeChallenge(db, response, "register", { sessionId: session.id });
  if (!challenge || challenge.userId !== session.userId) return { kind: "invalid" } as const;
  const rp = relyingParty();
  const verified = await verifyRegistrationResponse({
    response: response as RegistrationResponseJSON,
    expectedChallenge: challenge.challenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch((error: unknown) => {
    log.warn("a passkey registration was refused", { error: String(error) });
    return null;
  });
  if (!verified?.verified) return { kind: "invalid" } as const;
  const { credential, credentialBackedUp } = verified.registrationInfo;
  const name = (challenge.name ?? "").trim() || "Tilgangsnøkkel";
  const added = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId: session.userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString("base64url"),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
        backedUp: credentialBackedUp,
      })
      .onConflictDoNothing()
      .returning({ id: passkeys.id });
    if (row) await enqueueAccountChangeMail(tx, owner(session), "passkey_added", meta, `Navn: ${name}`);
    return row;
  });
  if (!added) return { kind: "invalid" } as const;
  await logSecurityEvent(db, {
    p_user_id: session.userId,
    p_action: "passkey_added",
    p_details: { sessionId: session.id, passkeyId: added.id, name },
    p_ip_address: meta.ip,
    p_user_agent: meta.userAgent,
  });
  // Like a new authenticator app: a new factor signs out every other session (an attacker's included).
  await endOtherSessions(db, session, meta);
  return { kind: "added", id: added.id, name } as const;
}

/** Removes one of this account's passkeys, after re-authentication. */
export async function removePasskey(
  db: Database,
  session: StaffSession,
  input: { passkeyId: string; password?: string },
  meta: RequestMeta,
) {
  const refused = await gate(db, session, input.password, meta);
  if (refused) return refused;
  if (!isUuid(input.passkeyId)) return { kind: "not-found" } as const;
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, input.passkeyId), eq(passkeys.userId, session.userId)))
      .returning({ id: passkeys.id, name: passkeys.name });
    if (row) await enqueueAccountChangeMail(tx, owner(session), "passkey_removed", meta, `Navn: ${row.name}`);
    return row;
  });
  if (!removed) return { kind: "not-found" } as const;
  await logSecurityEvent(db, {
    p_user_id: session.userId,
    p_action: "passkey_removed",
    p_details: { sessionId: session.id, passkeyId: removed.id, name: removed.name },
    p_ip_address: meta.ip,
    p_user_agent: meta.userAgent,
  });
  return { kind: "removed", name: removed.name } as const;
}

/** The stored passkey an assertion names, with its account. */
export async function passkeyForAssertion(db: Database, response: unknown) {
  const credentialId = credentialIdOf(response);
  if (!credentialId) return null;
  const [row] = await db
    .select({
      id: passkeys.id,
      userId: passkeys.userId,
      credentialId: passkeys.credentialId,
      publicKey: passkeys.publicKey,
      counter: passkeys.counter,
      transports: passkeys.transports,
      email: schema.users.email,
      disabledAt: schema.users.disabledAt,
    })
    .from(passkeys)
    .innerJoin(schema.users, eq(schema.users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, credentialId));
  return row ?? null;
}
export type StoredPasskey = NonNullable<Awaited<ReturnType<typeof passkeyForAssertion>>>;

/**
 * Checks an assertion against its challenge and stored passkey: signature, origin, RP ID,
 * user verification when required, and the signature count, which must grow unless the
 * authenticator keeps none (0). The new count is written only if nobody wrote one
 * meanwhile, so of two parallel uses one fails. True when it all holds.
 */
export async function verifyAssertion(
  db: Database,
  passkey: StoredPasskey,
  response: unknown,
  expectedChallenge: string,
  requireUserVerification: boolean,
) {
  const rp = relyingParty();
  const result = await verifyAuthenticationResponse({
    response: response as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: rp.origins,
    expectedRPID: rp.id,
    requireUserVerification,
    credential: {
      id: passkey.credentialId,
      publicKey: Buffer.from(passkey.publicKey, "base64url"),
      counter: passkey.counter,
      transports: passkey.transports as AuthenticatorTransportFuture[],
    },
  }).catch((error: unknown) => {
    log.warn("a passkey assertion was refused", { error: String(error) });
    return null;
  });
  if (!result?.verified) return false;
  const updated = await db
    .update(passkeys)
    .set({ counter: result.authenticationInfo.newCounter, lastUsedAt: now() })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ id: passkeys.id });
  return updated.length > 0;
}

type AuthenticatorTransportFuture = NonNullable<RegistrationResponseJSON["response"]["transports"]>[number];
