import { useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { type GdprAnswers, type GdprScore, scoreGdprAnswers } from "~/content/gdpr";
import type { GdprIntroContent } from "~/content/intros";
import { pageLoaderData } from "~/lib/pages/page-preview.server";
import { pageMeta } from "~/lib/site/seo";
import { getConfig } from "~/lib/platform/config.server";
import { frameworkOnFirstUse } from "~/lib/platform/static-page";
import { useFormStamp } from "~/lib/platform/form-stamp";
import { clientIpOf } from "~/lib/platform/request-context";
import { isValidEmail } from "~/lib/platform/validation";
import { gdprFromForm } from "~/lib/visitor-forms/gdpr-form.server";
import { GDPR_EMAIL_STEP, GDPR_QUESTIONS, gdprPayloadOf } from "~/lib/visitor-forms/gdpr-steps";
import { proofFor, startProof } from "~/lib/visitor-forms/proof-of-work";
import type { Route } from "./+types/gdpr-checklist";

// Works with plain posts until React arrives at the first move, touch, key or focus (decision 086).
export const handle = frameworkOnFirstUse("site/contact-wizard.css", "site/gdpr-checklist.css");

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

/** The checklist without JavaScript: one plain post per step (gdpr-form.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  return gdprFromForm(form, { ip: clientIpOf(context), siteUrl: getConfig().siteUrl });
}

const questions = GDPR_QUESTIONS;
const TOTAL_STEPS = questions.length + 1;
const AUTO_ADVANCE_MS = 300;
export const GDPR_SEND_FAILED = "Failed to send results. Please try again.";

const noSubscription = () => () => {};

type Sent = { email: string; analysis: GdprScore; newsletter: "pending" | "already-subscribed" | null };
type Posted = Extract<Route.ComponentProps["actionData"], { kind: "step" }>;

/**
 * One form for all 24 steps. Without JavaScript every button posts it (the answers so
 * far ride along as hidden fields) and the action answers with the next step; with it,
 * the buttons' handlers do the same in the browser (preventDefault) and only "Send my
 * analysis" posts, as JSON to /api/gdpr-results with the proof of work (decision 062).
 */
export default function GdprChecklist({ loaderData, actionData }: Route.ComponentProps) {
  // Only without JavaScript is there an answer from the action.
  const posted = actionData?.kind === "step" ? actionData : undefined;
  const stamp = useFormStamp();
  const [step, setStep] = useState(posted?.step ?? 0);
  const [answers, setAnswers] = useState<GdprAnswers>(posted?.answers ?? {});
  const [sent, setSent] = useState<Sent | null>(actionData?.kind === "sent" ? actionData : null);
  const heading = useRef<HTMLHeadingElement>(null);
  const advance = useRef<ReturnType<typeof setTimeout>>(undefined);
  const moved = useRef(false);

  // Focus the new question so keyboard and screen-reader users hear it (not on first load).
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step, sent]);
  useEffect(() => () => clearTimeout(advance.current), []);

  // Each button posts the form only without JavaScript: here its click is handled, not sent.
  function goTo(next: number, click?: React.MouseEvent) {
    click?.preventDefault();
    clearTimeout(advance.current);
    moved.current = true;
    setStep(Math.max(0, Math.min(GDPR_EMAIL_STEP, next)));
  }

  function answer(click: React.MouseEvent, id: string, value: "yes" | "no") {
    click.preventDefault();
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
      <form
        className="gdpr-card"
        method="post"
        noValidate
        // The proof of work starts on the first focus (a question's heading takes it from step 2); it runs unseen.
        onFocus={(event) => startProof(event.currentTarget)}
        onSubmit={(event) => event.preventDefault()}
      >
        <input type="hidden" name="step" value={step} />
        {/* The time trap's stamp (decision 062): a step's own without JavaScript, else the server render's. */}
        <input type="hidden" name="stamp" defaultValue={posted?.stamp ?? stamp} suppressHydrationWarning />
        {Object.entries(answers).map(([id, value]) => (
          <input key={id} type="hidden" name={id} value={value} />
        ))}
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
                  name="answer"
                  value={value}
                  className="gdpr-answer"
                  aria-pressed={answers[question.id] === value}
                  onClick={(event) => answer(event, question.id, value)}
                >
                  {value === "yes" ? "Yes" : "No"}
                </button>
              ))}
            </div>
            <div className="gdpr-nav">
              <button
                name="go"
                value="back"
                className="button button-ghost"
                onClick={(event) => goTo(step - 1, event)}
                disabled={step === 0}
              >
                Previous
              </button>
              <button className="button" onClick={(event) => goTo(step + 1, event)} disabled={!answers[question.id]}>
                Next
              </button>
            </div>
          </>
        ) : (
          <EmailStep
            answers={answers}
            posted={posted}
            headingRef={heading}
            onBack={(event) => goTo(step - 1, event)}
            onSent={setSent}
          />
        )}
      </form>
      <p className="gdpr-footnote">
        Two deadlines worth knowing: a personal data breach must be reported to Datatilsynet within 72 hours (GDPR Art.
        33), and people who ask about their data must get an answer within one month (Art. 12(3)).
      </p>
    </section>
  );
}

