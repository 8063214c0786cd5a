import { getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { z } from "zod";
import { FieldError } from "~/components/field-error";
import { FormNotice } from "~/components/form-notice";
import { TextareaField } from "~/components/forms/fields";
import { useIsPending } from "~/components/forms/use-is-pending";
import { useSchemaForm } from "~/components/use-schema-form";
import { schemaConstraint } from "~/lib/platform/form-constraints";
import { type FormResult, resultFor } from "~/lib/platform/form-result";

/**
 * The two forms every record staff work through has on its page (a lead, an application):
 * its status in a pipeline and a note for colleagues. Each is a Conform form over the
 * schema the server parses with (intents "status" and "note"); the record's module gives
 * the schema, the statuses and their Norwegian labels.
 */
export function StatusForm<Status extends string>({
  id,
  schema,
  statuses,
  labels,
  status,
  actionData,
}: {
  id: string;
  schema: z.ZodType<{ intent: "status"; status: Status }>;
  statuses: readonly Status[];
  labels: Record<Status, string>;
  status: Status;
  actionData?: FormResult;
}) {
  const mine = resultFor("status", actionData);
  const busy = useIsPending({ intent: "status" });
  const [form, fields] = useForm<{ status: string }>({
    id,
    lastResult: mine?.result,
    constraint: schemaConstraint(schema),
    defaultValue: { status },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="inline-form lead-status-form">
      <input type="hidden" name="intent" value="status" />
      <label htmlFor={fields.status.id}>Status</label>
      <select {...getSelectProps(fields.status)} key={fields.status.key}>
        {statuses.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
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

export function NoteForm({
  id,
  schema,
  actionData,
}: {
  id: string;
  schema: z.ZodType<{ intent: "note"; body: string }, { intent: "note"; body: string }>;
  actionData?: FormResult;
}) {
  const mine = resultFor("note", actionData);
  const busy = useIsPending({ intent: "note" });
  const [form, fields] = useSchemaForm(id, schema, { lastResult: mine?.result });
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
