import { VerifiedBadge } from "~/components/staff/verified-badge";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import {
  ApplicationEraseForm,
  ApplicationNoteForm,
  ApplicationReplyForm,
  ApplicationStatusForm,
} from "~/components/staff/application-actions";
import { PrivacyVersion } from "~/components/staff/privacy-version";
import { NoteList, RecordFacts, RecordNotes } from "~/components/staff/record-kit";
import {
  addApplicationNote,
  changeApplicationStatus,
  eraseApplication,
  openApplication,
  sendApplicationReply,
} from "~/lib/applications/application-admin.server";
import {
  APPLICATION_STATUS_LABELS,
  applicationEraseSchema,
  applicationNoteSchema,
  applicationReplySchema,
  applicationStatusSchema,
  REPLY_LANGUAGES,
  REPLY_TEMPLATE_LABELS,
  REPLY_TEMPLATES,
} from "~/lib/applications/application-forms";
import { fillReply } from "~/lib/applications/reply-templates";
import { getReplyTemplate } from "~/lib/applications/reply-templates.server";
import { MAIL_STATUS_LABELS, mailKindLabel } from "~/lib/mail/outbox-forms";
import { getPrivateStore } from "~/lib/media/storage/private-store.server";
import { privacyVersionLine } from "~/lib/pages/privacy-version.server";
import { getConfig } from "~/lib/platform/config.server";
import { osloDateTime, osloDateTimeOr } from "~/lib/platform/dates";
import { getDb } from "~/lib/platform/db.server";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { replyToForm } from "~/lib/platform/form-reply.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import { getStudioDetails } from "~/lib/studio/studio-details.server";
import type { Route } from "./+types/admin.applications.item";

/** /admin/applications/:id: one application, its CV, the pipeline, notes, "Svar", erasure. Opening it marks it read. */
export const meta: Route.MetaFunction = () => staffMeta("Søknad");

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T) =>
  values.includes(value as T) ? (value as T) : fallback;

export async function loader({ params, url }: Route.LoaderArgs) {
  const db = getDb();
  const [application, studio] = await Promise.all([openApplication(db, params.id), getStudioDetails(db)]);
  if (!application) throw data(null, { status: 404 });
  const template = oneOf(REPLY_TEMPLATES, url.searchParams.get("svar"), "thanks");
  const language = oneOf(REPLY_LANGUAGES, url.searchParams.get("sprak"), "nb");
  // The stored template as staff last saved it (decision 064), filled in for this candidate.
  const stored = await getReplyTemplate(db, template, language);
  const { cvKey: _key, ...shown } = application;
  return {
    privacy: await privacyVersionLine(db, application.privacyVersion),
    application: {
      ...shown,
      received: osloDateTime(application.createdAt),
      statusChanged: application.statusChangedAt ? osloDateTime(application.statusChangedAt) : null,
      erasedBy: osloDateTime(application.retentionUntil),
      cvKb: Math.max(1, Math.round(application.cvSize / 1024)),
      notes: application.notes.map((note) => ({ ...note, written: osloDateTime(note.createdAt) })),
      replies: application.replies.map((reply) => ({ ...reply, written: osloDateTime(reply.createdAt) })),
      mails: application.mails.map((mail) => ({
        ...mail,
        queued: osloDateTime(mail.createdAt),
        sent: osloDateTimeOr(mail.sentAt),
      })),
    },
    reply: {
      template,
      language,
      ...fillReply(stored, { name: application.name, job: application.jobTitle, studio: studio.name }),
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
        parseWithZod(formData, { schema: applicationStatusSchema }),
        async ({ status }) => {
          const changed = await changeApplicationStatus(db, actor, params.id, status);
          const label = APPLICATION_STATUS_LABELS[status];
          return {
            message: changed.kind === "changed" ? `Status endret til «${label}».` : `Statusen var allerede «${label}».`,
          };
        },
        { intent: "status" },
      );
    case "note":
      return replyToForm(
        parseWithZod(formData, { schema: applicationNoteSchema }),
        async ({ body }) => {
          await addApplicationNote(db, actor, params.id, body);
          return { message: "Notatet er lagret.", resetForm: true };
        },
        { intent: "note" },
      );
    case "reply":
      return replyToForm(
        parseWithZod(formData, { schema: applicationReplySchema }),
        async ({ confirm: _confirm, intent: _intent, ...reply }) => {
          await sendApplicationReply(db, actor, params.id, reply, getConfig().siteUrl);
          return {
            message: `Svaret «${REPLY_TEMPLATE_LABELS[reply.template]}» er lagt i utboksen og sendes nå.`,
            resetForm: true,
          };
        },
        { intent: "reply" },
      );
    case "erase":
      return replyToForm(
        parseWithZod(formData, { schema: applicationEraseSchema }),
        async () => {
          await eraseApplication(db, getPrivateStore(), actor, params.id);
          const message = "Søknaden er slettet, med CV, notater, svar og e-poster.";
          return redirectWithFlash("/admin/applications", { kind: "success", message });
        },
        { intent: "erase" },
      );
    default:
      throw data(null, { status: 400 });
  }
}

