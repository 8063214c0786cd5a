import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import type { ComponentPropsWithoutRef, ReactNode } from "react";
import { FieldError } from "~/components/field-error";

/**
 * The form kit (#24): a label, the control, an optional hint and the field's error, over
 * Conform's metadata, so every staff and visitor form says the same things the same way:
 * the label names the control, the hint and the error are announced with it
 * (`aria-describedby`: the hint always, the error while there is one, `aria-invalid` then).
 * Without `className` the parts are siblings, for the grid and stack forms that lay them
 * out; with it they share one wrapper.
 */
type KitProps = {
  // Conform's metadata for any value type: the kit reads only ids, name, errors and defaults.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  field: FieldMetadata<any>;
  label: ReactNode;
  hint?: ReactNode;
  /** A wrapper around the parts, with this class. */
  className?: string;
};

/** The hint between the label and the control (read before typing), not under the control. */
type HintFirst = { hintFirst?: boolean };

type Passed<Element extends "input" | "textarea" | "select"> = Omit<
  ComponentPropsWithoutRef<Element>,
  "id" | "name" | "form" | "type" | "defaultValue" | "defaultChecked" | "className" | "children"
>;

function Parts({ className, children }: { className?: string; children: ReactNode }) {
  return className ? <div className={className}>{children}</div> : <>{children}</>;
}

function Hint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p id={id} className="field-hint">
      {hint}
    </p>
  ) : null;
}

const describedBy = (field: KitProps["field"], hint: ReactNode) => (hint ? field.descriptionId : undefined);

type TextType = "text" | "email" | "tel" | "url" | "password" | "search" | "number" | "date" | "time" | "datetime-local";

/**
 * A text input. Given `value`, the input is controlled (the page keeps its value, e.g. a slug
 * that follows the title) and Conform's default value is left out. `sent={false}` shows the
 * value without submitting it (no `name`): a post's slug that only follows the title is left
 * for the server to choose, free of clashes, until someone types in it.
 */
export function TextField({
  field,
  label,
  hint,
  hintFirst,
  className,
  type = "text",
  sent = true,
  ...input
}: KitProps & HintFirst & { type?: TextType; sent?: boolean } & Passed<"input">) {
  const props = getInputProps(field, { type, ariaDescribedBy: describedBy(field, hint) });
  if (input.value !== undefined) delete props.defaultValue;
  return (
    <Parts className={className}>
      <label htmlFor={field.id}>{label}</label>
      {hintFirst ? <Hint id={field.descriptionId} hint={hint} /> : null}
      <input {...props} name={sent ? props.name : undefined} key={field.key} {...input} />
      {hintFirst ? null : <Hint id={field.descriptionId} hint={hint} />}
      <FieldError id={field.errorId} errors={field.errors} />
    </Parts>
  );
}

export function TextareaField({ field, label, hint, hintFirst, className, ...textarea }: KitProps & HintFirst & Passed<"textarea">) {
  return (
    <Parts className={className}>
      <label htmlFor={field.id}>{label}</label>
      {hintFirst ? <Hint id={field.descriptionId} hint={hint} /> : null}
      <textarea {...getTextareaProps(field, { ariaDescribedBy: describedBy(field, hint) })} key={field.key} {...textarea} />
      {hintFirst ? null : <Hint id={field.descriptionId} hint={hint} />}
      <FieldError id={field.errorId} errors={field.errors} />
    </Parts>
  );
}

export function SelectField({
  field,
  label,
  hint,
  className,
  options,
  ...select
}: KitProps & { options: readonly (string | { value: string; label: string })[] } & Passed<"select">) {
  return (
    <Parts className={className}>
      <label htmlFor={field.id}>{label}</label>
      <select {...getSelectProps(field, { ariaDescribedBy: describedBy(field, hint) })} key={field.key} {...select}>
        {options.map((option) => {
          const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
      <Hint id={field.descriptionId} hint={hint} />
      <FieldError id={field.errorId} errors={field.errors} />
    </Parts>
  );
}

/** A box to tick, its label beside it (the label wraps the box, as the site's checkboxes do). */
export function CheckboxField({ field, label, hint, className = "checkbox-label", ...input }: KitProps & Passed<"input">) {
  return (
    <>
      <label className={className}>
        <input
          {...getInputProps(field, { type: "checkbox", ariaDescribedBy: describedBy(field, hint) })}
          key={field.key}
          {...input}
        />
        {label}
      </label>
      <Hint id={field.descriptionId} hint={hint} />
      <FieldError id={field.errorId} errors={field.errors} />
    </>
  );
}
