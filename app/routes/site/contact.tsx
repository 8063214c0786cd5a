import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { JsonLd } from "~/components/json-ld";
import { useRootData } from "~/components/use-root-data";
import { localBusinessJsonLd } from "~/lib/studio/studio-json-ld";
import { pageMeta } from "~/lib/site/seo";
import { CONTACT_LIMITS } from "~/lib/platform/validation";
import { getConfig } from "~/lib/platform/config.server";
import { frameworkOnFirstUse } from "~/lib/platform/static-page";
import { useFormStamp } from "~/lib/platform/form-stamp";
import { clientIpOf } from "~/lib/platform/request-context";
import { contactFromForm } from "~/lib/visitor-forms/contact-form.server";
import { proofFor, startProof } from "~/lib/visitor-forms/proof-of-work";
import { CONTACT_STEPS as steps, type ContactField as Field, contactStepProblem as validate } from "~/lib/visitor-forms/contact-steps";
import type { Route } from "./+types/contact";

// Works with plain posts until React arrives at the first move, touch, key or focus (decision 086).
export const handle = frameworkOnFirstUse("site/contact-wizard.css");

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Get in touch",
    description: "Tell us about your project in three short steps. We answer every message within one working day.",
    path: "/contact",
    matches,
  });

/** The wizard without JavaScript: one plain post per step (contact-form.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  return contactFromForm(form, { ip: clientIpOf(context), siteUrl: getConfig().siteUrl });
}

export const CONTACT_ERRORS = {
  invalidFormat: "Invalid response format from server",
  failed: "Failed to submit form",
  network: "Network error. Please try again.",
} as const;

/** Posts the request; resolves with null on success, or the error text to show under the field. */
async function send(
  endpoint: string,
  values: Record<Field, string>,
  form: HTMLFormElement,
): Promise<string | null> {
  const fields = new FormData(form);
  // The proof of work (decision 062), from the solver the first focus loaded; none means unverified.
  const altcha = await proofFor(form);
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({
        company: values.company.trim(),
        project: values.project.trim(),
        email: values.email.trim(),
        website: fields.get("website") ?? "",
        stamp: fields.get("stamp") ?? "",
        ...(altcha ? { altcha } : {}),
      }),
    });
  } catch (error) {
    // fetch rejects with a TypeError whose text ("Failed to fetch") means nothing to people.
    return error instanceof TypeError || !(error instanceof Error) || !error.message
      ? CONTACT_ERRORS.network
      : error.message;
  }
  let body: { error?: unknown };
  try {
    body = await response.json();
  } catch {
    return CONTACT_ERRORS.invalidFormat;
  }
  if (!response.ok) return typeof body?.error === "string" && body.error ? body.error : CONTACT_ERRORS.failed;
  return null;
}

