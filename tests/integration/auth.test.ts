import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it } from "vitest";
import { setClockOffset } from "~/lib/platform/clock.server";
import { dashboardCounts, startOfTodayInOslo } from "~/lib/staff/dashboard.server";
import { schema } from "~/lib/platform/db.server";
import { checkLoginAttempts, signIn } from "~/lib/auth/login.server";
import { checkSecondFactorCode } from "~/lib/auth/code-budget.server";
import { confirmFactor, startEnrolment } from "~/lib/auth/mfa.server";
import { logSecurityEvent } from "~/lib/auth/security-events.server";
import { createSession, endSession, getSession, rotateAfterSecondFactor } from "~/lib/auth/session.server";
import { hashToken } from "~/lib/platform/tokens.server";
import { createUser } from "~/lib/auth/users.server";
import { engineName, setUpTestDatabase } from "../support/test-database";
import { capturingLog, errorLine } from "../support/captured-log";
import { requestWithToken, sessionTokenIn, SESSION_COOKIE_SHAPE } from "../support/session-cookie";

const handle = setUpTestDatabase();
const meta = { ip: "198.51.100.20", userAgent: "Mozilla/5.0 test" };
const PASSWORD = "correct horse battery staple";
const minutes = (n: number) => n * 60_000;

const requestWith = requestWithToken;
const newUser = (email = "kari@fjordform.no") => createUser(handle.db, { email, fullName: "Kari", password: PASSWORD });

describe(`sign-in and lockout (${engineName()})`, () => {
  it("locks an account after 5 wrong passwords in 15 minutes, refuses even the right one, and lifts 15 minutes later", async () => {
    await newUser();
    for (let i = 0; i < 4; i++) {
      expect((await signIn(handle.db, { email: "kari@fjordform.no", password: "wrong password!" }, meta)).kind).toBe(
        "invalid",
      );
    }
    const fifth = await signIn(handle.db, { email: "kari@fjordform.no", password: "wrong password!" }, meta);
    expect(fifth.kind).toBe("locked");
    const lock = await checkLoginAttempts(handle.db, "KARI@fjordform.no ");
    expect(lock).toMatchObject({ is_locked: true, attempts_count: 5 });
    expect((await signIn(handle.db, { email: "kari@fjordform.no", password: PASSWORD }, meta)).kind).toBe("locked");

    setClockOffset(minutes(14));
    expect((await checkLoginAttempts(handle.db, "kari@fjordform.no")).is_locked).toBe(true);
    setClockOffset(minutes(15) + 1000);
    expect((await checkLoginAttempts(handle.db, "kari@fjordform.no")).is_locked).toBe(false);
    expect((await signIn(handle.db, { email: "kari@fjordform.no", password: PASSWORD }, meta)).kind).toBe("success");

    const events = await handle.db.select({ action: schema.securityEvents.action }).from(schema.securityEvents);
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(["login_failed", "account_locked", "login"]));
    const attempts = await handle.db.select().from(schema.loginAttempts);
    expect(attempts).toHaveLength(7);
    expect(attempts.every((a) => a.ipAddress === meta.ip && a.userAgent === meta.userAgent)).toBe(true);
  });

  it("spread-out failures keep the lock for the full 15 minutes after the fifth", async () => {
    await newUser();
    for (let i = 0; i < 4; i++)
      await signIn(handle.db, { email: "kari@fjordform.no", password: "wrong wrong wrong" }, meta);
    setClockOffset(minutes(10));
    expect((await signIn(handle.db, { email: "kari@fjordform.no", password: "wrong wrong wrong" }, meta)).kind).toBe(
      "locked",
    );
    setClockOffset(minutes(15) + 30_000); // the first four are now older than 15 minutes
    expect((await signIn(handle.db, { email: "kari@fjordform.no", password: PASSWORD }, meta)).kind).toBe("locked");
    setClockOffset(minutes(25) + 1000);
    expect((await signIn(handle.db, { email: "kari@fjordform.no", password: PASSWORD }, meta)).kind).toBe("success");
  });

  it("a success resets the count; an unknown address gets the same answer as a wrong password", async () => {
    await newUser();
    for (let i = 0; i < 4; i++)
      await signIn(handle.db, { email: "kari@fjordform.no", password: "nope nope nope" }, meta);
    expect((await signIn(handle.db, { email: "kari@fjordform.no", password: PASSWORD }, meta)).kind).toBe("success");
    expect((await checkLoginAttempts(handle.db, "kari@fjordform.no")).attempts_count).toBe(0);
    expect((await signIn(handle.db, { email: "nobody@fjordform.no", password: PASSWORD }, meta)).kind).toBe("invalid");
  });

  it("one IP cannot spray passwords across many accounts; other IPs are unaffected", async () => {
    await newUser();
    for (let i = 0; i < 20; i++)
      await signIn(handle.db, { email: `victim${i}@fjordform.no`, password: "guess guess guess" }, meta);
    expect((await signIn(handle.db, { email: "kari@fjordform.no", password: PASSWORD }, meta)).kind).toBe("throttled");
    const other = { ...meta, ip: "203.0.113.99" };
    expect((await signIn(handle.db, { email: "kari@fjordform.no", password: PASSWORD }, other)).kind).toBe("success");
    // None of the sprayed accounts is locked by it.
    expect((await checkLoginAttempts(handle.db, "victim0@fjordform.no")).is_locked).toBe(false);
  });

  it("an IPv6 /64 is one address for the spray limit: rotating within it does not help", async () => {
    await newUser();
    for (let i = 0; i < 20; i++) {
      const rotating = { ...meta, ip: `2001:db8:7:1::${(i + 1).toString(16)}` };
      await signIn(handle.db, { email: `victim${i}@fjordform.no`, password: "guess guess guess" }, rotating);
    }
    const sameNetwork = { ...meta, ip: "2001:db8:7:1:ffff::42" };
    expect((await signIn(handle.db, { email: "kari@fjordform.no", password: PASSWORD }, sameNetwork)).kind).toBe(
      "throttled",
    );
    const nextNetwork = { ...meta, ip: "2001:db8:7:2::1" };
    expect((await signIn(handle.db, { email: "kari@fjordform.no", password: PASSWORD }, nextNetwork)).kind).toBe(
      "success",
    );
  });
});

