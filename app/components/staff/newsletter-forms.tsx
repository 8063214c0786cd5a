import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { useSchemaForm } from "~/components/use-schema-form";
import { parseWithZod } from "@conform-to/zod/v4";
import { schemaConstraint } from "~/lib/platform/form-constraints";
import type { FormResult } from "~/lib/platform/form-result";
import { Form, useNavigation } from "react-router";
import { FieldError } from "~/components/field-error";
import { FormNotice } from "~/components/form-notice";
import { type MediaChoice, MediaPicker } from "~/components/staff/media-picker";
import { issueSchema, sendSchema } from "~/lib/newsletter/issue-forms";

/**
 * The newsletter pages' forms: writing an issue, and confirming a send. Conform forms
 * over the schemas the server parses with, so lengths and messages are the same on both
 * sides; without JavaScript they are plain form posts.
 */

export type { MediaChoice };

type IssueDefaults = { subject: string; preheader: string; body: string; featuredImage: string };

export function IssueForm({
  defaults,
  media,
  actionData,
  submitLabel,
}: {
  defaults: IssueDefaults;
  media: MediaChoice[];
  actionData?: FormResult;
  submitLabel: string;
}) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm("newsletter-issue-form", issueSchema, { lastResult: actionData?.result, defaultValue: defaults });
  const chosen = media.find((item) => item.path === (fields.featuredImage.value ?? defaults.featuredImage));
  return (
    <Form method="post" {...getFormProps(form)} className="cms-form">
      <label htmlFor={fields.subject.id}>Emnelinje</label>
      <input {...getInputProps(fields.subject, { type: "text" })} key={fields.subject.key} />
      <FieldError id={fields.subject.errorId} errors={fields.subject.errors} />

      <label htmlFor={fields.preheader.id}>Forhåndstekst (valgfri)</label>
      <input {...getInputProps(fields.preheader, { type: "text" })} key={fields.preheader.key} />
      <p className="field-hint">Linjen e-postprogrammer viser etter emnet i innboksen.</p>
      <FieldError id={fields.preheader.errorId} errors={fields.preheader.errors} />

      <label htmlFor={fields.body.id}>Tekst (på engelsk, som nettstedet)</label>
      <textarea {...getTextareaProps(fields.body)} key={fields.body.key} rows={14} />
      <p className="field-hint">Som blogginnlegg: hver linje blir et avsnitt. Lenker skrives som de er.</p>
      <FieldError id={fields.body.errorId} errors={fields.body.errors} />

      <p className="field-label" id={fields.featuredImage.id}>
        Hovedbilde (valgfritt)
      </p>
      {chosen ? <img src={chosen.thumb} alt={chosen.alt} className="editor-preview" /> : null}
      <MediaPicker
        key={fields.featuredImage.key}
        name={fields.featuredImage.name}
        choices={media}
        defaultValue={typeof fields.featuredImage.initialValue === "string" ? fields.featuredImage.initialValue : defaults.featuredImage}
        allowNone
        open={Boolean(fields.featuredImage.errors)}
      />
      <p className="field-hint">Fra mediebiblioteket (Media). Samme bilde for alle mottakere; alt-teksten er bildets i biblioteket.</p>
      <FieldError id={fields.featuredImage.errorId} errors={fields.featuredImage.errors} />

      <div className="editor-actions">
        <button type="submit" className="button" disabled={busy}>
          {submitLabel}
        </button>
      </div>
      <FormNotice data={actionData} />
    </Form>
  );
}

export function SendConfirmForm({
  recipients,
  actionData,
}: {
  recipients: number;
  actionData?: FormResult;
}) {
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "newsletter-send-form",
    lastResult: actionData?.result,
    constraint: schemaConstraint(sendSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: sendSchema }),
  });
  const who = recipients === 1 ? "1 abonnent" : `${recipients.toLocaleString("nb-NO")} abonnenter`;
  return (
    <Form method="post" {...getFormProps(form)} className="cms-form">
      <input type="hidden" name="expectedRecipients" value={recipients} />
      <label className="checkbox-label">
        <input {...getInputProps(fields.confirm, { type: "checkbox" })} key={fields.confirm.key} />
        Jeg har sett forhåndsvisningen og vil sende nyhetsbrevet til {who}
      </label>
      <FieldError id={fields.confirm.errorId} errors={fields.confirm.errors} />
      <div className="editor-actions">
        <button type="submit" className="button" disabled={busy}>
          Send til {who}
        </button>
      </div>
    </Form>
  );
}
