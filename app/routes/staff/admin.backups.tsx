import { parseWithZod } from "@conform-to/zod/v4";
import { StaffList, StaffTable } from "~/components/staff/list-kit";
import { ConfirmedActionForm } from "~/components/staff/confirmed-action-form";
import { takeBackupSchema } from "~/lib/backup/backup-forms";
import { backupsOverview, takeBackupNow } from "~/lib/backup/backups-admin.server";
import { getDb } from "~/lib/platform/db.server";
import { osloDateTime } from "~/lib/platform/dates";
import { type FormOutcome, replyToForm } from "~/lib/platform/form-reply.server";
import { staffMeta } from "~/lib/site/seo";
import { staffActor } from "~/lib/staff/actor.server";
import type { Route } from "./+types/admin.backups";

/**
 * /admin/backups ("Sikkerhetskopier"): the backups kept (scheduled, taken here or by
 * `npm run backup`), one now, and a download of each (docs/decisions/058).
 */
export const meta: Route.MetaFunction = () => staffMeta("Sikkerhetskopier");

export async function loader() {
  const overview = await backupsOverview();
  return {
    ...overview,
    backups: overview.backups.map((backup) => ({
      id: backup.name,
      name: backup.name,
      createdAt: osloDateTime(backup.createdAt),
      size: megabytes(backup.bytes),
      rows: backup.rows,
      leads: backup.tables.leads ?? 0,
      subscribers: backup.tables.newsletter_subscribers ?? 0,
      files: backup.media.files,
      encrypted: backup.encrypted,
      trigger: TRIGGERS[backup.trigger],
      seconds: (backup.milliseconds / 1000).toLocaleString("nb-NO", { maximumFractionDigits: 1 }),
    })),
  };
}

const TRIGGERS = { schedule: "Planlagt", staff: "Tatt her", command: "Kommando" } as const;
/** "340 kB" under a megabyte (a new site's backup), "12,4 MB" above. */
const megabytes = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("nb-NO")} kB`
    : `${(bytes / 1024 / 1024).toLocaleString("nb-NO", { maximumFractionDigits: 1 })} MB`;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: takeBackupSchema });
  return replyToForm(
    submission,
    async (): Promise<FormOutcome> => {
      const summary = await takeBackupNow(getDb(), staffActor(request, context));
      return {
        message: `Sikkerhetskopien er tatt: ${megabytes(summary.bytes)}, ${summary.rows.toLocaleString("nb-NO")} rader.`,
        resetForm: true,
      };
    },
    { intent: "take-backup" },
  );
}

export default function Backups({ loaderData, actionData }: Route.ComponentProps) {
  const { backups, place, time, keepDays, encrypted } = loaderData;
  return (
    <>
      <h1 className="admin-title">Sikkerhetskopier</h1>
      <p>
        {time
          ? `En sikkerhetskopi tas hver natt kl. ${time} (norsk tid)`
          : "Planlagte sikkerhetskopier er slått av (BACKUP_TIME)"}
        {` og beholdes i ${keepDays} dager, ${place}. `}
        {encrypted
          ? "De er kryptert med BACKUP_PASSPHRASE, og nøkkelen for totrinnsbekreftelse er med."
          : "De er ikke kryptert: uten nøkkelen (secrets.key eller SECRETS_KEY) må totrinnsbekreftelse settes opp på nytt etter en gjenoppretting."}
      </p>
      <section className="admin-panel" aria-labelledby="take-backup-heading">
        <h2 id="take-backup-heading">Ta sikkerhetskopi nå</h2>
        <ConfirmedActionForm
          intent="take-backup"
          schema={takeBackupSchema}
          actionData={actionData}
          checkboxLabel="Ja, ta en sikkerhetskopi av alt innhold og alle filer nå"
          question="Ta en sikkerhetskopi nå? Det kan ta litt tid på et stort nettsted."
          button="Ta sikkerhetskopi nå"
        />
      </section>
      <h2>Siste sikkerhetskopier</h2>
      <StaffList isEmpty={backups.length === 0} empty="Ingen sikkerhetskopier ennå.">
        <StaffTable
          className="admin-table backups-table"
          rows={backups}
          columns={[
            { label: "Tatt", cell: (row) => row.createdAt },
            { label: "Størrelse", cell: (row) => row.size },
            { label: "Rader", cell: (row) => row.rows.toLocaleString("nb-NO") },
            { label: "Henvendelser", cell: (row) => row.leads.toLocaleString("nb-NO") },
            { label: "Abonnenter", cell: (row) => row.subscribers.toLocaleString("nb-NO") },
            { label: "Filer", cell: (row) => row.files.toLocaleString("nb-NO") },
            { label: "Hvordan", cell: (row) => `${row.trigger}, ${row.seconds} s${row.encrypted ? ", kryptert" : ""}` },
            {
              label: "Last ned",
              hideLabel: true,
              cell: (row) => (
                // A plain link: the file streams from the server, the download is audited there.
                <a href={`/admin/backups/${row.name}`} download className="button button-small">
                  Last ned
                </a>
              ),
            },
          ]}
        />
      </StaffList>
    </>
  );
}