describe(`sessions (${engineName()})`, () => {
  it("stores only a hash of the token, and a 256-bit token in an HttpOnly SameSite=Lax cookie", async () => {
    const user = await newUser();
    const session = await createSession(handle.db, user.id, meta, { mfaVerified: true });
    expect(Buffer.from(session.token, "base64url")).toHaveLength(32);
    expect(session.cookie).toMatch(SESSION_COOKIE_SHAPE);
    expect(SESSION_COOKIE_SHAPE.exec(session.cookie)![1]).toBe("86400");
    expect(await sessionTokenIn(session.cookie)).toBe(session.token);
    const [row] = await handle.db.select().from(schema.userSessions);
    expect(row?.sessionToken).toBe(hashToken(session.token));
    expect(row?.sessionToken).not.toContain(session.token);
    expect((await getSession(handle.db, await requestWith(session.token)))?.email).toBe("kari@fjordform.no");
    expect(await getSession(handle.db, await requestWith(row!.sessionToken))).toBeNull(); // the stored value is no key
  });

  it("ends a session after 24 hours on the server, marks it inactive and records the expiry once", async () => {
    const user = await newUser();
    const session = await createSession(handle.db, user.id, meta, { mfaVerified: true });
    setClockOffset(minutes(24 * 60) - 1000);
    expect(await getSession(handle.db, await requestWith(session.token))).not.toBeNull();
    setClockOffset(minutes(24 * 60) + 1000);
    expect(await getSession(handle.db, await requestWith(session.token))).toBeNull();
    expect(await getSession(handle.db, await requestWith(session.token))).toBeNull();
    const [row] = await handle.db.select().from(schema.userSessions);
    expect(row?.isActive).toBe(false);
    const expiries = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "session_expired"));
    expect(expiries).toHaveLength(1);
  });

  it("a session still owing its second factor lasts 10 minutes; the right code makes it a 24-hour session", async () => {
    const user = await newUser();
    const pending = await createSession(handle.db, user.id, meta, { mfaVerified: false });
    expect(pending.cookie).toContain("Max-Age=600");
    const session = await getSession(handle.db, await requestWith(pending.token));
    expect(session?.mfaPending).toBe(true);
    const rotated = await rotateAfterSecondFactor(handle.db, session!);
    expect(rotated!.expiresAt.getTime() - Date.now()).toBeGreaterThan(minutes(24 * 60) - 5000);
    expect((await getSession(handle.db, await requestWith(rotated!.token)))?.mfaPending).toBe(false);
    const other = await createSession(handle.db, user.id, meta, { mfaVerified: false });
    setClockOffset(minutes(10) + 1000);
    expect(await getSession(handle.db, await requestWith(other.token))).toBeNull();
  });

  it("a copied cookie stops working after logout", async () => {
    const user = await newUser();
    const session = await createSession(handle.db, user.id, meta, { mfaVerified: true });
    await endSession(handle.db, session.id, user.id, "logout", meta);
    expect(await getSession(handle.db, await requestWith(session.token))).toBeNull();
    const logouts = await handle.db
      .select()
      .from(schema.securityEvents)
      .where(eq(schema.securityEvents.action, "logout"));
    expect(logouts).toHaveLength(1);
  });

  it("a failure to record a security event never throws, and is logged as an error", async () => {
    // The error line is expected here: captured and checked, not printed into the run.
    const { result, lines } = await capturingLog(() =>
      logSecurityEvent(handle.db, { p_user_id: "00000000-0000-0000-0000-000000000000", p_action: "login" }),
    );
    expect(result).toBeUndefined();
    expect(lines).toContainEqual(errorLine("security event not recorded", { action: "login" }));
  });
});

