import { getFormProps } from "@conform-to/react";
import { Form, Link } from "react-router";
import { FormNotice } from "~/components/form-notice";
import { CheckboxField, TextareaField, TextField } from "~/components/forms/fields";
import { useIsPending } from "~/components/forms/use-is-pending";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import { NoteForm, StatusForm } from "~/components/staff/record-forms";
import { useSchemaForm } from "~/components/use-schema-form";
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  applicationEraseSchema,
  applicationNoteSchema,
  applicationReplySchema,
  applicationStatusSchema,
  type ApplicationStatus,
  REPLY_TEMPLATE_LABELS,
  REPLY_TEMPLATES,
  type ReplyLanguage,
  type ReplyTemplate,
} from "~/lib/applications/application-forms";
import { type FormResult, resultFor } from "~/lib/platform/form-result";

/**
 * An application's forms (decision 057): the pipeline, a note, "Svar" and erasure, each
 * a Conform form over the schema the server parses with.
 */
export function ApplicationStatusForm({ status, actionData }: { status: ApplicationStatus; actionData?: FormResult }) {
  return (
    <StatusForm
      id="application-status-form"
      schema={applicationStatusSchema}
      statuses={APPLICATION_STATUSES}
      labels={APPLICATION_STATUS_LABELS}
      status={status}
      actionData={actionData}
    />
  );
}

export function ApplicationNoteForm({ actionData }: { actionData?: FormResult }) {
  return <NoteForm id="application-note-form" schema={applicationNoteSchema} actionData={actionData} />;
}

type ReplyProps = {
  chosen: { template: ReplyTemplate; language: ReplyLanguage; subject: string; body: string };
  email: string;
  actionData?: FormResult;
};

/**
 * "Svar": a template chosen by link (so it works without JavaScript), its text put into
 * the form to edit, sent through the outbox when the box is ticked.
 */
export function ApplicationReplyForm({ chosen, email, actionData }: ReplyProps) {
  const mine = resultFor("reply", actionData);
  const busy = useIsPending({ intent: "reply" });
  const [form, fields] = useSchemaForm(
    `application-reply-${chosen.template}-${chosen.language}`,
    applicationReplySchema,
    {
      lastResult: mine?.result,
      defaultValue: { subject: chosen.subject, body: chosen.body },
    },
  );
  return (
    <>
      <nav className="reply-templates" aria-label="Maler">
        <ul>
          {REPLY_TEMPLATES.flatMap((template) =>
            (["nb", "en"] as const).map((language) => {
              const current = template === chosen.template && language === chosen.language;
              return (
                <li key={`${template}-${language}`}>
                  <Link
                    to={`?svar=${template}&sprak=${language}#application-reply`}
                    preventScrollReset
                    aria-current={current ? "true" : undefined}
                    className="button button-small button-ghost"
                  >
                    {REPLY_TEMPLATE_LABELS[template]} ({language === "nb" ? "norsk" : "engelsk"})
                  </Link>
                </li>
              );
            }),
          )}
        </ul>
      </nav>
      <Form method="post" {...getFormProps(form)} key={form.id} className="cms-form application-reply-form">
        <input type="hidden" name="intent" value="reply" />
        <input type="hidden" name="template" value={chosen.template} />
        <input type="hidden" name="language" value={chosen.language} />
        <TextField field={fields.subject} label="Emne" />
        <TextareaField field={fields.body} label={`Svar til ${email}`} rows={10} />
        <CheckboxField field={fields.confirm} label="Send dette svaret til søkeren nå" />
        <div>
          <button type="submit" className="button button-small" disabled={busy}>
            Send svar
          </button>
        </div>
        <FormNotice data={mine} />
      </Form>
    </>
  );
}

export function ApplicationEraseForm({ name, actionData }: { name: string; actionData?: FormResult }) {
  return (
    <ConfirmedActionForm
      intent="erase"
      schema={applicationEraseSchema}
      actionData={actionData}
      checkboxLabel="Jeg vil slette søknaden, CV-en og alt om den for godt"
      question={`Slette søknaden fra ${name} for godt? Dette kan ikke angres.`}
      button="Slett"
      danger
      id="application-erase-form"
      className="lead-erase-form"
    >
      <p>
        Sletter søknaden, CV-filen, notatene, svarene og alle e-poster om den (GDPR art. 17). Hendelsen logges uten
        personopplysninger.
      </p>
    </ConfirmedActionForm>
  );
}
