import type { ComponentProps } from "react";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import type { FormResult } from "~/lib/platform/form-result";

/** What the box and the button say, each followed by words said only to screen readers. */
export type RowDeleteWords = { confirm: string; confirmHidden: string; button: string; buttonHidden: string };

/** "Bekreft" and "Slett", naming the row for screen readers: a list has one of each per row. */
export const deleteWordsFor = (name: string): RowDeleteWords => ({
  confirm: "Bekreft",
  confirmHidden: ` sletting av ${name}`,
  button: "Slett",
  buttonHidden: ` ${name}`,
});

type Props = {
  /** The row: its id is sent, names the form and tells its busy state from the other rows'. */
  row: { id: string; name: string };
  /** The form's intent ("delete" unless said otherwise). */
  intent?: string;
  schema: ComponentProps<typeof ConfirmedActionForm>["schema"];
  /** The action's answer to this row's form only (the page picks it out by the row's id). */
  actionData: FormResult | undefined;
  /** The browser's dialog, the last word. */
  question: string;
  /** Default: "Bekreft" / "Slett" (deleteWordsFor). */
  words?: RowDeleteWords;
  /** The form's id (default `{intent}-{row id}`) and class. */
  id?: string;
  className?: string;
};

/**
 * The confirmed form that removes a list's row, or shuts it out (delete a job listing or a
 * post, deactivate a colleague), for a row menu's `danger` place (RowMenu): the ticked box
 * and the browser's question (ConfirmedActionForm), the row's id sent as a hidden field,
 * and busy only while this row's form is sent.
 */
export function RowDeleteForm({
  row,
  intent = "delete",
  schema,
  actionData,
  question,
  words = deleteWordsFor(row.name),
  id = `${intent}-${row.id}`,
  className,
}: Props) {
  return (
    <ConfirmedActionForm
      id={id}
      intent={intent}
      schema={schema}
      actionData={actionData}
      checkboxLabel={
        <span>
          {words.confirm}
          <span className="visually-hidden">{words.confirmHidden}</span>
        </span>
      }
      question={question}
      button={
        <>
          {words.button}
          <span className="visually-hidden">{words.buttonHidden}</span>
        </>
      }
      danger
      hidden={{ id: row.id }}
      className={className}
    />
  );
}
