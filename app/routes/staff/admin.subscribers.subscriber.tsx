import { VerifiedBadge } from "~/components/staff/verified-badge";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import { MAIL_STATUS_LABELS, mailKindLabel } from "~/lib/mail/outbox-forms";
import { getDb } from "~/lib/platform/db.server";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { replyToForm } from "~/lib/platform/form-reply.server";
import { osloDateTime } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import {
  sourceLabel,
  SUBSCRIBER_STATUS_LABELS,
  subscriberEraseSchema,
  subscriberUnsubscribeSchema,
} from "~/lib/visitor-forms/subscriber-forms";
import { PrivacyVersion } from "~/components/staff/privacy-version";
import { privacyVersionLine } from "~/lib/pages/privacy-version.server";
import { eraseSubscriber, openSubscriber, unsubscribeOnBehalf } from "~/lib/visitor-forms/subscribers-admin.server";
import type { Route } from "./+types/admin.subscribers.subscriber";

/** /admin/subscribers/:id: one subscriber, the consent record, and unsubscribe or erase on their behalf. */
export const meta: Route.MetaFunction = () => staffMeta("Abonnent");

const when = (at: Date | null) => (at ? osloDateTime(at) : "–");

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const subscriber = await openSubscriber(db, params.id);
  if (!subscriber) throw data(null, { status: 404 });
  return {
    privacy: await privacyVersionLine(db, subscriber.privacyVersion),
    subscriber: {
      id: subscriber.id,
      email: subscriber.email,
      status: subscriber.status,
      source: sourceLabel(subscriber.source),
      verified: subscriber.verified,
      signedUp: when(subscriber.createdAt),
      confirmed: when(subscriber.confirmedAt),
      unsubscribed: when(subscriber.unsubscribedAt),
      consentAt: when(subscriber.consentAt),
      consentIp: subscriber.consentIp ?? "–",
      consentText: subscriber.consentText,
      mails: subscriber.mails.map((mail) => ({ ...mail, kind: mailKindLabel(mail.kind), queued: when(mail.createdAt) })),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const db = getDb();
  const actor = staffActor(request, context);
  switch (formData.get("intent")) {
    case "unsubscribe":
      return replyToForm(
        parseWithZod(formData, { schema: subscriberUnsubscribeSchema }),
        async () => {
          const done = await unsubscribeOnBehalf(db, params.id, actor);
          return { message: done.changed ? "Abonnenten er meldt av." : "Abonnenten var allerede avmeldt.", resetForm: true };
        },
        { intent: "unsubscribe" },
      );
    case "erase":
      return replyToForm(
        parseWithZod(formData, { schema: subscriberEraseSchema }),
        async () => {
          await eraseSubscriber(db, params.id, actor);
          const message =
            "Abonnenten er slettet. Bare et merke (en nøkkelhash av adressen) er igjen, så en import ikke legger dem til igjen.";
          return redirectWithFlash("/admin/subscribers", { kind: "success", message });
        },
        { intent: "erase" },
      );
    default:
      throw data(null, { status: 400 });
  }
}

export default function Subscriber({ loaderData, actionData }: Route.ComponentProps) {
  const { subscriber } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/subscribers">← Til abonnentene</Link>
      </p>
      <h1 className="admin-title">{subscriber.email}</h1>
      <dl className="lead-facts">
        <dt>Status</dt>
        <dd>
          <span className={`badge badge-subscriber-${subscriber.status}`}>{SUBSCRIBER_STATUS_LABELS[subscriber.status]}</span>
        </dd>
        <dt>Kilde</dt>
        <dd>{subscriber.source}</dd>
        <dt>Avsender</dt>
        <dd>
          <VerifiedBadge verified={subscriber.verified} />
        </dd>
        <dt>Påmeldt</dt>
        <dd>{subscriber.signedUp}</dd>
        <dt>Bekreftet</dt>
        <dd>{subscriber.confirmed}</dd>
        <dt>Avmeldt</dt>
        <dd>{subscriber.unsubscribed}</dd>
      </dl>
      <div className="lead-layout">
        <div className="lead-column">
          <section className="admin-panel" aria-labelledby="subscriber-consent">
            <h2 id="subscriber-consent">Samtykke</h2>
            <dl className="lead-facts">
              <dt>Gitt</dt>
              <dd>{subscriber.consentAt}</dd>
              <dt>Fra IP-adresse</dt>
              <dd>{subscriber.consentIp}</dd>
              <dt>Teksten som ble vist</dt>
              <dd>
                <blockquote className="consent-text" lang="en">
                  {subscriber.consentText}
                </blockquote>
              </dd>
            </dl>
            <PrivacyVersion line={loaderData.privacy} />
          </section>
          <section className="admin-panel" aria-labelledby="subscriber-mails">
            <h2 id="subscriber-mails">E-poster fra nyhetsbrevet</h2>
            {subscriber.mails.length === 0 ? (
              <p className="empty">Ingen e-poster i utboksen til denne adressen.</p>
            ) : (
              <ul className="lead-notes">
                {subscriber.mails.map((mail) => (
                  <li key={mail.id}>
                    <p className="lead-note-meta">
                      {mail.queued} · {MAIL_STATUS_LABELS[mail.status]}
                    </p>
                    <p>
                      {mail.kind}: {mail.subject}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <div className="lead-column">
          {subscriber.status !== "unsubscribed" || actionData?.intent === "unsubscribe" ? (
            <section className="admin-panel" aria-labelledby="subscriber-unsubscribe">
              <h2 id="subscriber-unsubscribe">Meld av</h2>
              <ConfirmedActionForm
                intent="unsubscribe"
                schema={subscriberUnsubscribeSchema}
                actionData={actionData}
                checkboxLabel="Personen har bedt om å bli meldt av"
                question={`Melde av ${subscriber.email}?`}
                button="Meld av"
              >
                <p>Adressen får ikke flere nyhetsbrev, og e-poster som venter til den, fjernes. Samtykket beholdes som bevis.</p>
              </ConfirmedActionForm>
            </section>
          ) : null}
          <section className="admin-panel lead-danger" aria-labelledby="subscriber-erase">
            <h2 id="subscriber-erase">Slett på forespørsel</h2>
            <ConfirmedActionForm
              intent="erase"
              schema={subscriberEraseSchema}
              actionData={actionData}
              checkboxLabel="Personen har bedt om sletting, og jeg vil slette alt om abonnenten"
              question={`Slette ${subscriber.email} for godt? Dette kan ikke angres.`}
              button="Slett abonnenten"
              danger
            >
              <p>
                Sletter adressen, samtykket og alle e-poster fra nyhetsbrevet til den (GDPR art. 17). Bare en nøkkelhash av
                adressen blir igjen, så en import ikke legger den til igjen; melder personen seg på selv, må de bekrefte på
                e-post som alle andre.
              </p>
            </ConfirmedActionForm>
          </section>
        </div>
      </div>
    </>
  );
}
