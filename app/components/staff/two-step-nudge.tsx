import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";
import { useIsPending } from "~/components/forms/use-is-pending";
import { useSchemaForm } from "~/components/use-schema-form";
import { DISMISS_TWO_STEP_NUDGE, dismissTwoStepNudgeSchema } from "~/lib/staff/dashboard-forms";

/**
 * The dashboard's notice to an account without two-step verification: a link to turn
 * it on, and "Ikke nå", a plain form post (works without JavaScript) that puts the
 * notice away for this account for 30 days (staff/two-step-nudge.server.ts).
 */
export function TwoStepNudge({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const busy = useIsPending({ intent: DISMISS_TWO_STEP_NUDGE });
  const [form] = useSchemaForm("two-step-nudge-form", dismissTwoStepNudgeSchema, { lastResult });
  return (
    <section className="dashboard-nudge" aria-labelledby="two-step-nudge-title">
      <h2 id="two-step-nudge-title">Totrinnsbekreftelse er ikke slått på for kontoen din</h2>
      <p>
        Med en engangskode fra en app på telefonen i tillegg til passordet kommer ingen inn på kontoen med et lekket
        passord alene. Det tar et par minutter.
      </p>
      <div className="dashboard-nudge-actions">
        <Link to="/admin/settings/two-step/enrol" className="button button-small">
          Slå på nå
        </Link>
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value={DISMISS_TWO_STEP_NUDGE} />
          <button type="submit" className="button button-small button-ghost" disabled={busy}>
            Ikke nå
          </button>
        </Form>
      </div>
    </section>
  );
}
