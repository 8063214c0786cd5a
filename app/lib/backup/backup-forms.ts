import { confirmSchema } from "../platform/confirm-forms";

/** /admin/backups' one change: "Ta sikkerhetskopi nå", confirmed by the ticked box. Browser-safe. */
export const takeBackupSchema = confirmSchema(
  "take-backup",
  "Kryss av for å bekrefte at en sikkerhetskopi skal tas nå.",
);

/** The dashboard warns when the newest backup is older than this. */
export const STALE_BACKUP_DAYS = 2;
