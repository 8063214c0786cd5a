import {
  FormProvider,
  getFormProps,
  getInputProps,
  getTextareaProps,
  useField,
} from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { FieldError } from "~/components/field-error";
import { useSchemaForm } from "~/components/use-schema-form";
import { FIELD_LIMITS, type FieldGroup, type FieldSpec } from "~/lib/pages/page-fields";
import { draftFormSchema, type PageDocument, type PageKey, pageDefinition } from "~/lib/pages/page-registry";
import { type FormResult, resultFor } from "~/lib/platform/form-result";

type Props = {
  page: PageKey;
  revision: number;
  content: PageDocument;
  /** The action's answer; the editor's when it answers "save" (the page also has "discard"). */
  actionData?: FormResult;
};

/**
 * The editor of one page's words, made from the page's field descriptions: every text in
 * page order, in the page's groups, each checked with the limits its place in the layout
 * can take (the same schema the server saves with). The draft revision the form was
 * opened at goes with it: a save on a page someone changed meanwhile is refused.
 */
export function PageEditorForm({ page, revision, content, actionData }: Props) {
  const definition = pageDefinition(page);
  const mine = resultFor("save", actionData);
  const error = mine?.error;
  const busy = useNavigation().state !== "idle";
  const [form] = useSchemaForm("page-editor", draftFormSchema(definition), {
    lastResult: mine?.result,
    defaultValue: { revision: String(revision), content } as never,
  });
  return (
    <FormProvider context={form.context}>
      <Form method="post" {...getFormProps(form)} className="cms-form page-editor">
        <input type="hidden" name="intent" value="save" />
        <RevisionField />
        {definition.groups.map((group) => (
          <EditorGroup key={group.id} group={group} />
        ))}
        {error ? (
          <p className="auth-message error" role="alert" id="page-editor-conflict">
            {error}
          </p>
        ) : (
          <FieldError id={form.errorId} errors={form.errors} />
        )}
        <div className="page-editor-actions">
          <button type="submit" className="button button-small" disabled={busy}>
            Lagre utkast
          </button>
        </div>
      </Form>
    </FormProvider>
  );
}

function RevisionField() {
  const [field] = useField<string>("revision");
  return <input type="hidden" name={field.name} defaultValue={field.initialValue} key={field.key} />;
}

function EditorGroup({ group }: { group: FieldGroup }) {
  return (
    <fieldset className="page-editor-group" id={`group-${group.id}`}>
      <legend>{group.label}</legend>
      {group.hint ? <p className="field-hint">{group.hint}</p> : null}
      {group.fields.map((spec) => (
        <EditorField key={spec.name} spec={spec} />
      ))}
    </fieldset>
  );
}

function EditorField({ spec }: { spec: FieldSpec }) {
  const [field] = useField<string>(`content.${spec.name}`);
  const limit = FIELD_LIMITS[spec.kind];
  const hintId = `${field.id}-hint`;
  const described = [hintId, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ");
  const hint = `${spec.hint ? `${spec.hint} ` : ""}Høyst ${limit.max} tegn.`;
  return (
    <div className="page-editor-field">
      <label htmlFor={field.id}>{spec.label}</label>
      {limit.lines === "multi" ? (
        <textarea {...getTextareaProps(field)} key={field.key} rows={3} aria-describedby={described} />
      ) : (
        <input {...getInputProps(field, { type: "text" })} key={field.key} aria-describedby={described} />
      )}
      <p className="field-hint" id={hintId}>
        {hint}
      </p>
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}
