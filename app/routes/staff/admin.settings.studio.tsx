import { parseWithZod } from "@conform-to/zod/v4";
import { Link } from "react-router";
import { StudioDetailsForm } from "~/components/settings/studio-details-form";
import { osloDateTime, osloDateTimeOr } from "~/lib/platform/dates";
import { getDb } from "~/lib/platform/db.server";
import { type FormOutcome, replyToForm } from "~/lib/platform/form-reply.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import { loadStudioRecord, saveStudioDetails, type StudioRecord } from "~/lib/studio/studio-details.server";
import { STUDIO_FIELD_LABELS, studioFormSchema } from "~/lib/studio/studio-forms";
import type { Route } from "./+types/admin.settings.studio";

/**
 * /admin/settings/studio: the studio's details (name, e-mail, address, organisation
 * number, venue court, social links) that the footer, the legal pages, JSON-LD and every
 * e-mail show (decision 045). Under the staff guard; the domain function audits the save.
 */
export const meta: Route.MetaFunction = () => staffMeta("Studioets detaljer");

export async function loader() {
  const record = await loadStudioRecord(getDb());
  return { ...record, updatedAt: record.updatedAt ? osloDateTime(record.updatedAt) : null };
}

function whoAndWhen(record: StudioRecord) {
  return `${record.updatedBy ?? "En kollega"} (${osloDateTimeOr(record.updatedAt, "nettopp")})`;
}

export async function action({ request, context }: Route.ActionArgs) {
  // A form that fails its schema comes back as typed (400), and the links' add/remove/move
  // buttons without JavaScript too (200): replyToForm answers both before `run`.
  return replyToForm(parseWithZod(await request.formData(), { schema: studioFormSchema }), async (value): Promise<FormOutcome> => {
    const { version, ...details } = value;
    const outcome = await saveStudioDetails(getDb(), staffActor(request, context), { details, expectedVersion: version });
    switch (outcome.kind) {
      case "stale":
        // Refused: nothing is overwritten, and what was typed stays in the form.
        return {
          error:
            `${whoAndWhen(outcome.current)} lagret studioets detaljer etter at du åpnet siden, så endringene dine er ikke lagret. ` +
            "Det du skrev står fortsatt under: ta vare på det du vil beholde, last inn siden på nytt og skriv det inn der.",
          status: 409,
        };
      case "unchanged":
        return { message: "Ingenting var endret." };
      case "saved":
        return {
          message: `Lagret (${outcome.changed.map((field) => STUDIO_FIELD_LABELS[field].toLowerCase()).join(", ")}). Nettstedet og nye e-poster bruker detaljene nå.`,
        };
    }
  });
}

export default function StudioSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="admin-title">Studioets detaljer</h1>
      <p>
        <Link to="/admin/settings">Tilbake til innstillingene</Link>
      </p>
      <p className="field-hint">
        Det nettstedet og e-postene sier om studioet: bunnteksten på hver side, vilkårene og personvernerklæringen,
        søkemotorenes data og alle e-poster.{" "}
        {loaderData.updatedAt
          ? `Sist endret ${loaderData.updatedAt} av ${loaderData.updatedBy ?? "en tidligere kollega"}.`
          : "Ikke endret siden installasjonen."}
      </p>
      {/* A new version (a save, here or by a colleague) starts the form afresh from it. */}
      <StudioDetailsForm
        key={loaderData.version}
        details={loaderData.details}
        version={loaderData.version}
        actionData={actionData}
      />
    </>
  );
}