describe(`two-step verification (${engineName()})`, () => {
  it("enrols with a first code, then accepts each code once and each recovery code once", async () => {
    const user = await newUser();
    const enrolment = await startEnrolment(handle.db, { userId: user.id, email: "kari@fjordform.no" });
    expect(enrolment.uri).toContain("otpauth://totp/");
    expect(enrolment.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await confirmFactor(handle.db, user.id, enrolment.factorId, "000000")).toBeNull();

    const first = await generate({ secret: enrolment.secret });
    const codes = await confirmFactor(handle.db, user.id, enrolment.factorId, first);
    expect(codes).toHaveLength(10);
    const session = await createSession(handle.db, user.id, meta, { mfaVerified: false });
    const accepted = async (code: string) =>
      (await checkSecondFactorCode(handle.db, { id: session.id, userId: user.id }, code, meta, "sign-in")).kind ===
      "ok";
    // The code used to enrol cannot sign in again (replay).
    expect(await accepted(first)).toBe(false);

    setClockOffset(30_000);
    const next = await generate({ secret: enrolment.secret, epoch: Math.floor((Date.now() + 30_000) / 1000) });
    expect(await accepted(next)).toBe(true);
    expect(await accepted(next)).toBe(false);

    expect(await accepted(codes![0]!.toUpperCase())).toBe(true);
    expect(await accepted(codes![0]!)).toBe(false);
    const left = await handle.db
      .select()
      .from(schema.mfaRecoveryCodes)
      .where(and(eq(schema.mfaRecoveryCodes.userId, user.id)));
    expect(left.filter((c) => c.usedAt === null)).toHaveLength(9);
    expect(left.some((c) => c.codeHash.includes(codes![1]!))).toBe(false);
  });
});

describe(`dashboard counts (${engineName()})`, () => {
  it("counts published posts, active subscribers, published portfolio items and today's page views", async () => {
    await handle.db.insert(schema.blogPosts).values([
      { title: "A", excerpt: "e", author: "x", slug: "a", content: "c", published: true },
      { title: "B", excerpt: "e", author: "x", slug: "b", content: "c", published: false },
    ]);
    const subscriber = { consentText: "yes" };
    await handle.db.insert(schema.newsletterSubscribers).values([
      { email: "a@x.no", status: "active", ...subscriber },
      { email: "b@x.no", status: "pending", ...subscriber },
      { email: "c@x.no", status: "unsubscribed", ...subscriber },
    ]);
    await handle.db.insert(schema.portfolioItems).values([
      { slug: "p1", title: "P1", videoMp4: "m.mp4", poster: "m.webp", posterJpeg: "m.jpg", status: "published" },
      { slug: "p2", title: "P2", videoMp4: "m.mp4", poster: "m.webp", posterJpeg: "m.jpg", status: "draft" },
    ]);
    await handle.db
      .insert(schema.pageViews)
      .values([
        { path: "/" },
        { path: "/work" },
        { path: "/", createdAt: new Date(startOfTodayInOslo().getTime() - 1000) },
      ]);
    const requests = await handle.db
      .insert(schema.contactRequests)
      .values([
        { company: "Ulest AS", project: "p", email: "u@x.no" },
        { company: "Lest AS", project: "p", email: "l@x.no" },
      ])
      .returning({ id: schema.contactRequests.id });
    await handle.db.insert(schema.leads).values([
      { kind: "contact", contactRequestId: requests[0]!.id },
      { kind: "contact", contactRequestId: requests[1]!.id, readAt: new Date() },
    ]);
    expect(await dashboardCounts(handle.db)).toEqual({
      publishedPosts: 1,
      newsletterSubscribers: 1,
      portfolioItems: 1,
      pageViewsToday: 2,
      unreadLeads: 1,
      failingMail: 0,
    });
  });

  it("'today' starts at midnight in Oslo, summer and winter", () => {
    expect(startOfTodayInOslo(new Date("2026-11-21T23:30:00Z")).toISOString()).toBe("2026-11-21T23:00:00.000Z");
    expect(startOfTodayInOslo(new Date("2026-11-21T10:00:00Z")).toISOString()).toBe("2026-11-20T23:00:00.000Z");
    expect(startOfTodayInOslo(new Date("2026-07-01T12:00:00Z")).toISOString()).toBe("2026-06-30T22:00:00.000Z");
  });
});
