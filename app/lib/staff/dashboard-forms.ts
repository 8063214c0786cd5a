import { z } from "zod";

/**
 * The dashboard's one form: "Ikke nå" on the nudge to turn on two-step verification
 * (staff/two-step-nudge.server.ts). Browser-safe: no `.server` imports.
 */
export const DISMISS_TWO_STEP_NUDGE = "dismiss-two-step-nudge";

export const dismissTwoStepNudgeSchema = z.object({ intent: z.literal(DISMISS_TWO_STEP_NUDGE) });

/** What the dashboard says after "Ikke nå" (a flash notice on /admin). */
export const TWO_STEP_NUDGE_DISMISSED =
  "Greit. Vi minner deg på det igjen om 30 dager. Du kan slå på totrinnsbekreftelse når som helst under Innstillinger.";
