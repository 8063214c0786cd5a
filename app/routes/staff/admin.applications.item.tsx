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
      ...fillReply(template, language, { name: application.name, job: application.jobTitle, studio: studio.name }),
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
        <a className="button button-small button-ghost" href={`/admin/applications/${app.id}/export.json`} download>
          Eksporter alt (innsyn)
        </a>
      </div>
      <dl className="lead-facts">
        <dt>Stilling</dt>
        <dd>{app.jobTitle}</dd>
        <dt>Mottatt</dt>
        <dd>{app.received}</dd>
        <dt>Status</dt>
        <dd>
          {APPLICATION_STATUS_LABELS[app.status]}
          {app.statusChanged ? ` (endret ${app.statusChanged})` : ""}
        </dd>
        <dt>Slettes senest</dt>
        <dd>{app.erasedBy}</dd>
        <dt>Avsender</dt>
        <dd>
          <VerifiedBadge verified={app.verified} />
        </dd>
      </dl>
      <PrivacyVersion line={loaderData.privacy} />

      <div className="lead-layout">
        <div className="lead-column">
          <section className="admin-panel" aria-labelledby="application-sent">
            <h2 id="application-sent">Det søkeren sendte</h2>
            <dl className="lead-facts">
              <dt>Navn</dt>
              <dd>{app.name}</dd>
              <dt>E-post</dt>
              <dd>
                <a href={`mailto:${app.email}`}>{app.email}</a>
              </dd>
              <dt>Telefon</dt>
              <dd>{app.phone || "–"}</dd>
              <dt>Lenke</dt>
              <dd>
                {app.link ? (
                  <a href={app.link} rel="noopener noreferrer nofollow" target="_blank">
                    {app.link}
                  </a>
                ) : (
                  "–"
                )}
              </dd>
              <dt>Brev</dt>
              <dd className="lead-message">{app.letter}</dd>
              <dt>CV</dt>
              <dd className="application-cv">
                <span>
                  {app.cvName} ({app.cvKb} kB)
                </span>
                <a className="button button-small" href={cv} target="_blank" rel="noopener">
                  Åpne CV
                </a>
                <a className="button button-small button-ghost" href={`${cv}?download=1`} download>
                  Last ned
                </a>
              </dd>
            </dl>
          </section>

          <section className="admin-panel" id="application-reply" aria-labelledby="application-reply-title">
            <h2 id="application-reply-title">Svar</h2>
            <ApplicationReplyForm chosen={reply} email={app.email} actionData={actionData} />
            {app.replies.length > 0 ? (
              <>
                <h3>Sendte svar</h3>
                <ul className="lead-notes">
                  {app.replies.map((sent) => (
                    <li key={sent.id}>
                      <p className="lead-note-meta">
                        {sent.subject} · {sent.authorName}, {sent.written}
                      </p>
                      <p className="lead-message">{sent.body}</p>
                    </li>
                  ))}
                </ul>
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

          <section className="admin-panel" aria-labelledby="application-notes">
            <h2 id="application-notes">Notater fra kolleger</h2>
            {app.notes.length === 0 ? <p className="empty">Ingen notater ennå.</p> : null}
            <ul className="lead-notes">
              {app.notes.map((note) => (
                <li key={note.id}>
                  <p className="lead-note-meta">
                    {note.authorName}, {note.written}
                  </p>
                  <p className="lead-message">{note.body}</p>
                </li>
              ))}
            </ul>
            <ApplicationNoteForm actionData={actionData} />
          </section>

          <section className="admin-panel lead-danger" aria-labelledby="application-erase">
            <h2 id="application-erase">Slett</h2>
            <ApplicationEraseForm name={app.name} actionData={actionData} />
          </section>
        </div>
      </div>
    </>
  );
}
