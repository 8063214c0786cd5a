import { randomUUID } from "node:crypto";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { type Database, schema } from "../platform/db.server";
import { enqueueMail } from "../mail/mail.server";
import { mailedRecently } from "./mail-cooldown.server";
import { forgetErasureMarker } from "./subscribers-admin.server";
import { dropPendingNewsletterMail } from "../newsletter/drop-pending.server";
import { newsletterConfirmationEmail } from "../mail/templates/newsletter-confirmation.server";
import { newsletterWelcomeEmail } from "../mail/templates/newsletter-welcome.server";
import { derivedUnsubscribeToken, keyedHash, wrapLegacyHash } from "../platform/secrets.server";
import { isLegacyValue, rewriteColumn } from "../platform/secrets-upgrade.server";
import { hashToken, isWellFormedToken, randomToken } from "../platform/tokens.server";
import { getStudioDetails } from "../studio/studio-details.server";
import type { StudioDetails } from "../studio/studio-details";
import { privacyVersionInForce } from "../pages/privacy-version.server";

/**
 * Newsletter with double opt-in, the way Datatilsynet expects consent to be shown:
 * a sign-up is stored as pending with the consent wording, time and IP address; only
 * the link in the confirmation e-mail makes it active. Every newsletter e-mail carries
 * a one-click unsubscribe link (and List-Unsubscribe headers). The link's token is derived
 * from the subscriber's id with a secret key, and only its keyed hash is stored
 * (docs/decisions/021), so every e-mail can carry the same link while a copy of the
 * database unsubscribes no one.
 */
/** The consent stored with a sign-up that brings no wording of its own (the footer form), in the studio's current name. */
export const newsletterConsentText = (studioName: string) =>
  `Subscribe me to the ${studioName} newsletter: a few e-mails a year about private software and local AI. I can unsubscribe at any time with one click.`;

/** A confirmation link is valid this long after the sign-up. */
const CONFIRM_VALID_DAYS = 7;
/**
 * At most one confirmation e-mail a day to an address: anyone can type anyone's
 * address, and each sign-up would mail it again. (Also after an unsubscribe: the
 * person who unsubscribes to stop the e-mails must not get the next one at once.)
 */
const CONFIRM_COOLDOWN_SECONDS = 24 * 60 * 60;

const { newsletterSubscribers: subscribers } = schema;

const unsubscribeTokenHash = (token: string) => keyedHash("unsubscribe-token", token);

/** The subscriber an unsubscribe link is for: by its derived token, or the random one of older e-mails. */
const unsubscribeTokenIs = (token: string) => {
  const hash = unsubscribeTokenHash(token);
  return or(eq(subscribers.unsubscribeTokenHash, hash), eq(subscribers.legacyUnsubscribeTokenHash, hash));
};

/** `verified`: the sign-up came with a valid proof of work (decision 062). */
export type SubscriptionRequest = { email: string; ip: string; source: string; consentText?: string; verified?: boolean };

/**
 * Starts (or restarts) the double opt-in for an address, inside the caller's
 * transaction. An address that is already active is left alone, and so is one whose
 * confirmation e-mail went out less than a day ago: no second e-mail, and the link in
 * the first one keeps working. The caller's answer is the same in every case.
 */
export async function requestSubscription(tx: Database, request: SubscriptionRequest, siteUrl: string) {
  const email = request.email.trim().toLowerCase();
  const confirmToken = randomToken();
  const consent = {
    consentText: request.consentText ?? newsletterConsentText((await getStudioDetails(tx)).name),
    consentIp: request.ip,
    consentAt: new Date(),
    confirmTokenHash: hashToken(confirmToken),
    source: request.source,
    // The privacy policy this consent was given under (decision 053).
    privacyVersion: await privacyVersionInForce(tx),
    verified: request.verified ?? false,
  };

  const newId = randomUUID();
  const inserted = await tx
    .insert(subscribers)
    .values({
      id: newId,
      email,
      status: "pending",
      unsubscribeTokenHash: unsubscribeTokenHash(derivedUnsubscribeToken(newId)),
      ...consent,
    })
    .onConflictDoNothing({ target: subscribers.email })
    .returning({ id: subscribers.id });

  let subscriberId = inserted[0]?.id;
  let existing: typeof subscribers.$inferSelect | undefined;
  if (!subscriberId) {
    [existing] = await tx.select().from(subscribers).where(eq(subscribers.email, email)).for("update");
    if (!existing) throw new Error("Subscriber vanished during sign-up");
    if (existing.status === "active") return { alreadySubscribed: true };
    subscriberId = existing.id;
  }
  const unsubscribeToken = derivedUnsubscribeToken(subscriberId);
  // Counted in the outbox by address (any case, any +tag), so a row per variant does
  // not mean a mail per variant. The row stays as it was: the first link still works.
  const mail = await confirmationMail(email, siteUrl, confirmToken, unsubscribeToken, await getStudioDetails(tx));
  if (await mailedRecently(tx, mail.kind, email, CONFIRM_COOLDOWN_SECONDS)) return { alreadySubscribed: false };
  if (existing) {
    // Pending (asked again) or unsubscribed (coming back): new consent, new link.
    await tx
      .update(subscribers)
      .set({ status: "pending", unsubscribedAt: null, ...consent })
      .where(eq(subscribers.id, existing.id));
  }
  await enqueueMail(tx, mail);
  return { alreadySubscribed: false };
}

