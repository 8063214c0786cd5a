import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FieldError } from "./field-error";
import {
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  leadEraseSchema,
  leadNoteSchema,
  leadStatusSchema,
  type LeadStatus,
} from "~/lib/visitor-forms/lead-forms";

/**
 * The lead page's three forms (status, note, erasure), each a Conform form over the
 * schema the server parses with, so lengths and messages are the same on both sides.
 */
export type LeadActionResult = {
  intent: "status" | "note" | "erase";
  result: SubmissionResult<string[]>;
  message?: string;
};

function resultFor(intent: LeadActionResult["intent"], actionData: LeadActionResult | undefined) {
  return actionData?.intent === intent ? actionData : undefined;
}

function Notice({ data }: { data: LeadActionResult | undefined }) {
  return data?.message ? (
    <p className="auth-message success" role="status">
      {data.message}
    </p>
  ) : null;
}

export function LeadStatusForm({ status, actionData }: { status: LeadStatus; actionData?: LeadActionResult }) {
  const mine = resultFor("status", actionData);
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "lead-status-form",
    lastResult: mine?.result,
    constraint: getZodConstraint(leadStatusSchema),
    defaultValue: { status },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadStatusSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="inline-form lead-status-form">
      <input type="hidden" name="intent" value="status" />
      <label htmlFor={fields.status.id}>Status</label>
      <select {...getSelectProps(fields.status)} key={fields.status.key}>
        {LEAD_STATUSES.map((value) => (
          <option key={value} value={value}>
            {LEAD_STATUS_LABELS[value]}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-small" disabled={busy}>
        Lagre status
      </button>
      <FieldError id={fields.status.errorId} errors={fields.status.errors} />
      <Notice data={mine} />
    </Form>
  );
}

export function LeadNoteForm({ actionData }: { actionData?: LeadActionResult }) {
  const mine = resultFor("note", actionData);
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "lead-note-form",
    lastResult: mine?.result,
    constraint: getZodConstraint(leadNoteSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadNoteSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="cms-form lead-note-form">
      <input type="hidden" name="intent" value="note" />
      <label htmlFor={fields.body.id}>Nytt notat (bare for staben)</label>
      <textarea {...getTextareaProps(fields.body)} key={fields.body.key} rows={3} />
      <FieldError id={fields.body.errorId} errors={fields.body.errors} />
      <div>
        <button type="submit" className="button button-small" disabled={busy}>
          Lagre notat
        </button>
      </div>
      <Notice data={mine} />
    </Form>
  );
}

export function LeadEraseForm({ label, actionData }: { label: string; actionData?: LeadActionResult }) {
  const mine = resultFor("erase", actionData);
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "lead-erase-form",
    lastResult: mine?.result,
    constraint: getZodConstraint(leadEraseSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: leadEraseSchema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="lead-erase-form"
      onSubmit={(event) => {
        // Conform's own checks run first; only a complete form asks for the last word.
        form.onSubmit(event);
        if (
          !event.defaultPrevented &&
          !window.confirm(`Slette henvendelsen fra ${label} for godt? Dette kan ikke angres.`)
        ) {
          event.preventDefault();
        }
      }}
    >
      <input type="hidden" name="intent" value="erase" />
      <p>
        Sletter innsendingen, notatene og alle e-poster systemet har sendt eller skal sende om den (GDPR art. 17).
        Hendelsen logges uten personopplysninger.
      </p>
      <label className="checkbox-label">
        <input {...getInputProps(fields.confirm, { type: "checkbox" })} key={fields.confirm.key} />
        Personen har bedt om sletting, og jeg vil slette alt om henvendelsen
      </label>
      <FieldError id={fields.confirm.errorId} errors={fields.confirm.errors} />
      <div>
        <button type="submit" className="button button-small button-danger" disabled={busy}>
          Slett henvendelsen
        </button>
      </div>
    </Form>
  );
}
