import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { schemaConstraint } from "~/lib/platform/form-constraints";
import { type FormResult, resultFor } from "~/lib/platform/form-result";
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { CheckboxField } from "~/components/forms/fields";
import { useIsPending } from "~/components/forms/use-is-pending";
import { FormNotice } from "~/components/form-notice";


/** A confirmed form's schema: its intent and the ticked box (e.g. lib/staff/confirm-forms.ts). */
type ConfirmFormSchema = z.ZodType<{ intent: string; confirm: "on" }, { intent: string; confirm: "on" }>;

type Props = {
  intent: string;
  schema: ConfirmFormSchema;
  /** The action's answer; shown when it answers this form (`intent`). */
  actionData: FormResult | undefined;
  /** The box to tick: the first confirmation, which works without JavaScript. */
  checkboxLabel: ReactNode;
  /** The browser's dialog, the last word (with JavaScript). */
  question: string;
  button: ReactNode;
  danger?: boolean;
  /**
   * What names this form's thing among the page's (a row's id): sent as hidden fields, and
   * what tells its submission from a neighbour row's with the same intent (the busy state).
   */
  hidden?: Record<string, string>;
  /** The form's id (default `{intent}-form`) and class (default `confirmed-action-form`). */
  id?: string;
  className?: string;
  children?: ReactNode;
};

/**
 * Every change that needs confirming (erase a lead or a subscriber, unsubscribe, send
 * again, delete a project, deactivate a colleague): a Conform form over the schema the
 * server parses with. Without JavaScript the ticked box is the confirmation; with it,
 * the browser also asks once more.
 */
export function ConfirmedActionForm({
  intent,
  schema,
  actionData,
  checkboxLabel,
  question,
  button,
  danger,
  hidden,
  id = `${intent}-form`,
  className = "confirmed-action-form",
  children,
}: Props) {
  const mine = resultFor(intent, actionData);
  const busy = useIsPending({ intent, fields: hidden });
  const [form, fields] = useForm<{ intent: string; confirm: "on" }>({
    id,
    lastResult: mine?.result,
    constraint: schemaConstraint(schema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className={className}
      onSubmit={(event) => {
        // Conform's own checks run first; only a complete form asks for the last word.
        form.onSubmit(event);
        if (!event.defaultPrevented && !window.confirm(question)) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <CheckboxField field={fields.confirm} label={checkboxLabel} />
      <div>
        <button type="submit" className={`button button-small${danger ? " button-danger" : ""}`} disabled={busy}>
          {button}
        </button>
      </div>
      <FormNotice data={mine} />
    </Form>
  );
}
