import { useEffect, useState } from "react";
import { useSubmit } from "react-router";

const WARN_MS = 5 * 60_000;
const CHECK_EVERY_MS = 60_000;

/**
 * For signed-in staff on any page (checked every minute): from 5 minutes before the session
 * ends, a banner offers "Extend Session"; at zero the session is ended on the server and
 * the person signed out. The deadline comes from the server as "time left", so a wrong
 * clock on the computer does not matter.
 */
export function SessionBanner({ expiresInMs }: { expiresInMs: number }) {
  const submit = useSubmit();
  const [deadline, setDeadline] = useState(() => Date.now() + expiresInMs);
  const [remaining, setRemaining] = useState(expiresInMs);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const check = () => setRemaining(deadline - Date.now());
    check();
    const timer = setInterval(check, CHECK_EVERY_MS);
    return () => clearInterval(timer);
  }, [deadline]);

  useEffect(() => {
    if (remaining > 0) return;
    submit({ reason: "expired" }, { method: "post", action: "/logout" });
  }, [remaining, submit]);

  async function extend() {
    setError(null);
    try {
      const response = await fetch("/api/session/extend", { method: "POST", headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(String(response.status));
      const body = (await response.json()) as { expiresInMs: number };
      const next = Date.now() + body.expiresInMs;
      setDeadline(next);
      setRemaining(next - Date.now());
      // At the maximum lifetime (7 days after the password was entered) there is nothing left to extend.
      if (body.expiresInMs <= WARN_MS) setError("Sessions last at most 7 days: save your work and sign in again.");
    } catch {
      setError("Could not extend the session. Save your work and sign in again.");
    }
  }

  if (remaining > WARN_MS || remaining <= 0) return null;
  const minutes = Math.max(1, Math.ceil(remaining / 60_000));
  return (
    <div className="session-banner" role="alert">
      <div className="container session-banner-inner">
        <p>
          Your session expires in {minutes} minute{minutes === 1 ? "" : "s"}.{error ? ` ${error}` : ""}
        </p>
        <button type="button" className="button button-small button-coral" onClick={extend}>
          Extend Session
        </button>
      </div>
    </div>
  );
}
