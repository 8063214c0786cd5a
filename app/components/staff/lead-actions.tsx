import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { useSchemaForm } from "~/components/use-schema-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { schemaConstraint } from "~/lib/platform/form-constraints";
import { type FormResult, resultFor } from "~/lib/platform/form-result";
import { Form, useNavigation } from "react-router";
import { FieldError } from "~/components/field-error";
import { TextareaField } from "~/components/forms/fields";
import { FormNotice } from "~/components/form-notice";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
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
export function LeadStatusForm({ status, actionData }: { status: LeadStatus; actionData?: FormResult }) {
  const mine = resultFor("status", actionData);
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "lead-status-form",
    lastResult: mine?.result,
    constraint: schemaConstraint(leadStatusSchema),
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
      <FormNotice data={mine} />
    </Form>
  );
}

export function LeadNoteForm({ actionData }: { actionData?: FormResult }) {
  const mine = resultFor("note", actionData);
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm("lead-note-form", leadNoteSchema, { lastResult: mine?.result });
  return (
    <Form method="post" {...getFormProps(form)} className="cms-form lead-note-form">
      <input type="hidden" name="intent" value="note" />
      <TextareaField field={fields.body} label="Nytt notat (bare for staben)" rows={3} />
      <div>
        <button type="submit" className="button button-small" disabled={busy}>
          Lagre notat
        </button>
      </div>
      <FormNotice data={mine} />
    </Form>
  );
}

export function LeadEraseForm({ label, actionData }: { label: string; actionData?: FormResult }) {
  return (
    <ConfirmedActionForm
      intent="erase"
      schema={leadEraseSchema}
      actionData={actionData}
      checkboxLabel="Personen har bedt om sletting, og jeg vil slette alt om henvendelsen"
      question={`Slette henvendelsen fra ${label} for godt? Dette kan ikke angres.`}
      button="Slett henvendelsen"
      danger
      id="lead-erase-form"
      className="lead-erase-form"
    >
      <p>
        Sletter innsendingen, notatene og alle e-poster systemet har sendt eller skal sende om den (GDPR art. 17).
        Hendelsen logges uten personopplysninger.
      </p>
    </ConfirmedActionForm>
  );
}
