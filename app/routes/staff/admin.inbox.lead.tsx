import { VerifiedBadge } from "~/components/staff/verified-badge";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { LeadEraseForm, LeadNoteForm, LeadStatusForm } from "~/components/staff/lead-actions";
import { MAIL_STATUS_LABELS, mailKindLabel } from "~/lib/mail/outbox-forms";
import { getDb } from "~/lib/platform/db.server";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { replyToForm } from "~/lib/platform/form-reply.server";
import { osloDateTime } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import {
  LEAD_KIND_LABELS,
  LEAD_STATUS_LABELS,
  leadEraseSchema,
  leadNoteSchema,
  leadStatusSchema,
} from "~/lib/visitor-forms/lead-forms";
import { PrivacyVersion } from "~/components/staff/privacy-version";
import { RecordFacts, RecordNotes } from "~/components/staff/record-kit";
import { privacyVersionLine } from "~/lib/pages/privacy-version.server";
import { addLeadNote, changeLeadStatus, eraseLead, openLead } from "~/lib/visitor-forms/leads.server";
import type { Route } from "./+types/admin.inbox.lead";
import { getStudioDetails } from "~/lib/studio/studio-details.server";

/** /admin/inbox/:id: one lead, everything the visitor sent, the pipeline, notes, e-mails. Opening it marks it read. */
export const meta: Route.MetaFunction = () => staffMeta("Henvendelse");


/** "Svar": the staff member's own mail program, with the address and a subject filled in. */
function replyLink(email: string, subject: string) {
  return `mailto:${encodeURIComponent(email).replace(/%40/g, "@")}?subject=${encodeURIComponent(subject)}`;
}

