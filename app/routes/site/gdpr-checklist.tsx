import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { type GdprAnswers, type GdprScore, gdprCategories, scoreGdprAnswers } from "~/content/gdpr";
import type { GdprIntroContent } from "~/content/intros";
import { pageLoaderData } from "~/lib/pages/page-preview.server";
import { pageMeta } from "~/lib/site/seo";
import { isValidEmail } from "~/lib/platform/validation";
import type { Route } from "./+types/gdpr-checklist";

// The introduction is data (app/lib/pages); the questions are fixed.
export const loader = ({ request, context }: Route.LoaderArgs) =>
  pageLoaderData<GdprIntroContent>("gdpr-checklist", request, context);

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta({
        title: "GDPR checklist",
        description: loaderData.content.metaDescription,
        seo: loaderData.content.seo,
        path: "/gdpr-checklist",
        matches,
        noindex: loaderData.preview,
      })
    : [];

const questions = gdprCategories.flatMap((category) =>
  category.questions.map((question) => ({ ...question, category })),
);
const EMAIL_STEP = questions.length; // 0-based: the 24th step
const TOTAL_STEPS = questions.length + 1;
const AUTO_ADVANCE_MS = 300;
export const GDPR_SEND_FAILED = "Failed to send results. Please try again.";

type Sent = { email: string; analysis: GdprScore; newsletter: "pending" | "already-subscribed" | null };

export default function GdprChecklist({ loaderData }: Route.ComponentProps) {
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<GdprAnswers>({});
  const [sent, setSent] = useState<Sent | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const advance = useRef<ReturnType<typeof setTimeout>>(undefined);
  const moved = useRef(false);

  // Focus the new question so keyboard and screen-reader users hear it (not on first load).
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step, sent]);
  useEffect(() => () => clearTimeout(advance.current), []);

  function goTo(next: number) {
    clearTimeout(advance.current);
    moved.current = true;
    setStep(Math.max(0, Math.min(EMAIL_STEP, next)));
  }

  function answer(id: string, value: "yes" | "no") {
    setAnswers((current) => ({ ...current, [id]: value }));
    clearTimeout(advance.current);
    advance.current = setTimeout(() => goTo(step + 1), AUTO_ADVANCE_MS);
  }

  if (sent) return <SentConfirmation sent={sent} headingRef={heading} />;

  const question = questions[step];
  return (
    <section className="gdpr-page container">
      <header className="gdpr-intro">
        {/* The page's visible title; the question below stays the H1, as the thing to answer. */}
        <p className="gdpr-title">GDPR self-assessment</p>
        <p className="lead">{loaderData.content.intro}</p>
      </header>
      <div className="gdpr-card">
        <p className="contact-step">
          Step {step + 1} of {TOTAL_STEPS}
          {question ? ` · ${question.category.title}` : ""}
        </p>
        <progress className="gdpr-progress" value={step + 1} max={TOTAL_STEPS} aria-label="Progress" />
        {question ? (
          <>
            <h1 ref={heading} tabIndex={-1} className="gdpr-question">
              {question.text}
            </h1>
            <p className="gdpr-help">{question.help}</p>
            <div className="gdpr-answers" role="group" aria-label="Your answer">
              {(["yes", "no"] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  className="gdpr-answer"
                  aria-pressed={answers[question.id] === value}
                  onClick={() => answer(question.id, value)}
                >
                  {value === "yes" ? "Yes" : "No"}
                </button>
              ))}
            </div>
            <div className="gdpr-nav">
              <button
                type="button"
                className="button button-ghost"
                onClick={() => goTo(step - 1)}
                disabled={step === 0}
              >
                Previous
              </button>
              <button type="button" className="button" onClick={() => goTo(step + 1)} disabled={!answers[question.id]}>
                Next
              </button>
            </div>
          </>
        ) : (
          <EmailStep answers={answers} headingRef={heading} onBack={() => goTo(step - 1)} onSent={setSent} />
        )}
      </div>
      <p className="gdpr-footnote">
        Two deadlines worth knowing: a personal data breach must be reported to Datatilsynet within 72 hours (GDPR Art.
        33), and people who ask about their data must get an answer within one month (Art. 12(3)).
      </p>
    </section>
  );
}

