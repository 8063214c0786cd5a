import { useEffect, useId, useState } from "react";

type Status = { kind: "idle" } | { kind: "submitting" } | { kind: "success" | "error"; message: string };

export const NEWSLETTER_MESSAGES = {
  success: "Thanks for subscribing to our newsletter!",
  already: "You are already subscribed to our newsletter!",
  failure: "Something went wrong. Please try again later.",
} as const;

const MESSAGE_VISIBLE_MS = 5_000;

/** The footer newsletter sign-up (SPEC §4 Newsletter): idle, submitting, success or error. */
export function NewsletterForm({ endpoint = "/api/contact" }: { endpoint?: string }) {
  const [email, setEmail] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const inputId = useId();
  const messageId = useId();

  useEffect(() => {
    if (status.kind !== "success" && status.kind !== "error") return;
    const timer = setTimeout(() => setStatus({ kind: "idle" }), MESSAGE_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus({ kind: "submitting" });
    try {
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ email: email.trim().toLowerCase(), type: "newsletter" }),
      });
      const body = (await response.json().catch(() => ({}))) as { error?: string; alreadySubscribed?: boolean };
      if (!response.ok) throw new Error(body.error);
      setStatus({
        kind: "success",
        message: body.alreadySubscribed ? NEWSLETTER_MESSAGES.already : NEWSLETTER_MESSAGES.success,
      });
      setEmail("");
    } catch {
      setStatus({ kind: "error", message: NEWSLETTER_MESSAGES.failure });
    }
  }

  const submitting = status.kind === "submitting";
  return (
    <form className="newsletter-form" onSubmit={onSubmit} noValidate={false}>
      <label htmlFor={inputId} className="newsletter-label">
        Get our newsletter
      </label>
      <p className="newsletter-hint">
        A few notes a year on private software and local AI. Unsubscribe with one click.
      </p>
      <div className="newsletter-row">
        <input
          id={inputId}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@company.no"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={submitting}
          aria-describedby={messageId}
        />
        <button type="submit" className="button button-coral" disabled={submitting}>
          {submitting ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
      <p id={messageId} className={`form-message ${status.kind}`} role="status" aria-live="polite">
        {status.kind === "success" || status.kind === "error" ? status.message : ""}
      </p>
    </form>
  );
}
