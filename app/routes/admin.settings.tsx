import { eq } from "drizzle-orm";
import { useId } from "react";
import { data, Form, useNavigation } from "react-router";
import { getDb, schema } from "~/lib/db.server";
import { requireStaff } from "~/lib/guard.server";
import {
  confirmEnrolment,
  factorStatus,
  pendingEnrolment,
  removeFactor,
  startEnrolment,
  verifySecondFactor,
} from "~/lib/mfa.server";
import { hashPassword, passwordSchema, verifyPassword } from "~/lib/password.server";
import { logSecurityEvent } from "~/lib/security-events.server";
import { endOtherSessions, listActiveSessions, requestMeta } from "~/lib/session.server";
import { staffMeta } from "~/lib/seo";
import type { Route } from "./+types/admin.settings";

export const meta: Route.MetaFunction = () => staffMeta("Settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireStaff(request, context);
  const db = getDb();
  const sessions = await listActiveSessions(db, session.userId);
  return {
    factor: await factorStatus(db, session.userId),
    sessions: sessions.map((s) => ({ ...s, current: s.id === session.id })),
  };
}

type Result =
  | { intent: "enrol-start"; factorId: string; secret: string; qrCode: string }
  | {
      intent: "enrol-confirm";
      recoveryCodes?: string[];
      error?: string;
      factorId?: string;
      secret?: string;
      qrCode?: string;
    }
  | { intent: "mfa-remove" | "revoke-others" | "password"; message?: string; error?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireStaff(request, context);
  const db = getDb();
  const meta = requestMeta(request, context.clientIp);
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "");
  const reply = (result: Result, status = 200) => data(result, { status });

  switch (field("intent")) {
    case "enrol-start": {
      if (await factorStatus(db, session.userId)) {
        return reply(
          {
            intent: "mfa-remove",
            error: "Two-step verification is already on. Turn it off first to set up a new phone.",
          },
          409,
        );
      }
      const enrolment = await startEnrolment(db, { userId: session.userId, email: session.email });
      return reply({ intent: "enrol-start", ...enrolment });
    }
    case "enrol-confirm": {
      const codes = await confirmEnrolment(db, session.userId, field("factorId"), field("code"), meta);
      if (!codes) {
        // Keep the same key on screen for another try.
        const enrolment = await pendingEnrolment(
          db,
          { userId: session.userId, email: session.email },
          field("factorId"),
        );
        return reply(
          {
            intent: "enrol-confirm",
            error: "That code did not match. Check the time on your phone and try the next code.",
            ...(enrolment ? { factorId: enrolment.factorId, secret: enrolment.secret, qrCode: enrolment.qrCode } : {}),
          },
          400,
        );
      }
      // A new second factor signs out every other session (an attacker's included).
      await endOtherSessions(db, session, meta);
      return reply({ intent: "enrol-confirm", recoveryCodes: codes });
    }
    case "mfa-remove": {
      const factor = await factorStatus(db, session.userId);
      if (!factor || !(await verifySecondFactor(db, session.userId, field("code"), meta))) {
        return reply(
          { intent: "mfa-remove", error: "Enter a current code from your app to turn two-step verification off." },
          400,
        );
      }
      await removeFactor(db, session.userId, factor.id, meta);
      return reply({ intent: "mfa-remove", message: "Two-step verification is off." });
    }
    case "revoke-others": {
      const count = await endOtherSessions(db, session, meta);
      return reply({
        intent: "revoke-others",
        message: `Signed out of ${count} other session${count === 1 ? "" : "s"}.`,
      });
    }
    case "password": {
      const [user] = await db.select().from(schema.users).where(eq(schema.users.id, session.userId));
      if (!user || !(await verifyPassword(user.passwordHash, field("current")))) {
        return reply({ intent: "password", error: "Your current password is not right." }, 400);
      }
      const next = passwordSchema.safeParse(field("next"));
      if (!next.success) return reply({ intent: "password", error: next.error.issues[0]!.message }, 400);
      if (field("next") !== field("confirm"))
        return reply({ intent: "password", error: "The two new passwords differ." }, 400);
      await db
        .update(schema.users)
        .set({ passwordHash: await hashPassword(next.data), updatedAt: new Date() })
        .where(eq(schema.users.id, session.userId));
      await logSecurityEvent(db, {
        p_user_id: session.userId,
        p_action: "password_changed",
        p_ip_address: meta.ip,
        p_user_agent: meta.userAgent,
      });
      await endOtherSessions(db, session, meta);
      return reply({ intent: "password", message: "Password changed. Other sessions were signed out." });
    }
    default:
      return reply({ intent: "password", error: "Unknown action" }, 400);
  }
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const ids = { code: useId(), current: useId(), next: useId(), confirm: useId(), removeCode: useId() };
  const result = actionData as Result | undefined;
  const enrolling = result && "qrCode" in result && result.qrCode ? result : undefined;
  const recoveryCodes = result?.intent === "enrol-confirm" ? result.recoveryCodes : undefined;
  const messageFor = (intent: Result["intent"]) =>
    result?.intent === intent && ("error" in result || "message" in result) ? (
      <p className={`auth-message ${"error" in result && result.error ? "error" : "success"}`} role="alert">
        {"error" in result && result.error ? result.error : "message" in result ? result.message : null}
      </p>
    ) : null;

  return (
    <>
      <h1 className="admin-title">Settings</h1>

      <section className="admin-panel" aria-labelledby="mfa-heading">
        <h2 id="mfa-heading">Two-step verification</h2>
        {recoveryCodes ? (
          <div role="status">
            <p>
              <strong>Two-step verification is on.</strong> Save these recovery codes somewhere safe. Each works once if
              you lose your phone; they are not shown again.
            </p>
            <ul className="recovery-codes" data-testid="recovery-codes">
              {recoveryCodes.map((code) => (
                <li key={code}>
                  <code>{code}</code>
                </li>
              ))}
            </ul>
          </div>
        ) : loaderData.factor ? (
          <>
            <p>On, with an authenticator app. {loaderData.factor.recoveryCodesLeft} recovery codes left.</p>
            {messageFor("mfa-remove")}
            <Form method="post" className="inline-form">
              <input type="hidden" name="intent" value="mfa-remove" />
              <label htmlFor={ids.removeCode}>Current code</label>
              <input id={ids.removeCode} name="code" inputMode="numeric" autoComplete="one-time-code" required />
              <button type="submit" className="button button-small button-ghost" disabled={busy}>
                Turn off
              </button>
            </Form>
          </>
        ) : enrolling ? (
          <>
            <p>
              Scan this code with an authenticator app (1Password, Google Authenticator, Aegis…), then enter the 6-digit
              code it shows.
            </p>
            <img
              src={enrolling.qrCode}
              alt={`QR code for setting up two-step verification. Key: ${enrolling.secret}`}
              width={200}
              height={200}
              className="qr"
            />
            <p>
              Can't scan? Enter this key: <code data-testid="totp-secret">{enrolling.secret}</code>
            </p>
            {messageFor("enrol-confirm")}
            <Form method="post" className="inline-form">
              <input type="hidden" name="intent" value="enrol-confirm" />
              <input type="hidden" name="factorId" value={enrolling.factorId} />
              <label htmlFor={ids.code}>Code from the app</label>
              <input id={ids.code} name="code" inputMode="numeric" autoComplete="one-time-code" required />
              <button type="submit" className="button button-small" disabled={busy}>
                Turn on
              </button>
            </Form>
          </>
        ) : (
          <>
            {messageFor("mfa-remove")}
            <p>Off. With it on, signing in also needs a code from an app on your phone.</p>
            <Form method="post">
              <input type="hidden" name="intent" value="enrol-start" />
              <button type="submit" className="button button-small" disabled={busy}>
                Set up two-step verification
              </button>
            </Form>
          </>
        )}
      </section>

      <section className="admin-panel" aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">Active sessions</h2>
        {messageFor("revoke-others")}
        <ul className="session-list">
          {loaderData.sessions.map((s) => (
            <li key={s.id}>
              <strong>{s.current ? "This browser" : describeAgent(s.userAgent)}</strong> ·{" "}
              {s.ipAddress ?? "unknown address"} · signed in{" "}
              {new Date(s.createdAt).toLocaleString("nb-NO", { timeZone: "Europe/Oslo" })}
            </li>
          ))}
        </ul>
        <Form method="post">
          <input type="hidden" name="intent" value="revoke-others" />
          <button
            type="submit"
            className="button button-small button-ghost"
            disabled={busy || loaderData.sessions.length < 2}
          >
            Sign out all other sessions
          </button>
        </Form>
      </section>

      <section className="admin-panel" aria-labelledby="password-heading">
        <h2 id="password-heading">Change password</h2>
        <p>At least 12 characters. A long phrase is easiest to remember.</p>
        {messageFor("password")}
        <Form method="post" className="stack-form">
          <input type="hidden" name="intent" value="password" />
          <label htmlFor={ids.current}>Current password</label>
          <input id={ids.current} name="current" type="password" autoComplete="current-password" required />
          <label htmlFor={ids.next}>New password</label>
          <input
            id={ids.next}
            name="next"
            type="password"
            autoComplete="new-password"
            minLength={12}
            maxLength={128}
            required
          />
          <label htmlFor={ids.confirm}>New password again</label>
          <input
            id={ids.confirm}
            name="confirm"
            type="password"
            autoComplete="new-password"
            minLength={12}
            maxLength={128}
            required
          />
          <button type="submit" className="button button-small" disabled={busy}>
            Change password
          </button>
        </Form>
      </section>
    </>
  );
}

function describeAgent(userAgent: string | null) {
  if (!userAgent) return "Unknown browser";
  const browser = /Firefox\//.test(userAgent)
    ? "Firefox"
    : /Edg\//.test(userAgent)
      ? "Edge"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const os = /Windows/.test(userAgent)
    ? "Windows"
    : /Mac OS X/.test(userAgent)
      ? "macOS"
      : /Android/.test(userAgent)
        ? "Android"
        : /iPhone|iPad/.test(userAgent)
          ? "iOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}