function EmailStep({
  answers,
  headingRef,
  onBack,
  onSent,
}: {
  answers: GdprAnswers;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onBack: () => void;
  onSent: (sent: Sent) => void;
}) {
  const [email, setEmail] = useState("");
  const [consent, setConsent] = useState(false);
  const [newsletter, setNewsletter] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = { email: useId(), error: useId() };
  const ready = isValidEmail(email.trim()) && consent;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || sending) return;
    setSending(true);
    setError(null);
    const analysis = scoreGdprAnswers(answers);
    const payload = {
      email: email.trim(),
      subscribeNewsletter: newsletter,
      checkedCount: analysis.yes,
      totalItems: analysis.total,
      categories: gdprCategories.map((category) => ({
        id: category.id,
        title: category.title,
        items: category.questions.map((q) => ({ id: q.id, text: q.text, answer: answers[q.id] })),
      })),
    };
    try {
      const response = await fetch("/api/gdpr-results", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        // No proof of work yet (decision 062): its hook's bytes are over this page's budget, so
        // the checklist's leads are kept unverified until they are found elsewhere in it.
        body: JSON.stringify(payload),
      });
      if (!response.ok) throw new Error(String(response.status));
      const body = (await response.json().catch(() => ({}))) as { newsletter?: Sent["newsletter"] };
      onSent({ email: email.trim(), analysis, newsletter: body.newsletter ?? null });
    } catch {
      setError(GDPR_SEND_FAILED);
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <h1 ref={headingRef} tabIndex={-1} className="gdpr-question">
        Where should we send your analysis?
      </h1>
      <p className="gdpr-help">You get your score per area and a concrete next step for every “no”, by e-mail.</p>
      <label htmlFor={ids.email} className="gdpr-label">
        E-mail address
      </label>
      <input
        id={ids.email}
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder="name@company.com"
        className="gdpr-input"
        value={email}
        disabled={sending}
        onChange={(event) => {
          setEmail(event.target.value);
          setError(null);
        }}
        aria-describedby={error ? ids.error : undefined}
      />
      <label className="checkbox">
        <input
          type="checkbox"
          required
          checked={consent}
          disabled={sending}
          onChange={(e) => setConsent(e.target.checked)}
        />
        <span>
          I agree that Fjord &amp; Form stores my e-mail address and answers to send me this analysis, as described in
          the{" "}
          <Link reloadDocument to="/privacy">
            privacy policy
          </Link>
          .
        </span>
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={newsletter}
          disabled={sending}
          onChange={(e) => setNewsletter(e.target.checked)}
        />
        <span>Also send me the newsletter (optional; you confirm by e-mail first).</span>
      </label>
      <p id={ids.error} className="field-error" role="alert">
        {error}
      </p>
      <div className="gdpr-nav">
        <button type="button" className="button button-ghost" onClick={onBack} disabled={sending}>
          Previous
        </button>
        <button type="submit" className="button button-coral" disabled={!ready || sending}>
          {sending ? (
            <>
              <span className="spinner" aria-hidden="true" /> Sending...
            </>
          ) : (
            "Send my analysis"
          )}
        </button>
      </div>
    </form>
  );
}

function SentConfirmation({
  sent,
  headingRef,
}: {
  sent: Sent;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  const { analysis } = sent;
  return (
    <section className="gdpr-page container">
      <div className="gdpr-card" role="status">
        <p className="eyebrow">Sent</p>
        <h1 ref={headingRef} tabIndex={-1} className="gdpr-question">
          Your analysis is on its way.
        </h1>
        <p className="lead">
          We have sent the analysis to <strong>{sent.email}</strong>, with a next step for every gap.
          {sent.newsletter === "pending" ? " Check your inbox to confirm the newsletter subscription." : ""}
          {sent.newsletter === "already-subscribed" ? " You are already subscribed to our newsletter." : ""}
        </p>
        <p className="gdpr-score">
          {analysis.scorePercent}%{" "}
          <span>
            ({analysis.yes} of {analysis.total} in place)
          </span>
        </p>
        <ul className="gdpr-summary">
          {analysis.categories.map((category) => (
            <li key={category.id}>
              <span>{category.title}</span>
              <span>
                {category.yes}/{category.total}
              </span>
            </li>
          ))}
        </ul>
        <Link reloadDocument to="/contact" className="button button-coral">
          Get help closing the gaps
        </Link>
      </div>
    </section>
  );
}
