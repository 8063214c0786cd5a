import { z } from "zod";

/**
 * A staff action that changes or removes data is confirmed by ticking a box (and, with
 * JavaScript, the browser's dialog): the form's schema, shared by browser and server.
 */
export function confirmSchema<Intent extends string>(intent: Intent, message: string) {
  return z.object({
    intent: z.literal(intent),
    confirm: z.literal("on", { error: message }),
  });
}
