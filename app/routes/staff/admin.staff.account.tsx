import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { StaffActionForm } from "~/components/staff/staff-forms";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import { ROLE_HINTS, ROLE_LABELS, ROLES } from "~/lib/auth/roles";
import { CHANGE_ROLE, changeRoleSchema, ROLE_REFUSED } from "~/lib/auth/staff-roles";
import { applyStaffAction } from "~/lib/auth/staff-account-actions.server";
import { changeStaffRole } from "~/lib/auth/staff-roles.server";
import { STAFF_STATE_LABELS, staffActionSchema } from "~/lib/auth/account-forms";
import { staffSession } from "~/lib/auth/guard.server";
import type { StaffActor } from "~/lib/auth/security-events.server";
import { getStaffAccount } from "~/lib/auth/staff-accounts.server";
import { getDb } from "~/lib/platform/db.server";
import { osloDateTime } from "~/lib/platform/dates";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { replyToForm } from "~/lib/platform/form-reply.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.staff.account";

/** /admin/staff/:id: one colleague's account, and what can be done to it (each confirmed). */
export const meta: Route.MetaFunction = () => staffMeta("Konto");

export async function loader({ params, context }: Route.LoaderArgs) {
  const account = await getStaffAccount(getDb(), params.id);
  if (!account) throw data(null, { status: 404 });
  return {
    account: {
      id: account.id,
      name: account.fullName || account.email,
      email: account.email,
      state: account.state,
      role: account.role,
      twoStep: account.twoStep,
      created: osloDateTime(account.createdAt),
      invited: account.invitedAt ? osloDateTime(account.invitedAt) : null,
      lastSignIn: account.lastSignInAt ? osloDateTime(account.lastSignInAt) : null,
      lockedUntil: account.lockExpiresAt ? osloDateTime(new Date(account.lockExpiresAt)) : null,
      me: account.id === staffSession(context).userId,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") === CHANGE_ROLE) return changeRole(formData, params.id, staffActor(request, context));
  const submission = parseWithZod(formData, { schema: staffActionSchema });
  const intent = String(submission.payload.intent ?? "");
  return replyToForm(
    submission,
    async ({ intent }) => {
      const outcome = await applyStaffAction(getDb(), intent, params.id, staffActor(request, context));
      if ("error" in outcome) return outcome;
      // Post/redirect/get: reloading the page does not ask to do it again.
      return redirectWithFlash(`/admin/staff/${params.id}`, { kind: "success", message: outcome.message });
    },
    { intent },
  );
}

/** "Endre rolle" (decision 059): confirmed, owners only (the route), audited by the domain. */
function changeRole(formData: FormData, id: string, actor: StaffActor) {
  const submission = parseWithZod(formData, { schema: changeRoleSchema });
  return replyToForm(
    submission,
    async ({ role }) => {
      const result = await changeStaffRole(getDb(), id, role, actor);
      if (result.kind !== "changed") return { error: ROLE_REFUSED[result.kind], status: 409 };
      return redirectWithFlash(`/admin/staff/${id}`, {
        kind: "success",
        message: `Rollen er endret til ${ROLE_LABELS[role]}. Den gjelder fra neste side kollegaen åpner.`,
      });
    },
    { intent: CHANGE_ROLE },
  );
}

export default function StaffAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { account } = loaderData;
  const who = `${account.name} (${account.email})`;
  return (
    <>
      <p>
        <Link to="/admin/staff">← Til teamet</Link>
      </p>
      <h1 className="admin-title">{account.name}</h1>
      <dl className="lead-facts">
        <dt>E-post</dt>
        <dd>{account.email}</dd>
        <dt>Status</dt>
        <dd>
          <span className={`badge badge-staff-${account.state}`}>{STAFF_STATE_LABELS[account.state]}</span>
          {account.lockedUntil ? ` til ${account.lockedUntil}` : ""}
        </dd>
        <dt>Rolle</dt>
        <dd>{ROLE_LABELS[account.role]}</dd>
        <dt>Totrinn</dt>
        <dd>{account.twoStep ? "På" : "Av"}</dd>
        <dt>Sist innlogget</dt>
        <dd>{account.lastSignIn ?? "Aldri"}</dd>
        <dt>Opprettet</dt>
        <dd>{account.created}</dd>
        {account.invited ? (
          <>
            <dt>Invitert</dt>
            <dd>{account.invited}</dd>
          </>
        ) : null}
      </dl>
      <section className="admin-panel" aria-labelledby="account-actions">
        <h2 id="account-actions">Tilgang</h2>
        {account.me ? (
          <p>
            Dette er din egen konto: den kan ikke deaktiveres herfra. Navn, e-post og passord endrer du under{" "}
            <Link to="/admin/settings/profile">Min profil</Link>.
          </p>
        ) : null}
        {account.me ? null : (
          <ConfirmedActionForm
            intent={CHANGE_ROLE}
            schema={changeRoleSchema}
            actionData={actionData}
            checkboxLabel="Jeg vil endre rollen til kontoen"
            question={`Endre rollen til ${who}?`}
            button="Endre rolle"
            id="staff-role-form"
            className="staff-action-form"
          >
            <label htmlFor="staff-role">Rolle</label>
            <select id="staff-role" name="role" defaultValue={account.role} aria-describedby="staff-role-hint">
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
            <ul id="staff-role-hint" className="field-hint role-hints">
              {ROLES.map((role) => (
                <li key={role}>
                  <strong>{ROLE_LABELS[role]}:</strong> {ROLE_HINTS[role]}
                </li>
              ))}
            </ul>
          </ConfirmedActionForm>
        )}
        {account.state === "locked" ? (
          <StaffActionForm intent="unlock" who={who} actionData={actionData}>
            <p>Kontoen er låst etter for mange feil passord. Opphev låsen hvis du vet at det var kollegaen selv.</p>
          </StaffActionForm>
        ) : null}
        {account.state === "invited" ? (
          <StaffActionForm intent="reinvite" who={who} actionData={actionData}>
            <p>Kollegaen har ikke valgt passord ennå.</p>
          </StaffActionForm>
        ) : null}
        {account.state === "disabled" ? (
          <StaffActionForm intent="enable" who={who} actionData={actionData}>
            <p>Kontoen er deaktivert og kan ikke logge inn.</p>
          </StaffActionForm>
        ) : account.me ? null : (
          <StaffActionForm intent="disable" who={who} actionData={actionData}>
            <p>En deaktivert konto kan ikke logge inn, og øktene den har åpne, avsluttes med en gang.</p>
          </StaffActionForm>
        )}
      </section>
    </>
  );
}