export default function Contact({ actionData }: Route.ComponentProps) {
  // Only without JavaScript is there an answer from the action (the wizard's plain posts).
  const answer = actionData?.kind === "step" ? actionData : undefined;
  const sent = actionData?.kind === "sent" ? actionData : undefined;
  const stamp = useFormStamp();
  const root = useRootData();
  const endpoint = root?.contactEndpoint || "/api/contact";
  // The root loader has run whenever this page renders (its data carries the studio).
  const studio = root?.studio;
  const [step, setStep] = useState(answer?.step ?? 0);
  const [values, setValues] = useState<Record<Field, string>>(
    answer?.values ?? { company: "", project: "", email: sent?.email ?? "" },
  );
  const [error, setError] = useState<string | null>(answer?.error ?? null);
  const [loading, setLoading] = useState(false);
  const [submitted, setSubmitted] = useState(Boolean(sent));
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const thanks = useRef<HTMLHeadingElement>(null);
  const ids = { field: useId(), error: useId(), step: useId() };
  const current = steps[step]!;
  const last = step === steps.length - 1;

  // On a slow connection people type before this script runs: the field shows their text, the
  // state lacks it, and Next would call the field empty. Take it over once, as hydration ends and
  // before any re-render writes the state back into the field; after that, onChange keeps them equal.
  useLayoutEffect(() => {
    const typed = field.current?.value;
    if (typed !== undefined) setValues((all) => (all[current.field] === typed ? all : { ...all, [current.field]: typed }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);

  // Each new question takes the focus, so keyboard and screen-reader users follow along.
  useEffect(() => {
    if (step > 0) field.current?.focus();
  }, [step]);
  useEffect(() => {
    if (submitted) thanks.current?.focus();
  }, [submitted]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const problem = validate(current.field, values[current.field]);
    if (problem) {
      setError(problem);
      field.current?.focus();
      return;
    }
    if (!last) {
      setStep(step + 1);
      return;
    }
    setLoading(true);
    try {
      const failure = await send(endpoint, values, event.currentTarget);
      if (failure) setError(failure);
      else setSubmitted(true);
    } finally {
      setLoading(false);
    }
  }

  if (submitted) {
    return (
      <section className="contact-page">
        <div className="container contact-card contact-done" role="status">
          <h1 ref={thanks} tabIndex={-1}>
            Thank you for reaching out! We are contacting you shortly.
          </h1>
          <p className="lead">A copy of your message is on its way to {values.email.trim()}.</p>
          <a href="/" className="button button-coral">
            Back to Home
          </a>
        </div>
      </section>
    );
  }

  const common = {
    id: ids.field,
    name: current.field,
    ref: field,
    required: true,
    placeholder: current.placeholder,
    value: values[current.field],
    disabled: loading,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? ids.error : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValues({ ...values, [current.field]: event.target.value });
      setError(null);
    },
  };

  return (
    <section className="contact-page">
      {/* The studio as a business with an address, from its details (lib/studio). */}
      {studio ? <JsonLd data={localBusinessJsonLd(studio, root?.siteUrl ?? "")} /> : null}
      {/* A plain post without JavaScript (the action answers with the next step); with it, onSubmit does everything. */}
      <form
        className="container contact-card"
        method="post"
        onSubmit={onSubmit}
        // The proof of work starts on the first focus (decision 062); it runs unseen.
        onFocus={(event) => startProof(event.currentTarget)}
        noValidate
        aria-describedby={ids.step}
      >
        <input type="hidden" name="step" value={step} />
        {/* The time trap's stamp (decision 062): a step's own without JavaScript, else the server render's. */}
        <input type="hidden" name="stamp" defaultValue={answer?.stamp ?? stamp} suppressHydrationWarning />
        {steps.map((s) =>
          s.field === current.field ? null : <input key={s.field} type="hidden" name={s.field} value={values[s.field]} />,
        )}
        <p id={ids.step} className="contact-step">
          Step {step + 1} of {steps.length}
        </p>
        <div className="contact-progress" aria-hidden="true">
          {steps.map((s, index) => (
            <span key={s.field} data-done={index <= step} />
          ))}
        </div>
        <label htmlFor={ids.field} className="contact-question">
          {current.question}
        </label>
        {current.field === "project" ? (
          <textarea {...common} rows={6} maxLength={CONTACT_LIMITS.project} />
        ) : (
          <input
            {...common}
            type={current.field === "email" ? "email" : "text"}
            autoComplete={current.field === "email" ? "email" : "organization"}
            maxLength={CONTACT_LIMITS[current.field]}
          />
        )}
        {/* Hidden from people; bots that fill in every field give themselves away. */}
        <div className="honeypot" aria-hidden="true">
          <label>
            Leave this field empty
            <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </label>
        </div>
        <p id={ids.error} className="field-error" role="alert">
          {error}
        </p>
        <div className="contact-actions">
          <button type="submit" className="button button-coral" disabled={loading}>
            {loading ? (
              <>
                <span className="spinner" aria-hidden="true" /> Sending...
              </>
            ) : last ? (
              "Submit"
            ) : (
              "Next"
            )}
          </button>
          {studio ? (
            <p className="contact-aside">
              Prefer e-mail? <a href={`mailto:${studio.email}`}>{studio.email}</a>
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
