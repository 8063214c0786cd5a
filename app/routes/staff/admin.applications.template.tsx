import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { ReplyTemplateForm } from "~/components/staff/reply-template-form";
import {
  parseTemplateKey,
  REPLY_LANGUAGE_LABELS,
  REPLY_TEMPLATE_LABELS,
  replyTemplateSchema,
  type ReplyLanguage,
  type ReplyTemplate,
} from "~/lib/applications/application-forms";
import { getReplyTemplate, saveReplyTemplate } from "~/lib/applications/reply-templates.server";
import { osloDateTimeOr } from "~/lib/platform/dates";
import { getDb } from "~/lib/platform/db.server";
import { redirectWithFlash } from "~/lib/platform/flash.server";
import { type FormOutcome, replyToForm } from "~/lib/platform/form-reply.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.applications.template";

/** /admin/applications/templates/:key ("thanks-nb"): one stored "Svar" template, edited (decision 064). */
export const meta: Route.MetaFunction = () => staffMeta("Svarmal");

const labelOf = (template: ReplyTemplate, language: ReplyLanguage) =>
  `${REPLY_TEMPLATE_LABELS[template]} (${REPLY_LANGUAGE_LABELS[language]})`;

function keyOf(key: string) {
  const parsed = parseTemplateKey(key);
  if (!parsed) throw data(null, { status: 404 });
  return parsed;
}

export async function loader({ params }: Route.LoaderArgs) {
  const { template, language } = keyOf(params.key);
  const stored = await getReplyTemplate(getDb(), template, language);
  return {
    label: labelOf(template, language),
    text: { subject: stored.subject, body: stored.body, version: stored.version },
    changed: stored.updatedByName
      ? `Versjon ${stored.version}, endret ${osloDateTimeOr(stored.updatedAt)} av ${stored.updatedByName}.`
      : `Versjon ${stored.version}, teksten fra installasjonen.`,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { template, language } = keyOf(params.key);
  const submission = parseWithZod(await request.formData(), { schema: replyTemplateSchema });
  return replyToForm(
    submission,
    async ({ subject, body, version }): Promise<FormOutcome | Response> => {
      const actor = staffActor(request, context);
      const outcome = await saveReplyTemplate(getDb(), actor, { template, language, subject, body, expectedVersion: version });
      const label = labelOf(template, language);
      switch (outcome.kind) {
        case "stale":
          // Refused: a colleague's save is never overwritten, and what was typed stays in the form.
          return {
            error:
              `${outcome.current.updatedByName ?? "En kollega"} lagret malen (${osloDateTimeOr(outcome.current.updatedAt, "nettopp")}) ` +
              "etter at du åpnet den, så endringene dine er ikke lagret. Ta vare på det du skrev, last inn siden på nytt og skriv det inn der.",
            status: 409,
          };
        case "unchanged":
          return { message: "Ingenting var endret." };
        case "saved":
          return redirectWithFlash("/admin/applications/templates", {
            kind: "success",
            message: `Malen «${label}» er lagret (versjon ${outcome.version}). Nye svar bruker den nå.`,
          });
      }
    },
    { intent: "save" },
  );
}

export default function ReplyTemplatePage({ loaderData, actionData }: Route.ComponentProps) {
  const { label, text, changed } = loaderData;
  return (
    <>
      <p>
        <Link to="/admin/applications/templates">← Til svarmalene</Link>
      </p>
      <h1 className="admin-title">Svarmal: {label}</h1>
      <p className="field-hint">{changed}</p>
      <section className="admin-panel" aria-label="Malen">
        {/* A new version (a save, here or by a colleague) starts the form afresh from it. */}
        <ReplyTemplateForm key={text.version} label={label} text={text} actionData={actionData} />
      </section>
    </>
  );
}
