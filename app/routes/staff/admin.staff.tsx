import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { StaffList, StaffTable } from "~/components/staff/list-kit";
import { RowMenu } from "~/components/staff/row-menu";
import { DeactivateRowForm, InviteForm, StaffActionForm } from "~/components/staff/staff-forms";
import {
  inviteSchema,
  parseStaffPage,
  STAFF_ACTIONS,
  STAFF_STATE_LABELS,
  type StaffAction,
  type StaffState,
  staffActionSchema,
} from "~/lib/auth/account-forms";
import { staffSession } from "~/lib/auth/guard.server";
import type { StaffActor } from "~/lib/auth/security-events.server";
import { applyStaffAction } from "~/lib/auth/staff-account-actions.server";
import { getStaffAccount, inviteStaff, listStaff } from "~/lib/auth/staff-accounts.server";
import type { FormResult } from "~/lib/platform/form-result";
import { getDb } from "~/lib/platform/db.server";
import { replyToForm } from "~/lib/platform/form-reply.server";
import { osloDateTime } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import {
  SET_TWO_STEP_POLICY,
  TWO_STEP_POLICIES,
  TWO_STEP_POLICY_LABELS,
  type TwoStepPolicy,
  twoStepPolicySchema,
} from "~/lib/auth/access-policy";
import { getTwoStepPolicy, setTwoStepPolicy } from "~/lib/auth/access-policy.server";
import { ROLE_LABELS } from "~/lib/auth/roles";
import { redirectWithFlash } from "~/lib/platform/flash.server";

const POLICY_DONE: Record<TwoStepPolicy, string> = {
  off: "Totrinnsbekreftelse er valgfritt for alle.",
  "owners-editors": "Eiere og redaktører må nå ha totrinnsbekreftelse.",
  everyone: "Alle må nå ha totrinnsbekreftelse.",
};
import type { Route } from "./+types/admin.staff";

/** /admin/staff ("Team"): every staff account and its state, and inviting a colleague. */
export const meta: Route.MetaFunction = () => staffMeta("Team");

export async function loader({ context, url }: Route.LoaderArgs) {
  const session = staffSession(context);
  const list = await listStaff(getDb(), parseStaffPage(url.searchParams));
  return {
    twoStepPolicy: await getTwoStepPolicy(getDb()),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({
      id: row.id,
      name: row.fullName || row.email,
      email: row.email,
      twoStep: row.twoStep,
      role: row.role,
      state: row.state,
      lastSignIn: row.lastSignInAt ? osloDateTime(row.lastSignInAt) : null,
      me: row.id === session.userId,
    })),
  };
}

/**
 * A row's answer is keyed by its action and account (`disable:{id}`), so only that row's
 * form shows it, with its menu open.
 */
const rowKey = (intent: string, id: string) => `${intent}:${id}`;

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  if ((STAFF_ACTIONS as readonly string[]).includes(String(formData.get("intent")))) {
    return rowAction(formData, staffActor(request, context));
  }
  if (formData.get("intent") === SET_TWO_STEP_POLICY) {
    // The studio's two-step policy (decision 059): owners only (the route), confirmed, audited.
    const policy = parseWithZod(formData, { schema: twoStepPolicySchema });
    return replyToForm(
      policy,
      async ({ policy: value }) => {
        const result = await setTwoStepPolicy(getDb(), value, staffActor(request, context));
        if (result.kind === "unchanged") return { error: "Kravet var allerede slik.", status: 409 };
        return redirectWithFlash("/admin/staff", { kind: "success", message: POLICY_DONE[value] });
      },
      { intent: SET_TWO_STEP_POLICY },
    );
  }
  const submission = parseWithZod(formData, { schema: inviteSchema });
  return replyToForm(
    submission,
    async ({ email, fullName, role }) => {
      const result = await inviteStaff(getDb(), { email, fullName, role }, staffActor(request, context));
      if (result.kind === "exists") return { error: `${email} har allerede en konto i teamet.`, status: 409 };
      const message =
        result.kind === "reinvited"
          ? `${email} var allerede invitert: en ny lenke er sendt, og den gamle virker ikke lenger.`
          : `Invitasjonen er sendt til ${email}. Lenken virker i 72 timer.`;
      return { message, resetForm: true };
    },
    { intent: "invite" },
  );
}

/**
 * A row menu's change to one account (unlock, invite again, reactivate, deactivate): the
 * same confirmed change, with the same words, as on the account's own page. Back to the
 * list with the line, which names the account (a list has many).
 */
async function rowAction(formData: FormData, actor: StaffActor) {
  const id = String(formData.get("id") ?? "");
  const account = await getStaffAccount(getDb(), id);
  if (!account) throw data(null, { status: 404 });
  const submission = parseWithZod(formData, { schema: staffActionSchema });
  return replyToForm(
    submission,
    async ({ intent }) => {
      const outcome = await applyStaffAction(getDb(), intent, id, actor);
      if ("error" in outcome) return outcome;
      const message = `${account.fullName || account.email}: ${outcome.message}`;
      return redirectWithFlash("/admin/staff", { kind: "success", message });
    },
    { intent: rowKey(String(submission.payload.intent ?? ""), id) },
  );
}

