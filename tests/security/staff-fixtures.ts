import { generate } from "otplib";
import { now } from "~/lib/platform/clock.server";
import type { Database } from "~/lib/platform/db.server";
import { confirmFactor, startEnrolment } from "~/lib/auth/mfa.server";
import { createSession, getSession, sessionCookieHeader, type StaffSession } from "~/lib/auth/session.server";
import { requestWithToken } from "../support/session-cookie";
import { createUser } from "~/lib/auth/users.server";
import type { Role } from "~/lib/auth/roles";

/** Staff accounts and sessions on a test database, made through the real domain functions. */
export const PASSWORD = "correct horse battery staple";
export const META = { ip: "198.51.100.7", userAgent: "Mozilla/5.0 security test" };

/** The Cookie header of a request in this session (to a server whose SITE_URL is http). */
export const cookieWith = (token: string) => sessionCookieHeader(token);

/** The session a request with this token belongs to (null: none, or ended). */
export const sessionOf = async (db: Database, token: string) => getSession(db, await requestWithToken(token));

/**
 * A signed-in staff member: the account and a fully verified session, as a request would
 * see it. An owner unless `role` says otherwise (decision 059): the tests that predate
 * roles open every page.
 */
export async function signedInStaff(db: Database, email = "kari@fjordform.test", meta = META, role: Role = "owner") {
  const user = await createUser(db, { email, fullName: "Kari Nordmann", password: PASSWORD, role });
  const created = await createSession(db, user.id, meta, { mfaVerified: true });
  return { user, token: created.token, session: (await sessionOf(db, created.token)) as StaffSession };
}

/** Another session of the same account (e.g. one waiting for its second factor). */
export async function anotherSession(db: Database, userId: string, options = { mfaVerified: true }) {
  const created = await createSession(db, userId, META, options);
  return { token: created.token, session: (await sessionOf(db, created.token)) as StaffSession };
}

/** Two-step verification on for an account, set up directly (no re-authentication involved). */
export async function withSecondFactor(db: Database, user: { id: string; email: string }) {
  const enrolment = await startEnrolment(db, { userId: user.id, email: user.email });
  const recoveryCodes = await confirmFactor(db, user.id, enrolment.factorId, await codeAt(enrolment.secret, -30_000));
  if (!recoveryCodes) throw new Error("the first code was not accepted");
  return { factorId: enrolment.factorId, secret: enrolment.secret, recoveryCodes };
}

/** The app's code for the server's "now" (plus `shiftMs`). */
export const codeAt = (secret: string, shiftMs = 0) =>
  generate({ secret, epoch: Math.floor((now().getTime() + shiftMs) / 1000) });

/** A 6-digit code that is certainly wrong now: not the code of any nearby time step. */
export async function wrongCode(secret: string) {
  const near = new Set<string>();
  for (let step = -3; step <= 3; step++) near.add(await codeAt(secret, step * 30_000));
  for (let candidate = 123_456; ; candidate = (candidate + 111_111) % 1_000_000) {
    const code = String(candidate).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}
