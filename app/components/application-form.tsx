import {
  APPLICATION_LIMITS,
  APPLICATION_MESSAGES,
  APPLICATION_SUCCESS,
  type ApplicationFieldName,
  consentText,
  CV_MAX_BYTES,
} from "~/lib/applications/application-forms";
import { useFormStamp } from "~/lib/platform/form-stamp";

type Answer =
  | { kind: "received"; email: string; keptUntil: string }
  | {
      kind: "refused";
      message: string;
      fieldErrors: Partial<Record<ApplicationFieldName, string[]>>;
      values: Record<string, string>;
    };

type Props = { jobTitle: string; retentionMonths: number; answer?: Answer };

/**
 * The classes only the server's answers have (sent, refused). app/enhance/application.ts
 * swaps an answer in without loading a page, so the page's stylesheet, which holds only the
 * rules its markup can match (decision 084), must have theirs already: `data-page-css` lists
 * them. tests/unit/application-form-css.test.ts renders every answer to keep this complete.
 */
export const ANSWER_CLASSES = "apply-done apply-alert";

/**
 * The application form on a listing (decision 057): a plain multipart form the server
 * answers, on a page without React (it renders once, on the server). The enhancement
 * module (app/enhance/application.ts) checks the file before it is sent and shows the
 * upload's progress; without it, the browser posts the form and the server answers with
 * this same form, every field as typed and each problem under its field.
 */
export function ApplicationForm({ jobTitle, retentionMonths, answer }: Props) {
  const stamp = useFormStamp();
  if (answer?.kind === "received") {
    return (
      <section className="apply-card" id="apply" aria-labelledby="apply-title" data-page-css={ANSWER_CLASSES}>
        <h2 id="apply-title" tabIndex={-1}>
          Application sent
        </h2>
        <p role="status" className="apply-done">
          {APPLICATION_SUCCESS}
        </p>
        <p>
          A receipt is on its way to {answer.email}. We keep your application until {answer.keptUntil} at the latest,
          then delete it.
        </p>
      </section>
    );
  }
  const refused = answer?.kind === "refused" ? answer : undefined;
  const value = (name: string) => refused?.values[name] ?? "";
  const errorsOf = (name: ApplicationFieldName) => refused?.fieldErrors[name];
  const field = (name: ApplicationFieldName) => {
    const errors = errorsOf(name);
    return {
      id: `apply-${name}`,
      name,
      "aria-invalid": errors ? true : undefined,
      "aria-describedby": errors ? `apply-${name}-error` : name === "cv" ? "apply-cv-hint" : undefined,
    };
  };
  const error = (name: ApplicationFieldName) => (
    <p id={`apply-${name}-error`} className="field-error" data-error-for={name}>
      {errorsOf(name)?.join(" ")}
    </p>
  );
  return (
    <section className="apply-card" id="apply" aria-labelledby="apply-title" data-page-css={ANSWER_CLASSES}>
      <h2 id="apply-title" tabIndex={-1}>
        Apply for {jobTitle}
      </h2>
      {refused ? (
        <p role="alert" className="apply-alert">
          {refused.message}
        </p>
      ) : null}
      <form
        method="post"
        encType="multipart/form-data"
        className="apply-form"
        data-max={CV_MAX_BYTES}
        data-big={APPLICATION_MESSAGES.cvTooLarge}
        data-type={APPLICATION_MESSAGES.cvNotPdf}
        data-pow=""
      >
        {/* The time trap's "rendered at" (decision 062); the server's render only, this page has no React in the browser. */}
        <input type="hidden" name="stamp" value={stamp} />
        <div className="apply-field">
          <label htmlFor="apply-name">Name *</label>
          <input
            {...field("name")}
            type="text"
            autoComplete="name"
            required
            maxLength={APPLICATION_LIMITS.name}
            defaultValue={value("name")}
          />
          {error("name")}
        </div>
        <div className="apply-field">
          <label htmlFor="apply-email">E-mail *</label>
          <input
            {...field("email")}
            type="email"
            autoComplete="email"
            required
            maxLength={APPLICATION_LIMITS.email}
            defaultValue={value("email")}
          />
          {error("email")}
        </div>
        <div className="apply-field">
          <label htmlFor="apply-phone">Phone (optional)</label>
          <input
            {...field("phone")}
            type="tel"
            autoComplete="tel"
            maxLength={APPLICATION_LIMITS.phone}
            defaultValue={value("phone")}
          />
          {error("phone")}
        </div>
        <div className="apply-field">
          <label htmlFor="apply-link">Portfolio or LinkedIn (optional)</label>
          <input
            {...field("link")}
            type="url"
            placeholder="https://"
            maxLength={APPLICATION_LIMITS.link}
            defaultValue={value("link")}
          />
          {error("link")}
        </div>
        <div className="apply-field">
          <label htmlFor="apply-letter">A short letter *</label>
          <textarea
            {...field("letter")}
            rows={6}
            required
            maxLength={APPLICATION_LIMITS.letter}
            defaultValue={value("letter")}
          />
          {error("letter")}
        </div>
        <div className="apply-field apply-consent">
          <input {...field("consent")} type="checkbox" required defaultChecked={value("consent") === "on"} />
          <label htmlFor="apply-consent">{consentText(retentionMonths)}</label>
          {error("consent")}
        </div>
        <div className="apply-field">
          <label htmlFor="apply-cv">CV (PDF, at most 10 MB) *</label>
          <p id="apply-cv-hint" className="apply-hint">
            {refused ? "Please attach the file again: a browser cannot keep it after sending. " : ""}A plain PDF: files
            with scripts or attachments are refused.
          </p>
          <input {...field("cv")} type="file" accept="application/pdf,.pdf" required />
          {error("cv")}
          <progress className="apply-progress" max={1} value={0} hidden />
        </div>
        <button type="submit" className="button button-coral">
          Send application
        </button>
      </form>
    </section>
  );
}
