import { type FormResult } from "~/lib/platform/form-result";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import { NoteForm, StatusForm } from "~/components/staff/record-forms";
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
  return (
    <StatusForm
      id="lead-status-form"
      schema={leadStatusSchema}
      statuses={LEAD_STATUSES}
      labels={LEAD_STATUS_LABELS}
      status={status}
      actionData={actionData}
    />
  );
}

export function LeadNoteForm({ actionData }: { actionData?: FormResult }) {
  return <NoteForm id="lead-note-form" schema={leadNoteSchema} actionData={actionData} />;
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
