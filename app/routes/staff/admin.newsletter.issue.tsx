import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { IssueForm } from "~/components/staff/newsletter-forms";
import { SendProgress } from "~/components/staff/newsletter-progress";
import { staffSession } from "~/lib/auth/guard.server";
import { DRAFT_SAVED, issueSchema } from "~/lib/newsletter/issue-forms";
import { getIssue, updateIssue } from "~/lib/newsletter/issues.server";
import { mediaChoices } from "~/lib/media/media-choices.server";
import { renderIssuePreview } from "~/lib/newsletter/sending.server";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { replyToForm } from "~/lib/platform/form-reply.server";
import { osloDateTime } from "~/lib/platform/dates";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.newsletter.issue";

/**
 * /admin/newsletter/:id: one issue. A draft: edit it, preview both parts as subscribers
 * get them, send a test to yourself, go on to sending. Sent or being sent: its progress
 * (live while it runs) and what went out.
 */
export const meta: Route.MetaFunction = ({ data: loaded }) => staffMeta(loaded?.issue.subject ?? "Nyhetsbrev");

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = getDb();
  const issue = await getIssue(db, params.id);
  if (!issue) throw data(null, { status: 404 });
  const { siteUrl, mediaBaseUrl } = getConfig();
  const [preview, media] = await Promise.all([
    renderIssuePreview(db, issue, { siteUrl, mediaBaseUrl }),
    issue.state === "draft" ? mediaChoices(db, mediaBaseUrl) : [],
  ]);
  return {
    me: staffSession(context).email,
    media,
    previewText: preview.text,
    // Changes with every save, so the frame shows the saved version.
    previewVersion: issue.updatedAt.getTime(),
    issue: {
      id: issue.id,
      subject: issue.subject,
      preheader: issue.preheader,
      body: issue.body,
      featuredImage: issue.featuredImage,
      state: issue.state,
      progress: issue.progress,
      started: issue.send ? osloDateTime(issue.send.startedAt) : null,
      finished: issue.send?.finishedAt ? osloDateTime(issue.send.finishedAt) : null,
      // "Send senere" (decision 051): set and called off on the send page.
      scheduled: issue.sendAt ? osloDateTime(issue.sendAt) : null,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: issueSchema });
  return replyToForm(submission, async (input) => {
    const saved = await updateIssue(getDb(), params.id, input, staffActor(request, context));
    if (saved.kind === "sent") return { error: "Dette nyhetsbrevet er sendt og kan ikke endres.", status: 409 };
    return { message: DRAFT_SAVED };
  });
}

export default function Issue({ loaderData, actionData }: Route.ComponentProps) {
  const { issue, media, me, previewText, previewVersion } = loaderData;
  const draft = issue.state === "draft";
  return (
    <>
      <p>
        <Link to="/admin/newsletter">← Til nyhetsbrevene</Link>
      </p>
      <h1 className="admin-title">{issue.subject}</h1>

      <div className="lead-layout">
        <div className="lead-column">
          {draft ? (
            <section className="admin-panel" aria-labelledby="issue-edit">
              <h2 id="issue-edit">Skriv</h2>
              <IssueForm defaults={issue} media={media} actionData={actionData} submitLabel="Lagre kladd" />
            </section>
          ) : (
            <section className="admin-panel" aria-labelledby="issue-progress">
              <h2 id="issue-progress">Utsendelse</h2>
              <p>
                Startet {issue.started}
                {issue.finished ? `, ferdig ${issue.finished}` : ""}.
              </p>
              {issue.progress && issue.state !== "draft" ? (
                <SendProgress state={issue.state} progress={issue.progress} />
              ) : null}
            </section>
          )}
          {draft ? (
            <section className="admin-panel" aria-labelledby="issue-send">
              <h2 id="issue-send">Send</h2>
              {issue.scheduled ? (
                <p>
                  <span className="badge badge-scheduled">Planlagt</span> Sendes automatisk {issue.scheduled}. Endre eller
                  avbryt på sendesiden.
                </p>
              ) : null}
              <div className="newsletter-actions">
                <Form method="post" action={`/admin/newsletter/${issue.id}/test`}>
                  <button type="submit" className="button button-small button-ghost">
                    Send test til meg
                  </button>
                </Form>
                <Link className="button button-small" to={`/admin/newsletter/${issue.id}/send`}>
                  Send til abonnentene …
                </Link>
              </div>
              <p className="field-hint">
                Testen går bare til {me}, med «[Test]» i emnet. Begge sender den lagrede versjonen: lagre først.
              </p>
            </section>
          ) : null}
        </div>
        <div className="lead-column">
          <section className="admin-panel" aria-labelledby="issue-preview">
            <h2 id="issue-preview">Forhåndsvisning (HTML)</h2>
            <p className="field-hint">Slik abonnentene ser den lagrede versjonen; avmeldingslenken er et eksempel.</p>
            <iframe
              key={previewVersion}
              title="Forhåndsvisning av e-posten"
              src={`/admin/newsletter/${issue.id}/preview.html?v=${previewVersion}`}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              className="newsletter-preview"
            />
          </section>
          <section className="admin-panel" aria-labelledby="issue-text">
            <h2 id="issue-text">Ren tekst</h2>
            <pre className="newsletter-text">{previewText}</pre>
          </section>
        </div>
      </div>
    </>
  );
}