function EmailStep({
  answers,
  posted,
  headingRef,
  onBack,
  onSent,
}: {
  answers: GdprAnswers;
  posted: Posted | undefined;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onBack: (event: React.MouseEvent) => void;
  onSent: (sent: Sent) => void;
}) {
  const [email, setEmail] = useState(posted?.email ?? "");
  const [consent, setConsent] = useState(posted?.consent ?? false);
  const [newsletter, setNewsletter] = useState(posted?.newsletter ?? false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(posted?.error ?? null);
  // Until the script runs, the button stays enabled: without JavaScript the server checks the address and consent.
  const scripted = useSyncExternalStore(noSubscription, () => true, () => false);
  const ids = { email: useId(), error: useId() };
  const ready = isValidEmail(email.trim()) && consent;
  const emailField = useRef<HTMLInputElement>(null);
  const consentBox = useRef<HTMLInputElement>(null);
  const newsletterBox = useRef<HTMLInputElement>(null);

  // On a slow connection people fill in this step (a plain post's answer) before the script runs:
  // the state lacks what they typed and ticked, and the first re-render (`scripted`) would empty
  // the field. Take it over once, as hydration ends; after that, onChange keeps the two equal.
  useLayoutEffect(() => {
    if (emailField.current) setEmail(emailField.current.value);
    if (consentBox.current) setConsent(consentBox.current.checked);
    if (newsletterBox.current) setNewsletter(newsletterBox.current.checked);
  }, []);

  async function send(event: React.MouseEvent<HTMLButtonElement>) {
    event.preventDefault();
    if (!ready || sending) return;
    const form = event.currentTarget.form!;
    setSending(true);
    setError(null);
    const fields = new FormData(form);
    const altcha = await proofFor(form);
    try {
      const response = await fetch("/api/gdpr-results", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          ...gdprPayloadOf(answers, email.trim(), newsletter),
          stamp: fields.get("stamp") ?? "",
          ...(altcha ? { altcha } : {}),
        }),
      });
      const body = (await response.json().catch(() => ({}))) as { newsletter?: Sent["newsletter"]; error?: string };
      // The server's own words when it refused (too fast, a proof it could not check), else the spec's.
      if (!response.ok) return setError(response.status === 400 && body.error ? body.error : GDPR_SEND_FAILED);
      onSent({ email: email.trim(), analysis: scoreGdprAnswers(answers), newsletter: body.newsletter ?? null });
    } catch {
      setError(GDPR_SEND_FAILED);
    } finally {
      setSending(false);
    }
  }

  return (
    <>
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
        ref={emailField}
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
          name="consent"
          ref={consentBox}
          required
          checked={consent}
          disabled={sending}
          onChange={(e) => setConsent(e.target.checked)}
        />
        <span>
          I agree that Fjord &amp; Form stores my e-mail address and answers to send me this analysis, as described in
          the{" "}
          <a href="/privacy">
            privacy policy
          </a>
          .
        </span>
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          name="newsletter"
          ref={newsletterBox}
          checked={newsletter}
          disabled={sending}
          onChange={(e) => setNewsletter(e.target.checked)}
        />
        <span>Also send me the newsletter (optional; you confirm by e-mail first).</span>
      </label>
      <p id={ids.error} className="field-error" role="alert">
        {error}
      </p>
      {/* "Send" first in the markup: without JavaScript, Enter in the address field presses the
          form's first button, which must not be "Previous"; the style puts "Previous" on the left. */}
      <div className="gdpr-nav gdpr-nav-send">
        <button className="button button-coral" onClick={send} disabled={(scripted && !ready) || sending}>
          {sending ? (
            <>
              <span className="spinner" aria-hidden="true" /> Sending...
            </>
          ) : (
            "Send my analysis"
          )}
        </button>
        <button name="go" value="back" className="button button-ghost" onClick={onBack} disabled={sending}>
          Previous
        </button>
      </div>
    </>
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
        <a href="/contact" className="button button-coral">
          Get help closing the gaps
        </a>
      </div>
    </section>
  );
}
