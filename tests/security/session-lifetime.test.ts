import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { reauthenticate } from "~/lib/auth/reauth.server";
import { verifySecondStep } from "~/lib/auth/two-step.server";
import { setClockOffset } from "~/lib/platform/clock.server";
import { schema } from "~/lib/platform/db.server";
import { extendSession, SESSION_MAX_LIFETIME_MS, SESSION_TTL_MS } from "~/lib/auth/session.server";
import { hashToken } from "~/lib/platform/tokens.server";
import { SESSION_COOKIE_SHAPE, sessionTokenIn } from "../support/session-cookie";
import { engineName, setUpTestDatabase } from "../support/test-database";
import { anotherSession, codeAt, META, PASSWORD, sessionOf, signedInStaff, withSecondFactor } from "./staff-fixtures";

// Issue 12, session weaknesses: "Extend Session" could keep a session alive for ever,
// and the token a session had before its second factor stayed valid after it. Now a
// session ends 7 days after the password was last entered, however often it was
// extended, and verifying the second factor gives it a new token.

const handle = setUpTestDatabase();

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** Extends the session every 20 hours (as someone clicking "Extend Session" would) until `untilMs`. */
async function keepExtending(token: string, untilMs: number, fromMs = 0) {
  for (let at = fromMs + 20 * HOUR; at <= untilMs; at += 20 * HOUR) {
    setClockOffset(at);
    const session = await sessionOf(handle.db, token);
    if (!session) return at;
    await extendSession(handle.db, session, META);
  }
  return null;
}

describe(`session lifetime (${engineName()})`, () => {
  it("Extend Session renews 24 hours, but never past 7 days after sign-in", async () => {
    const { token } = await signedInStaff(handle.db);
    const [row] = await handle.db.select().from(schema.userSessions);
    const signedInAt = row!.createdAt.getTime();
    expect(SESSION_MAX_LIFETIME_MS).toBe(7 * DAY);

    expect(await keepExtending(token, 6 * DAY + 20 * HOUR)).toBeNull(); // still alive at 6 d 20 h
    const [extended] = await handle.db.select().from(schema.userSessions);
    expect(extended!.expiresAt.getTime()).toBe(signedInAt + 7 * DAY); // not 6 d 20 h + 24 h

    setClockOffset(7 * DAY - 60_000);
    expect(await sessionOf(handle.db, token)).not.toBeNull();
    setClockOffset(7 * DAY + 1_000);
    expect(await sessionOf(handle.db, token)).toBeNull();
    const [ended] = await handle.db.select().from(schema.userSessions);
    expect(ended!.isActive).toBe(false);
    const expiries = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "session_expired"));
    expect(expiries).toHaveLength(1);
  });

  it("the limit holds even for a row whose expiry says otherwise", async () => {
    const { token } = await signedInStaff(handle.db);
    await handle.db.update(schema.userSessions).set({ expiresAt: new Date(Date.now() + 30 * DAY) });
    setClockOffset(7 * DAY + 1_000);
    expect(await sessionOf(handle.db, token)).toBeNull();
  });

  it("entering the password again starts the 7 days anew", async () => {
    const { token } = await signedInStaff(handle.db);
    expect(await keepExtending(token, 100 * HOUR)).toBeNull(); // 4 days 4 hours in
    expect(await reauthenticate(handle.db, (await sessionOf(handle.db, token))!, PASSWORD, META)).toEqual({
      kind: "ok",
    });
    // Alive past the first 7 days, up to 7 days after the re-authentication.
    expect(await keepExtending(token, 100 * HOUR + 6 * DAY + 20 * HOUR, 100 * HOUR)).toBeNull();
    setClockOffset(100 * HOUR + 7 * DAY - 60_000);
    expect(await sessionOf(handle.db, token)).not.toBeNull();
    setClockOffset(100 * HOUR + 7 * DAY + 1_000);
    expect(await sessionOf(handle.db, token)).toBeNull();
  });

  it("an extension at 24 hours from now stays 24 hours while the limit is far", async () => {
    const { session } = await signedInStaff(handle.db);
    const expiresAt = await extendSession(handle.db, session, META);
    expect(Math.abs(expiresAt.getTime() - (Date.now() + SESSION_TTL_MS))).toBeLessThan(60_000);
  });
});

describe(`a new token after the second factor (${engineName()})`, () => {
  it("the right code replaces the token: the old one stops working, the new one is a full session", async () => {
    const { user } = await signedInStaff(handle.db);
    const factor = await withSecondFactor(handle.db, user);
    const pending = await anotherSession(handle.db, user.id, { mfaVerified: false });
    expect(pending.session.mfaPending).toBe(true);

    const result = await verifySecondStep(handle.db, pending.session, await codeAt(factor.secret), META, "sign-in");
    if (result.kind !== "verified") throw new Error(result.kind);
    const newToken = (await sessionTokenIn(result.cookie))!;
    expect(newToken).not.toBe(pending.token);
    expect(Buffer.from(newToken, "base64url")).toHaveLength(32);
    expect(SESSION_COOKIE_SHAPE.exec(result.cookie)?.[1]).toBe("86400");

    expect(await sessionOf(handle.db, pending.token)).toBeNull();
    const verified = await sessionOf(handle.db, newToken);
    expect(verified).toMatchObject({ id: pending.session.id, mfaPending: false });
    const [row] = await handle.db
      .select()
      .from(schema.userSessions)
      .where(eq(schema.userSessions.id, pending.session.id));
    expect(row!.sessionToken).toBe(hashToken(newToken));
  });

  it("a wrong code keeps the token (nothing to rotate)", async () => {
    const { user } = await signedInStaff(handle.db);
    await withSecondFactor(handle.db, user);
    const pending = await anotherSession(handle.db, user.id, { mfaVerified: false });
    expect((await verifySecondStep(handle.db, pending.session, "aaaaa-bbbbb", META, "sign-in")).kind).toBe("invalid");
    expect((await sessionOf(handle.db, pending.token))?.mfaPending).toBe(true);
  });
});