type Row = { id: string; name: string; email: string; state: StaffState; me: boolean };

/**
 * The row's actions behind "⋯ Handlinger": the account page (the role is changed there,
 * with the roles explained), the change the account's state calls for, and "Deaktiver
 * kontoen" set apart at the bottom. Your own row offers only your profile.
 */
function AccountMenu({ row, actionData }: { row: Row; actionData?: FormResult }) {
  const answer = (intent: StaffAction) =>
    actionData?.intent === rowKey(intent, row.id) ? { ...actionData, intent } : undefined;
  const who = `${row.name} (${row.email})`;
  const form = (intent: StaffAction) => (
    <StaffActionForm
      intent={intent}
      who={who}
      name={row.name}
      id={`staff-${intent}-${row.id}`}
      actionData={answer(intent)}
      hidden={{ id: row.id }}
    />
  );
  return (
    <RowMenu
      name={row.name}
      open={STAFF_ACTIONS.some((intent) => answer(intent))}
      danger={
        row.me || row.state === "disabled" ? undefined : (
          <DeactivateRowForm row={row} who={who} actionData={answer("disable")} />
        )
      }
    >
      {row.me ? (
        <Link to="/admin/settings/profile" className="button button-small button-ghost">
          Min profil
        </Link>
      ) : (
        <Link to={`/admin/staff/${row.id}`} className="button button-small button-ghost">
          Rolle og detaljer<span className="visually-hidden"> for {row.name}</span>
        </Link>
      )}
      {row.state === "locked" ? form("unlock") : null}
      {row.state === "invited" ? form("reinvite") : null}
      {row.state === "disabled" ? form("enable") : null}
    </RowMenu>
  );
}

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount, twoStepPolicy } = loaderData;
  return (
    <>
      <h1 className="admin-title">Team</h1>
      <StaffList count={{ total, one: "konto", many: "kontoer", filtered: false }} pages={{ page, pageCount }}>
        <StaffTable
          className="admin-table staff-table"
          rows={rows}
          columns={[
            {
              // The address under the name, not a column of its own: the row menu needed the width,
              // and a long address took it (it breaks anywhere rather than push the table wider).
              label: "Navn",
              cell: (row) => (
                <div>
                  <Link to={`/admin/staff/${row.id}`}>{row.name}</Link>
                  {row.me ? " (deg)" : null}
                  <small className="inbox-email staff-email">{row.email}</small>
                </div>
              ),
            },
            { label: "Rolle", cell: (row) => ROLE_LABELS[row.role] },
            { label: "Totrinn", cell: (row) => (row.twoStep ? "På" : "Av") },
            { label: "Sist innlogget", time: true, cell: (row) => row.lastSignIn ?? "Aldri" },
            {
              label: "Status",
              cell: (row) => (
                <div>
                  <span className={`badge badge-staff-${row.state}`}>{STAFF_STATE_LABELS[row.state]}</span>
                </div>
              ),
            },
            { label: "Handlinger", cell: (row) => <AccountMenu row={row} actionData={actionData} /> },
          ]}
        />
      </StaffList>
      <section className="admin-panel" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Inviter en kollega</h2>
        <p className="field-hint">
          Kollegaen får en e-post med en lenke for å velge passord. Lenken virker i 72 timer og bare én gang. Rollen kan
          endres senere på kontoens side.
        </p>
        <InviteForm actionData={actionData} />
      </section>
      <section className="admin-panel" aria-labelledby="policy-heading">
        <h2 id="policy-heading">Krav om totrinnsbekreftelse</h2>
        <p className="field-hint">
          En konto kravet gjelder for, og som ikke har totrinnsbekreftelse, sendes til oppsettet ved neste innlogging og
          kommer ikke videre før det er gjort.
        </p>
        <ConfirmedActionForm
          intent={SET_TWO_STEP_POLICY}
          schema={twoStepPolicySchema}
          actionData={actionData}
          checkboxLabel="Jeg vil endre kravet for hele teamet"
          question="Endre kravet om totrinnsbekreftelse?"
          button="Lagre kravet"
          id="two-step-policy-form"
          className="staff-action-form"
        >
          <label htmlFor="two-step-policy">Totrinnsbekreftelse</label>
          <select id="two-step-policy" name="policy" defaultValue={twoStepPolicy}>
            {TWO_STEP_POLICIES.map((value) => (
              <option key={value} value={value}>
                {TWO_STEP_POLICY_LABELS[value]}
              </option>
            ))}
          </select>
        </ConfirmedActionForm>
      </section>
    </>
  );
}
