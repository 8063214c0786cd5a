import { and, eq, isNull } from "drizzle-orm";
import { now } from "../platform/clock.server";
import { getConfig } from "../platform/config.server";
import { type Database, schema } from "../platform/db.server";
import { keyedHash } from "../platform/secrets.server";
import { isWellFormedToken, randomToken } from "../platform/tokens.server";

/**
 * One-time links about a staff account, e-mailed to its owner: an invitation, a password
 * reset, the confirmation of a new e-mail address. The link carries 256 random bits; the
 * database keeps only a keyed hash (SECRETS_KEY, decision 021), so a copy of it opens
 * nothing. A new link of a purpose replaces the account's unused one of that purpose.
 */
export type TokenPurpose = (typeof schema.accountTokens.$inferSelect)["purpose"];

const HOUR = 60 * 60_000;
export const TOKEN_LIFETIME_MS: Record<TokenPurpose, number> = {
  invitation: 72 * HOUR,
  password_reset: 30 * 60_000,
  email_change: 24 * HOUR,
};

/** Where each link points (a page that asks before it changes anything). */
const LINK_PATHS: Record<TokenPurpose, string> = {
  invitation: "/login/invitation",
  password_reset: "/login/reset-password",
  email_change: "/login/confirm-email",
};

export const tokenHash = (token: string) => keyedHash("account-token", token);

export function tokenLink(purpose: TokenPurpose, token: string) {
  return `${getConfig().siteUrl}${LINK_PATHS[purpose]}?token=${token}`;
}

/** A new link for the account, replacing its unused ones of the same purpose. Call inside the transaction. */
export async function issueAccountToken(
  tx: Database,
  input: { userId: string; purpose: TokenPurpose; newEmail?: string; createdBy?: string | null; token?: string },
) {
  const t = schema.accountTokens;
  await tx.delete(t).where(and(eq(t.userId, input.userId), eq(t.purpose, input.purpose), isNull(t.usedAt)));
  const token = input.token ?? randomToken();
  const expiresAt = new Date(now().getTime() + TOKEN_LIFETIME_MS[input.purpose]);
  await tx.insert(schema.accountTokens).values({
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: tokenHash(token),
    newEmail: input.newEmail ?? null,
    expiresAt,
    createdBy: input.createdBy ?? null,
    createdAt: now(),
  });
  return { token, expiresAt, link: tokenLink(input.purpose, token) };
}

export type TokenState = "valid" | "used" | "expired" | "unknown";
export type AccountToken = typeof schema.accountTokens.$inferSelect;

/** What a link is now. `lock` (inside a transaction) holds the row until it is used. */
export async function readAccountToken(
  db: Database,
  token: string,
  purpose: TokenPurpose,
  options: { lock?: boolean } = {},
): Promise<{ state: "valid"; row: AccountToken } | { state: Exclude<TokenState, "valid">; row?: AccountToken }> {
  if (!isWellFormedToken(token)) return { state: "unknown" };
  const t = schema.accountTokens;
  const query = db
    .select()
    .from(t)
    .where(and(eq(t.tokenHash, tokenHash(token)), eq(t.purpose, purpose)));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) return { state: "unknown" };
  if (row.usedAt) return { state: "used", row };
  if (row.expiresAt <= now()) return { state: "expired", row };
  return { state: "valid", row };
}

/** Marks a link used (inside the transaction that does what it allows). */
export async function markTokenUsed(tx: Database, id: string) {
  await tx.update(schema.accountTokens).set({ usedAt: now() }).where(eq(schema.accountTokens.id, id));
}