export async function subscribe(db: Database, request: SubscriptionRequest, siteUrl: string) {
  return db.transaction((tx) => requestSubscription(tx, request, siteUrl));
}

export type ConfirmResult = "confirmed" | "invalid";

/** A confirmation token that can still be used: pending, and not older than the limit. */
function usableConfirmToken(token: string) {
  return and(
    eq(subscribers.confirmTokenHash, hashToken(token)),
    eq(subscribers.status, "pending"),
    sql`${subscribers.consentAt} > now() - make_interval(days => ${CONFIRM_VALID_DAYS})`,
  );
}

/** The link from the confirmation e-mail: pending → active, once. */
export async function confirmSubscription(db: Database, token: string, siteUrl: string): Promise<ConfirmResult> {
  if (!isWellFormedToken(token)) return "invalid";
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscribers)
      .set({ status: "active", confirmedAt: new Date(), confirmTokenHash: null })
      .where(usableConfirmToken(token))
      .returning({ id: subscribers.id, email: subscribers.email });
    if (!row) return "invalid";
    // Fresh consent, proven: an address erased on request earlier may be imported again later.
    await forgetErasureMarker(tx, row.email);
    await enqueueMail(tx, await welcomeMail(row.email, siteUrl, derivedUnsubscribeToken(row.id), await getStudioDetails(tx)));
    return "confirmed";
  });
}

/** Whether a confirmation link is still good, without using it (the page shows a button). */
export async function isConfirmTokenValid(db: Database, token: string) {
  if (!isWellFormedToken(token)) return false;
  const [row] = await db.select({ id: subscribers.id }).from(subscribers).where(usableConfirmToken(token));
  return Boolean(row);
}

export async function findByUnsubscribeToken(db: Database, token: string) {
  if (!isWellFormedToken(token)) return undefined;
  const [row] = await db
    .select({ email: subscribers.email, status: subscribers.status })
    .from(subscribers)
    .where(unsubscribeTokenIs(token));
  return row;
}

/** One-click unsubscribe. Idempotent: a second click still says you are unsubscribed. */
export async function unsubscribe(db: Database, token: string) {
  if (!isWellFormedToken(token)) return "invalid";
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscribers)
      .set({
        status: "unsubscribed",
        unsubscribedAt: sql`coalesce(${subscribers.unsubscribedAt}, now())`,
        confirmTokenHash: null,
      })
      .where(unsubscribeTokenIs(token))
      .returning({ id: subscribers.id });
    if (!row) return "invalid";
    // An issue being sent right now sends them nothing more.
    await dropPendingNewsletterMail(tx, row.id);
    return "unsubscribed";
  });
}

/**
 * Start-up: the SHA-256 of the random tokens of e-mails sent before issue 12 (kept by
 * migration 0005) gets keyed, and every subscriber without one gets the hash of the derived
 * token. Both links work from then on.
 */
export async function upgradeUnsubscribeTokens(db: Database) {
  const legacy = await rewriteColumn(db, {
    table: subscribers,
    id: subscribers.id,
    column: subscribers.legacyUnsubscribeTokenHash,
    pending: isLegacyValue(subscribers.legacyUnsubscribeTokenHash),
    rewrite: ({ value }) => wrapLegacyHash("unsubscribe-token", value!),
  });
  const derived = await rewriteColumn(db, {
    table: subscribers,
    id: subscribers.id,
    column: subscribers.unsubscribeTokenHash,
    pending: isNull(subscribers.unsubscribeTokenHash),
    rewrite: ({ id }) => unsubscribeTokenHash(derivedUnsubscribeToken(id)),
  });
  return { legacy, derived };
}

export function unsubscribeUrl(siteUrl: string, token: string) {
  return `${siteUrl}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`;
}

async function confirmationMail(
  email: string,
  siteUrl: string,
  confirmToken: string,
  unsubscribeToken: string,
  studio: StudioDetails,
) {
  const confirmUrl = `${siteUrl}/newsletter/confirm?token=${encodeURIComponent(confirmToken)}`;
  const leaveUrl = unsubscribeUrl(siteUrl, unsubscribeToken);
  return {
    kind: "newsletter-confirm",
    to: email,
    unsubscribeUrl: leaveUrl,
    ...(await newsletterConfirmationEmail({
      siteUrl,
      studio,
      confirmUrl,
      unsubscribeUrl: leaveUrl,
      validDays: CONFIRM_VALID_DAYS,
    })),
  };
}

async function welcomeMail(email: string, siteUrl: string, unsubscribeToken: string, studio: StudioDetails) {
  const leaveUrl = unsubscribeUrl(siteUrl, unsubscribeToken);
  return {
    kind: "newsletter-welcome",
    to: email,
    unsubscribeUrl: leaveUrl,
    ...(await newsletterWelcomeEmail({ siteUrl, studio, unsubscribeUrl: leaveUrl })),
  };
}
