import { useEffect, useState } from "react";
import { useSubmit } from "react-router";

const WARN_MS = 5 * 60_000;
const CHECK_EVERY_MS = 60_000;

/** Staff copy in bokmål (decision 068); "Extend Session" is the spec's own label and stays. */
export const SESSION_BANNER_TEXT = {
  atMaximum: "En økt varer høyst 7 dager: lagre arbeidet ditt og logg inn på nytt.",
  notExtended: "Kunne ikke forlenge økten. Lagre arbeidet ditt og logg inn på nytt.",
} as const;

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
      if (body.expiresInMs <= WARN_MS) setError(SESSION_BANNER_TEXT.atMaximum);
    } catch {
      setError(SESSION_BANNER_TEXT.notExtended);
    }
  }

  if (remaining > WARN_MS || remaining <= 0) return null;
  const minutes = Math.max(1, Math.ceil(remaining / 60_000));
  return (
    // Staff copy on any page, a public English one too: the banner says its own language.
    <div className="session-banner" role="alert" lang="nb">
      <div className="container session-banner-inner">
        <p>
          Økten din utløper om {minutes} {minutes === 1 ? "minutt" : "minutter"}.{error ? ` ${error}` : ""}
        </p>
        <button type="button" className="button button-small button-coral" onClick={extend} lang="en">
          Extend Session
        </button>
      </div>
    </div>
  );
}
