import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import { openOutboxMessage, resendMail } from "~/lib/mail/outbox-admin.server";
import { MAIL_STATUS_LABELS, mailKindLabel, mailResendSchema } from "~/lib/mail/outbox-forms";
import { getDb } from "~/lib/platform/db.server";
import { replyToForm } from "~/lib/platform/form-reply.server";
import { osloDateTimeOr } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.mail.message";

/** /admin/mail/:id: one message in the outbox, and "Send igjen" when it failed. */
export const meta: Route.MetaFunction = () => staffMeta("E-post");

export async function loader({ params }: Route.LoaderArgs) {
  const message = await openOutboxMessage(getDb(), params.id);
  if (!message) throw data(null, { status: 404 });
  return {
    message: {
      ...message,
      kind: mailKindLabel(message.kind),
      created: osloDateTimeOr(message.createdAt),
      lastAttempt: osloDateTimeOr(message.lastAttemptAt),
      nextAttempt: message.status === "pending" ? osloDateTimeOr(message.nextAttemptAt) : null,
      sent: osloDateTimeOr(message.sentAt),
    },
  };
}

const REFUSALS = {
  "not-failed": "Bare meldinger som har feilet, kan sendes igjen.",
  "no-body": "Innholdet i meldingen er slettet (etter 7 dager), så den kan ikke sendes igjen.",
} as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  if (formData.get("intent") !== "resend") throw data(null, { status: 400 });
  return replyToForm(
    parseWithZod(formData, { schema: mailResendSchema }),
    async () => {
      const outcome = await resendMail(getDb(), params.id, staffActor(request, context));
      if (outcome.kind !== "resent") return { error: REFUSALS[outcome.kind], status: 409 };
      return { message: "Meldingen er lagt i køen igjen og sendes straks.", resetForm: true };
    },
    { intent: "resend" },
  );
}

export default function MailMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { message } = loaderData;
  const refusal = actionData?.error;
  return (
    <>
      <p>
        <Link to="/admin/mail">← Til utboksen</Link>
      </p>
      <h1 className="admin-title">{message.subject}</h1>
      <dl className="lead-facts">
        <dt>Type</dt>
        <dd>{message.kind}</dd>
        <dt>Til</dt>
        <dd>{message.toAddress}</dd>
        <dt>Status</dt>
        <dd>
          <span className={`badge badge-mail-${message.status}`}>{MAIL_STATUS_LABELS[message.status]}</span>
        </dd>
        <dt>Lagt i kø</dt>
        <dd>{message.created}</dd>
        <dt>Siste forsøk</dt>
        <dd>{message.lastAttempt}</dd>
        {message.nextAttempt ? (
          <>
            <dt>Neste forsøk</dt>
            <dd>{message.nextAttempt}</dd>
          </>
        ) : null}
        <dt>Sendt</dt>
        <dd>{message.sent}</dd>
        <dt>Forsøk</dt>
        <dd>{message.attempts}</dd>
        <dt>Siste feil</dt>
        <dd className="lead-message">{message.lastError ?? "–"}</dd>
        <dt>Message-ID</dt>
        <dd>{message.messageId}</dd>
      </dl>
      {message.status === "failed" || actionData ? (
        <section className="admin-panel" aria-labelledby="mail-resend">
          <h2 id="mail-resend">Send igjen</h2>
          {refusal ? (
            <p className="field-error" role="alert">
              {refusal}
            </p>
          ) : null}
          {message.status === "failed" && message.hasBody ? (
            <ConfirmedActionForm
              intent="resend"
              schema={mailResendSchema}
              actionData={actionData}
              checkboxLabel="Feilen er rettet, og meldingen skal sendes på nytt"
              question={`Sende «${message.subject}» til ${message.toAddress} igjen?`}
              button="Send igjen"
            >
              <p>Meldingen legges i køen igjen med nye forsøk, og e-posttjenesten sender den straks.</p>
            </ConfirmedActionForm>
          ) : actionData?.message ? (
            <p className="auth-message success" role="status">
              {actionData.message}
            </p>
          ) : message.status === "failed" ? (
            <p>{REFUSALS["no-body"]}</p>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
