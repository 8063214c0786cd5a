import { useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
import { enhanceNewsletter } from "~/enhance/newsletter";
import { useFormStamp } from "~/lib/platform/form-stamp";
import { gateProtectedForms } from "~/lib/visitor-forms/proof-of-work";
import { searchWithoutResult, statusFromSearch } from "~/lib/visitor-forms/newsletter-result";

/**
 * The footer newsletter sign-up: a plain form that works without JavaScript (it posts
 * to /newsletter/subscribe, which comes back here with the outcome in the address).
 * With JavaScript, enhanceNewsletter posts JSON to the endpoint instead and shows the
 * spec's messages for 5 seconds; React only renders the markup.
 */
export function NewsletterForm({ endpoint = "/api/contact" }: { endpoint?: string }) {
  const { pathname, search } = useLocation();
  const status = statusFromSearch(search);
  const form = useRef<HTMLFormElement>(null);
  const inputId = useId();
  const messageId = useId();

  useEffect(() => enhanceNewsletter(form.current!), []);
  // The proof of work (decision 062) on the framework's pages; on content pages, which run
  // no React, the enhancement module sets up the same gate.
  useEffect(gateProtectedForms, []);

  return (
    <form
      ref={form}
      id="newsletter"
      className="newsletter-form"
      method="post"
      action="/newsletter/subscribe"
      data-endpoint={endpoint}
      data-pow=""
    >
      {/* The time trap's stamp (decision 062), from the server render; the browser keeps it. */}
      <input type="hidden" name="stamp" defaultValue={useFormStamp()} suppressHydrationWarning />
      <input type="hidden" name="back" value={pathname + searchWithoutResult(search)} />
      <label htmlFor={inputId} className="newsletter-label">
        Get our newsletter
      </label>
      <p className="newsletter-hint">
        A few notes a year on private software and local AI. Unsubscribe with one click.
      </p>
      {/* Hidden from people; bots that fill in every field give themselves away. */}
      <div className="honeypot" aria-hidden="true">
        <label>
          Leave this field empty
          <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <div className="newsletter-row">
        <input
          id={inputId}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="you@company.no"
          aria-describedby={messageId}
        />
        <button type="submit" className="button button-coral">
          Subscribe
        </button>
      </div>
      {/* One string child: React updates it as text content, so the text enhanceNewsletter writes never confuses it. */}
      <p id={messageId} className={`form-message ${status?.kind ?? "idle"}`} role="status" aria-live="polite">
        {status?.message ?? ""}
      </p>
    </form>
  );
}
