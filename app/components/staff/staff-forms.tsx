import { getFormProps } from "@conform-to/react";
import { useSchemaForm } from "~/components/use-schema-form";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { SelectField, TextField } from "~/components/forms/fields";
import { useIsPending } from "~/components/forms/use-is-pending";
import { ROLE_LABELS, type Role } from "~/lib/auth/roles";

const INVITE_ROLE_ORDER: readonly Role[] = ["editor", "author", "owner"];
import { FormNotice } from "~/components/form-notice";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import { RowDeleteForm } from "~/components/staff/row-delete-form";
import { type FormResult, resultFor } from "~/lib/platform/form-result";
import { inviteSchema, type StaffAction, staffActionSchema } from "~/lib/auth/account-forms";

/**
 * The team page's forms: inviting a colleague, and the changes to one account
 * (deactivate, reactivate, unlock, send the invitation again), each confirmed by a
 * ticked box (works without JavaScript) and, with JavaScript, the browser's dialog.
 */
export function InviteForm({ actionData }: { actionData?: FormResult }) {
  const mine = resultFor("invite", actionData);
  const busy = useIsPending({ intent: "invite" });
  const [form, fields] = useSchemaForm("invite-form", inviteSchema, { lastResult: mine?.result });
  return (
    <Form method="post" {...getFormProps(form)} className="stack-form invite-form">
      <input type="hidden" name="intent" value="invite" />
      <TextField field={fields.fullName} label="Navn" autoComplete="off" />
      <TextField field={fields.email} label="E-post" type="email" autoComplete="off" />
      <SelectField
        field={fields.role}
        label="Rolle"
        // Redaktør first, so it is what an untouched form sends: the least that does the daily work.
        options={INVITE_ROLE_ORDER.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
      />
      <div>
        <button type="submit" className="button button-small" disabled={busy}>
          Send invitasjon
        </button>
      </div>
      <FormNotice data={mine} />
    </Form>
  );
}

export const ACTION_TEXTS: Record<StaffAction, { button: string; confirm: string; danger?: boolean }> = {
  disable: {
    button: "Deaktiver kontoen",
    confirm: "Jeg vil deaktivere kontoen og logge ut alle øktene dens nå",
    danger: true,
  },
  enable: { button: "Aktiver kontoen igjen", confirm: "Jeg vil gi kontoen tilgang igjen" },
  unlock: { button: "Opphev låsen", confirm: "Jeg vil oppheve låsen etter feilede innlogginger" },
  reinvite: { button: "Send invitasjonen på nytt", confirm: "Jeg vil sende en ny lenke (den gamle slutter å virke)" },
};

export function StaffActionForm({
  intent,
  who,
  actionData,
  children,
  id = `staff-${intent}-form`,
  name,
  hidden,
}: {
  intent: StaffAction;
  who: string;
  actionData?: FormResult;
  children?: ReactNode;
  /** One form per row on the team list: each needs its own id. */
  id?: string;
  /** In a list, whose account the button is for, said to screen readers. */
  name?: string;
  /** In a list, the row's id: sent with the form and what tells its busy state from the neighbours'. */
  hidden?: Record<string, string>;
}) {
  const texts = ACTION_TEXTS[intent];
  const whose = name ? <span className="visually-hidden"> ({name})</span> : null;
  return (
    <ConfirmedActionForm
      intent={intent}
      schema={staffActionSchema}
      actionData={actionData}
      checkboxLabel={
        <span>
          {texts.confirm}
          {whose}
        </span>
      }
      question={questionFor(intent, who)}
      button={
        <>
          {texts.button}
          {whose}
        </>
      }
      danger={texts.danger}
      id={id}
      hidden={hidden}
      className="staff-action-form"
    >
      {children}
    </ConfirmedActionForm>
  );
}

/** The browser's question: the button's words and the account ("Deaktiver kontoen: Kari (kari@…)?"). */
const questionFor = (intent: StaffAction, who: string) => `${ACTION_TEXTS[intent].button}: ${who}?`;

/**
 * "Deaktiver kontoen" in a team list row's menu: the list's row removal (RowDeleteForm) in
 * the words of the account's own page, the row's name said to screen readers.
 */
export function DeactivateRowForm({
  row,
  who,
  actionData,
}: {
  row: { id: string; name: string };
  who: string;
  actionData?: FormResult;
}) {
  const { confirm, button } = ACTION_TEXTS.disable;
  const whose = ` (${row.name})`;
  return (
    <RowDeleteForm
      row={row}
      intent="disable"
      schema={staffActionSchema}
      actionData={actionData}
      question={questionFor("disable", who)}
      words={{ confirm, confirmHidden: whose, button, buttonHidden: whose }}
      id={`staff-disable-${row.id}`}
      className="staff-action-form"
    />
  );
}
