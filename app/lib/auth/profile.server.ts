import { and, eq, ne } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { getConfig } from "../platform/config.server";
import { type Database, schema } from "../platform/db.server";
import { emailChangeEmail } from "../mail/templates/account-link.server";
import { enqueueMail } from "../mail/mail.server";
import { enqueueAccountChangeMail } from "./account-mail.server";
import { issueAccountToken, markTokenUsed, readAccountToken, type TokenState } from "./account-tokens.server";
import { reauthenticate, type ReauthOutcome } from "./reauth.server";
import { logSecurityEvent } from "./security-events.server";
import type { RequestMeta, StaffSession } from "./session.server";
import { getStudioDetails } from "../studio/studio-details.server";

/**
 * The signed-in staff member's own profile: the name (the dashboard greets them with
 * it) and the e-mail address. A new address needs the current password and takes effect
 * only when the link sent to it is opened (24 hours, once); the old address is then told.
 */
export const EMAIL_CHANGE_MAIL_KIND = "email-change-confirm";

export async function updateProfile(db: Database, session: StaffSession, fullName: string, meta: RequestMeta) {
  const p = schema.profiles;
  await db
    .insert(p)
    .values({ id: session.userId, fullName })
    .onConflictDoUpdate({ target: p.id, set: { fullName, updatedAt: now() } });
  await logSecurityEvent(db, {
    p_user_id: session.userId,
    p_action: "profile_updated",
    p_details: { fields: ["fullName"] },
    p_ip_address: meta.ip,
    p_user_agent: meta.userAgent,
  });
}

async function addressTaken(db: Database, email: string, userId: string) {
  const [other] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(and(eq(schema.users.email, email), ne(schema.users.id, userId)));
  return Boolean(other);
}

export type EmailChangeRequest =
  | { kind: "sent"; to: string }
  | { kind: "same" | "taken" }
  | { kind: "reauth"; outcome: Exclude<ReauthOutcome, { kind: "ok" }> };

/** Asks for a new address: the current password, then a link to the new address. */
export async function requestEmailChange(
  db: Database,
  session: StaffSession,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<EmailChangeRequest> {
  const email = input.email.trim().toLowerCase();
  if (email === session.email) return { kind: "same" };
  const outcome = await reauthenticate(db, session, input.password, meta);
  if (outcome.kind !== "ok") return { kind: "reauth", outcome };
  if (await addressTaken(db, email, session.userId)) return { kind: "taken" };
  await db.transaction(async (tx) => {
    const { link } = await issueAccountToken(tx, {
      userId: session.userId,
      purpose: "email_change",
      newEmail: email,
      createdBy: session.userId,
    });
    const mail = await emailChangeEmail({
      siteUrl: getConfig().siteUrl,
      studio: await getStudioDetails(tx),
      url: link,
      name: session.fullName,
    });
    await enqueueMail(tx, { kind: EMAIL_CHANGE_MAIL_KIND, to: email, ...mail });
  });
  await logSecurityEvent(db, {
    p_user_id: session.userId,
    p_action: "email_change_requested",
    p_details: { to: email },
    p_ip_address: meta.ip,
    p_user_agent: meta.userAgent,
  });
  return { kind: "sent", to: email };
}

/** What the confirmation page shows for a link: the new address when it is still good. */
export async function checkEmailChange(db: Database, token: string) {
  const { state, row } = await readAccountToken(db, token, "email_change");
  return state === "valid" ? { state, newEmail: row.newEmail ?? "" } : { state };
}

export type EmailChangeResult = { kind: "changed"; email: string } | { kind: Exclude<TokenState, "valid"> | "taken" };

/** The link was opened and confirmed: the account takes the new address; the old one is told. */
export async function confirmEmailChange(db: Database, token: string, meta: RequestMeta): Promise<EmailChangeResult> {
  const outcome = await db.transaction(async (tx) => {
    const { state, row } = await readAccountToken(tx, token, "email_change", { lock: true });
    if (state !== "valid") return { kind: state } as const;
    if (!row.newEmail) return { kind: "unknown" } as const;
    if (await addressTaken(tx, row.newEmail, row.userId)) return { kind: "taken" } as const;
    const [before] = await tx
      .select({ email: schema.users.email, fullName: schema.profiles.fullName })
      .from(schema.users)
      .leftJoin(schema.profiles, eq(schema.profiles.id, schema.users.id))
      .where(eq(schema.users.id, row.userId));
    if (!before) return { kind: "unknown" } as const;
    await tx.update(schema.users).set({ email: row.newEmail, updatedAt: now() }).where(eq(schema.users.id, row.userId));
    await markTokenUsed(tx, row.id);
    await enqueueAccountChangeMail(
      tx,
      { email: before.email, fullName: before.fullName ?? "" },
      "email_changed",
      meta,
      `Den nye adressen er ${row.newEmail}.`,
    );
    return { kind: "changed", email: row.newEmail, userId: row.userId, from: before.email } as const;
  });
  if (outcome.kind !== "changed") return outcome;
  await logSecurityEvent(db, {
    p_user_id: outcome.userId,
    p_action: "email_changed",
    p_details: { from: outcome.from, to: outcome.email },
    p_ip_address: meta.ip,
    p_user_agent: meta.userAgent,
  });
  return { kind: "changed", email: outcome.email };
}
