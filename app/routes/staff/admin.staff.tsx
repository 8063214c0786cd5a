import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { StaffList, StaffTable } from "~/components/staff/list-kit";
import { InviteForm } from "~/components/staff/staff-forms";
import { inviteSchema, parseStaffPage, STAFF_STATE_LABELS } from "~/lib/auth/account-forms";
import { staffSession } from "~/lib/auth/guard.server";
import { inviteStaff, listStaff } from "~/lib/auth/staff-accounts.server";
import { getDb } from "~/lib/platform/db.server";
import { replyToForm } from "~/lib/platform/form-reply.server";
import { osloDateTime } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.staff";

/** /admin/staff ("Team"): every staff account and its state, and inviting a colleague. */
export const meta: Route.MetaFunction = () => staffMeta("Team");

export async function loader({ context, url }: Route.LoaderArgs) {
  const session = staffSession(context);
  const list = await listStaff(getDb(), parseStaffPage(url.searchParams));
  return {
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    rows: list.rows.map((row) => ({
      id: row.id,
      name: row.fullName || row.email,
      email: row.email,
      twoStep: row.twoStep,
      state: row.state,
      lastSignIn: row.lastSignInAt ? osloDateTime(row.lastSignInAt) : null,
      me: row.id === session.userId,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: inviteSchema });
  return replyToForm(
    submission,
    async ({ email, fullName }) => {
      const result = await inviteStaff(getDb(), { email, fullName }, staffActor(request, context));
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

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pageCount } = loaderData;
  return (
    <>
      <h1 className="admin-title">Team</h1>
      <StaffList count={{ total, one: "konto", many: "kontoer", filtered: false }} pages={{ page, pageCount }}>
        <StaffTable
          className="admin-table staff-table"
          rows={rows}
          columns={[
            {
              label: "Navn",
              cell: (row) => (
                <div>
                  <Link to={`/admin/staff/${row.id}`}>{row.name}</Link>
                  {row.me ? <small className="inbox-email">(deg)</small> : null}
                </div>
              ),
            },
            { label: "E-post", cell: (row) => row.email },
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
          ]}
        />
      </StaffList>
      <section className="admin-panel" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Inviter en kollega</h2>
        <p className="field-hint">
          Kollegaen får en e-post med en lenke for å velge passord. Lenken virker i 72 timer og bare én gang.
        </p>
        <InviteForm actionData={actionData} />
      </section>
    </>
  );
}
