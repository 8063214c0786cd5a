import { getFormProps } from "@conform-to/react";
import { Form } from "react-router";
import { TextField } from "~/components/forms/fields";
import { useIsPending } from "~/components/forms/use-is-pending";
import { FormNotice } from "~/components/form-notice";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import { type FormResult, resultFor } from "~/lib/platform/form-result";
import { useSchemaForm } from "~/components/use-schema-form";
import { addRedirectSchema, removeRedirectSchema } from "~/lib/redirects/redirect-forms";

/** /admin/redirects' forms: add one (checked as the server checks), remove one (confirmed). */
export function AddRedirectForm({ actionData }: { actionData?: FormResult }) {
  const mine = resultFor("add", actionData);
  const busy = useIsPending({ intent: "add" });
  const [form, fields] = useSchemaForm("add-redirect-form", addRedirectSchema, { lastResult: mine?.result });
  return (
    <Form method="post" {...getFormProps(form)} className="cms-form">
      <input type="hidden" name="intent" value="add" />
      <TextField
        field={fields.from}
        label="Fra adresse"
        hint="En adresse på dette nettstedet som ellers gir «finnes ikke», for eksempel /gammel-side."
        hintFirst
        autoComplete="off"
        placeholder="/gammel-side"
      />
      <TextField
        field={fields.to}
        label="Til adresse"
        hint="En adresse på dette nettstedet (/blog/nytt-innlegg) eller en https://-adresse."
        hintFirst
        autoComplete="off"
        placeholder="/blog/nytt-innlegg"
      />
      <div>
        <button type="submit" className="button button-small" disabled={busy}>
          Legg til omdirigering
        </button>
      </div>
      <FormNotice data={mine} />
    </Form>
  );
}

/**
 * One per row: the answer is this row's when the id it carries back (Conform's reply keeps
 * what was sent, the hidden id too) is this row's.
 */
/** The answer to this row's "Fjern" (a refusal to show), or undefined: the page has one form per row. */
export function removeAnswerFor(id: string, actionData?: FormResult) {
  const mine = resultFor("remove", actionData);
  return mine?.result.initialValue?.id === id ? mine : undefined;
}

export function RemoveRedirectForm({ id, from, actionData }: { id: string; from: string; actionData?: FormResult }) {
  return (
    <ConfirmedActionForm
      intent="remove"
      schema={removeRedirectSchema}
      actionData={removeAnswerFor(id, actionData)}
      checkboxLabel="Ja, fjern"
      question={`Fjerne omdirigeringen fra ${from}? Adressen gir «finnes ikke» igjen.`}
      button="Fjern"
      danger
      id={`remove-redirect-${id}`}
      className="staff-action-form"
      hidden={{ id }}
    />
  );
}
