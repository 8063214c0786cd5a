import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { SendConfirmForm } from "~/components/staff/newsletter-forms";
import { ScheduleSendForm } from "~/components/staff/newsletter-schedule-form";
import { cancelScheduleSchema, scheduleSendSchema } from "~/lib/newsletter/schedule-forms";
import { cancelScheduledSend, scheduleSend, SEND_AT_PAST } from "~/lib/newsletter/scheduled-send.server";
import { now } from "~/lib/platform/clock.server";
import { fromOsloWallClock, osloDateTime } from "~/lib/platform/dates";
import { sendSchema } from "~/lib/newsletter/issue-forms";
import { getIssue } from "~/lib/newsletter/issues.server";
import { countActiveSubscribers, startSend } from "~/lib/newsletter/sending.server";
import { getDb } from "~/lib/platform/db.server";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { replyToForm } from "~/lib/platform/form-reply.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.newsletter.send";

/**
 * /admin/newsletter/:id/send: the confirmation step. It shows how many active subscribers
 * will get the issue; the send starts only with that count confirmed (if it changed
 * meanwhile, the page asks again with the new one).
 */
export const meta: Route.MetaFunction = () => staffMeta("Send nyhetsbrev");

const issuePage = (id: string) => `/admin/newsletter/${id}`;

async function draftOr404(id: string) {
  const issue = await getIssue(getDb(), id);
  if (!issue) throw data(null, { status: 404 });
  if (issue.state !== "draft") throw redirect(issuePage(issue.id));
  return issue;
}

export async function loader({ params }: Route.LoaderArgs) {
  const issue = await draftOr404(params.id);
  return {
    id: issue.id,
    subject: issue.subject,
    recipients: await countActiveSubscribers(getDb()),
    scheduled: issue.sendAt ? osloDateTime(issue.sendAt) : null,
  };
}

const REFUSALS = {
  busy: "Et annet nyhetsbrev sendes nå. Vent til det er ferdig.",
  "no-recipients": "Ingen aktive abonnenter å sende til.",
  "count-changed": "Antallet abonnenter har endret seg. Se det nye tallet og bekreft på nytt.",
} as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const issue = await draftOr404(params.id);
  const formData = await request.formData();
  // "Send senere" and calling it off (decision 051).
  if (formData.get("intent") === "schedule") {
    const scheduling = parseWithZod(formData, { schema: scheduleSendSchema });
    return replyToForm(
      scheduling,
      async ({ send_at }) => {
        const at = new Date(fromOsloWallClock(send_at));
        if (at.getTime() <= now().getTime()) return { fieldErrors: { send_at: [SEND_AT_PAST] }, status: 400 };
        await scheduleSend(getDb(), staffActor(request, context), issue.id, at);
        return redirectWithFlash(issuePage(issue.id), { kind: "success", message: `Utsendelsen er planlagt ${osloDateTime(at)}.` });
      },
      { intent: "schedule" },
    );
  }
  if (formData.get("intent") === "cancel-schedule") {
    const cancelling = parseWithZod(formData, { schema: cancelScheduleSchema });
    return replyToForm(
      cancelling,
      async () => {
        await cancelScheduledSend(getDb(), staffActor(request, context), issue.id);
        return { message: "Den planlagte utsendelsen er avbrutt." };
      },
      { intent: "cancel-schedule" },
    );
  }
  const submission = parseWithZod(formData, { schema: sendSchema });
  return replyToForm(submission, async ({ expectedRecipients }) => {
    const started = await startSend(getDb(), issue.id, expectedRecipients, staffActor(request, context));
    if (started.kind !== "started" && started.kind !== "already-sent") {
      return { error: REFUSALS[started.kind], status: 409, resetForm: true };
    }
    // A second click after the first started it lands on the same page, with the same words.
    return redirectWithFlash(issuePage(issue.id), { kind: "success", message: "Utsendelsen er startet." });
  });
}

export default function SendIssue({ loaderData, actionData }: Route.ComponentProps) {
  const { id, subject, recipients, scheduled } = loaderData;
  const refusal = actionData?.error;
  const sendNowResult = actionData?.intent === undefined ? actionData : undefined;
  return (
    <>
      <p>
        <Link to={issuePage(id)}>← Tilbake til nyhetsbrevet</Link>
      </p>
      <h1 className="admin-title">Send «{subject}»</h1>
      <section className="admin-panel">
        <p>
          Nyhetsbrevet sendes til <strong>{recipients.toLocaleString("nb-NO")}</strong> aktive abonnenter (bekreftet, ikke
          avmeldt), én e-post til hver med egen avmeldingslenke, i jevnt tempo. Utsendelsen kan ikke angres, og
          nyhetsbrevet kan ikke endres etterpå.
        </p>
        {refusal ? (
          <p className="field-error" role="alert">
            {refusal}
          </p>
        ) : null}
        {recipients > 0 ? (
          <SendConfirmForm key={recipients} recipients={recipients} actionData={sendNowResult} />
        ) : (
          <p className="empty">Ingen aktive abonnenter ennå.</p>
        )}
      </section>
      <section className="admin-panel" aria-labelledby="send-later">
        <h2 id="send-later">Send senere</h2>
        {actionData?.message ? (
          <p className="auth-message success" role="status">
            {actionData.message}
          </p>
        ) : null}
        <ScheduleSendForm recipients={recipients} scheduled={scheduled} actionData={actionData} />
      </section>
    </>
  );
}