export async function loader({ params }: Route.LoaderArgs) {
  const [lead, studio] = await Promise.all([openLead(getDb(), params.id), getStudioDetails(getDb())]);
  if (!lead) throw data(null, { status: 404 });
  const email = lead.contact?.email ?? lead.gdpr?.email ?? "";
  const subject = lead.contact
    ? `Re: your enquiry to ${studio.name}`
    : `Re: your GDPR self-assessment (${lead.gdpr?.scorePercent}%)`;
  return {
    privacy: await privacyVersionLine(getDb(), lead.privacyVersion),
    lead: {
      ...lead,
      email,
      from: lead.contact?.company ?? email,
      received: osloDateTime(lead.createdAt),
      statusChanged: lead.statusChangedAt ? osloDateTime(lead.statusChangedAt) : null,
      replyHref: replyLink(email, subject),
      notes: lead.notes.map((note) => ({ ...note, written: osloDateTime(note.createdAt) })),
      mails: lead.mails.map((mail) => ({
        ...mail,
        queued: osloDateTime(mail.createdAt),
        sent: mail.sentAt ? osloDateTime(mail.sentAt) : null,
      })),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const formData = await request.formData();
  const db = getDb();
  const actor = staffActor(request, context);
  switch (formData.get("intent")) {
    case "status":
      return replyToForm(
        parseWithZod(formData, { schema: leadStatusSchema }),
        async ({ status }) => {
          const changed = await changeLeadStatus(db, params.id, status, actor);
          const label = LEAD_STATUS_LABELS[changed.to];
          return { message: changed.changed ? `Status endret til «${label}».` : `Statusen var allerede «${label}».` };
        },
        { intent: "status" },
      );
    case "note":
      return replyToForm(
        parseWithZod(formData, { schema: leadNoteSchema }),
        async ({ body }) => {
          await addLeadNote(db, params.id, body, actor);
          return { message: "Notatet er lagret.", resetForm: true };
        },
        { intent: "note" },
      );
    case "erase":
      return replyToForm(
        parseWithZod(formData, { schema: leadEraseSchema }),
        async () => {
          await eraseLead(db, params.id, actor);
          const message = "Henvendelsen er slettet, med notater og e-poster.";
          return redirectWithFlash("/admin/inbox", { kind: "success", message });
        },
        { intent: "erase" },
      );
    default:
      throw data(null, { status: 400 });
  }
}

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const { lead } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/inbox">← Til innboksen</Link>
      </p>
      <div className="admin-head">
        <h1 className="admin-title">{lead.from}</h1>
        <a className="button button-small" href={lead.replyHref}>
          Svar
        </a>
      </div>
      <RecordFacts
        facts={[
          { label: "Type", value: LEAD_KIND_LABELS[lead.kind] },
          { label: "Mottatt", value: lead.received },
          { label: "Avsender", value: <VerifiedBadge verified={lead.verified} /> },
          { label: "E-post", value: lead.email },
          {
            label: "Status",
            value: `${LEAD_STATUS_LABELS[lead.status]}${lead.statusChanged ? ` (endret ${lead.statusChanged})` : ""}`,
          },
        ]}
      />
      <PrivacyVersion line={loaderData.privacy} />

      <div className="lead-layout">
        <div className="lead-column">
          <section className="admin-panel" aria-labelledby="lead-sent">
            <h2 id="lead-sent">Det avsenderen sendte</h2>
            {lead.contact ? (
              <RecordFacts
                facts={[
                  { label: "Firma", value: lead.contact.company },
                  { label: "E-post", value: lead.contact.email },
                  { label: "Prosjekt", value: lead.contact.project, className: "lead-message" },
                ]}
              />
            ) : null}
            {lead.gdpr ? <GdprAnswers gdpr={lead.gdpr} /> : null}
          </section>
          <section className="admin-panel lead-mails" aria-labelledby="lead-mails">
            <h2 id="lead-mails">E-poster om henvendelsen</h2>
            {lead.mails.length === 0 ? (
              <p className="empty">Systemet har ikke sendt noen e-post om denne.</p>
            ) : (
              <div className="table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">E-post</th>
                      <th scope="col">Til</th>
                      <th scope="col">Lagt i kø</th>
                      <th scope="col">Levering</th>
                    </tr>
                  </thead>
                  <tbody>
                    {lead.mails.map((mail) => (
                      <tr key={mail.id}>
                        <td data-label="E-post">
                          <div>
                            {mailKindLabel(mail.kind)}
                            <small className="lead-mail-subject">{mail.subject}</small>
                          </div>
                        </td>
                        <td data-label="Til">{mail.toAddress}</td>
                        <td data-label="Lagt i kø">{mail.queued}</td>
                        <td data-label="Levering">
                          <div>
                            <span className={`badge badge-mail-${mail.status}`}>{MAIL_STATUS_LABELS[mail.status]}</span>
                            {mail.sent ? <small className="lead-mail-time">{mail.sent}</small> : null}
                            {mail.status !== "sent" && mail.lastError ? (
                              <small className="lead-mail-error">
                                {mail.attempts} forsøk; siste feil: {mail.lastError}
                              </small>
                            ) : null}
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
        </div>
        <div className="lead-column">
          <section className="admin-panel" aria-labelledby="lead-pipeline">
            <h2 id="lead-pipeline">Salgsløp</h2>
            <p className="field-hint">Ny → Kontaktet → Tilbud sendt → Vunnet / Tapt</p>
            <LeadStatusForm status={lead.status} actionData={actionData} />
          </section>

          <RecordNotes
            id="lead-notes"
            title="Interne notater"
            notes={lead.notes}
            form={<LeadNoteForm actionData={actionData} />}
          />

          <section className="admin-panel lead-danger" aria-labelledby="lead-erase">
            <h2 id="lead-erase">Slett på forespørsel</h2>
            <LeadEraseForm label={lead.from} actionData={actionData} />
          </section>
        </div>
      </div>
    </>
  );
}

type Gdpr = NonNullable<Route.ComponentProps["loaderData"]["lead"]["gdpr"]>;

function GdprAnswers({ gdpr }: { gdpr: Gdpr }) {
  return (
    <>
      <p>
        <strong>
          Poengsum: {gdpr.scorePercent} % ({gdpr.yes} av {gdpr.total} ja)
        </strong>
        {gdpr.subscribeNewsletter ? " · Ba om nyhetsbrevet" : ""}
      </p>
      {gdpr.areas.map((area) => (
        <div key={area.id} className="lead-gdpr-area">
          <h3>
            {area.title}: {area.scorePercent} % ({area.yes} av {area.total})
          </h3>
          <ul className="lead-answers">
            {area.answers.map((answer) => (
              <li key={answer.id}>
                <span className={`badge badge-answer-${answer.answer ?? "none"}`}>
                  {answer.answer === "yes" ? "Ja" : answer.answer === "no" ? "Nei" : "–"}
                </span>
                {answer.text}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
