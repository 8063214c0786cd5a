import { z } from "zod";
import { confirmSchema } from "../platform/confirm-forms";

/**
 * The sessions page's forms (/admin/settings/sessions), for Conform and the server.
 * Browser-safe. Bokmål, like the rest of the staff copy added since (decision 067).
 */
export const endSessionSchema = confirmSchema("end-session", "Kryss av for å bekrefte at økten skal avsluttes.").extend(
  {
    id: z.uuid(),
  },
);

export const SESSION_MESSAGES = {
  ended: "Økten er avsluttet. Den nettleseren må logge inn igjen.",
  gone: "Den økten finnes ikke lenger: den er allerede avsluttet eller utløpt.",
  endedOthers: (count: number) => `Logget ut av ${count} ${count === 1 ? "annen økt" : "andre økter"}.`,
} as const;

/** "Logg ut alle andre økter" (a post without an intent is this form too, as it always was). */
export const endOthersSchema = z.object({ intent: z.literal("end-others").optional() });