export default function Application({ loaderData, actionData }: Route.ComponentProps) {
  const { application: app, reply } = loaderData;
  const cv = `/admin/applications/${app.id}/cv`;
  return (
    <>
      <p>
        <Link to="/admin/applications">← Til søknadene</Link>
      </p>
      <div className="admin-head">
        <h1 className="admin-title">{app.name}</h1>
        <a className="button button-small button-ghost" href={`/admin/applications/${app.id}/export.zip`} download>
          Eksporter alt (innsyn)
        </a>
      </div>
      <RecordFacts
        facts={[
          { label: "Stilling", value: app.jobTitle },
          { label: "Mottatt", value: app.received },
          {
            label: "Status",
            value: `${APPLICATION_STATUS_LABELS[app.status]}${app.statusChanged ? ` (endret ${app.statusChanged})` : ""}`,
          },
          { label: "Slettes senest", value: app.erasedBy },
          { label: "Avsender", value: <VerifiedBadge verified={app.verified} /> },
        ]}
      />
      <PrivacyVersion line={loaderData.privacy} />

      <div className="lead-layout">
        <div className="lead-column">
          <section className="admin-panel" aria-labelledby="application-sent">
            <h2 id="application-sent">Det søkeren sendte</h2>
            <RecordFacts
              facts={[
                { label: "Navn", value: app.name },
                { label: "E-post", value: <a href={`mailto:${app.email}`}>{app.email}</a> },
                { label: "Telefon", value: app.phone || "–" },
                {
                  label: "Lenke",
                  value: app.link ? (
                    <a href={app.link} rel="noopener noreferrer nofollow" target="_blank">
                      {app.link}
                    </a>
                  ) : (
                    "–"
                  ),
                },
                { label: "Brev", value: app.letter, className: "lead-message" },
                {
                  label: "CV",
                  className: "application-cv",
                  value: (
                    <>
                      <span>
                        {app.cvName} ({app.cvKb} kB)
                      </span>
                      <a className="button button-small" href={cv} target="_blank" rel="noopener">
                        Åpne CV
                      </a>
                      <a className="button button-small button-ghost" href={`${cv}?download=1`} download>
                        Last ned
                      </a>
                    </>
                  ),
                },
              ]}
            />
          </section>

          <section className="admin-panel" id="application-reply" aria-labelledby="application-reply-title">
            <h2 id="application-reply-title">Svar</h2>
            <p className="field-hint">
              Velg en mal og rett teksten før du sender. Malene selv endres under{" "}
              <Link to="/admin/applications/templates">Svarmaler</Link>.
            </p>
            <ApplicationReplyForm chosen={reply} email={app.email} actionData={actionData} />
            {app.replies.length > 0 ? (
              <>
                <h3>Sendte svar</h3>
                <NoteList
                  items={app.replies.map((sent) => ({
                    id: sent.id,
                    meta: `${sent.subject} · ${sent.authorName}, ${sent.written}`,
                    body: sent.body,
                  }))}
                />
              </>
            ) : null}
          </section>

          <section className="admin-panel lead-mails" aria-labelledby="application-mails">
            <h2 id="application-mails">E-poster om søknaden</h2>
            <div className="table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">E-post</th>
                    <th scope="col">Til</th>
                    <th scope="col">Levering</th>
                  </tr>
                </thead>
                <tbody>
                  {app.mails.map((mail) => (
                    <tr key={mail.id}>
                      <td data-label="E-post">
                        <div>
                          {mailKindLabel(mail.kind)}
                          <small className="lead-mail-subject">{mail.subject}</small>
                        </div>
                      </td>
                      <td data-label="Til">{mail.toAddress}</td>
                      <td data-label="Levering">
                        <div>
                          <span className={`badge badge-mail-${mail.status}`}>{MAIL_STATUS_LABELS[mail.status]}</span>
                          <small className="lead-mail-time">{mail.sentAt ? mail.sent : mail.queued}</small>
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </div>
        <div className="lead-column">
          <section className="admin-panel" aria-labelledby="application-pipeline">
            <h2 id="application-pipeline">Ansettelsesløp</h2>
            <p className="field-hint">Ny → Vurderes → Intervju → Tilbud → Ansatt / Avslått</p>
            <ApplicationStatusForm status={app.status} actionData={actionData} />
          </section>

          <RecordNotes
            id="application-notes"
            title="Notater fra kolleger"
            notes={app.notes}
            form={<ApplicationNoteForm actionData={actionData} />}
          />

          <section className="admin-panel lead-danger" aria-labelledby="application-erase">
            <h2 id="application-erase">Slett</h2>
            <ApplicationEraseForm name={app.name} actionData={actionData} />
          </section>
        </div>
      </div>
    </>
  );
}
