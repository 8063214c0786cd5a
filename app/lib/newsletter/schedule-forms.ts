import { z } from "zod";
import { sendSchema } from "./issue-forms";

/**
 * "Send senere" on the send page (decision 051): the same confirmation as sending now,
 * and an Oslo date and time (a datetime-local field). Browser-safe.
 */
export const SEND_AT_REQUIRED = "Velg dato og klokkeslett for utsendelsen.";

export const scheduleSendSchema = sendSchema.extend({
  intent: z.literal("schedule"),
  send_at: z
    .string({ error: SEND_AT_REQUIRED })
    .trim()
    .max(40)
    .refine((value) => value !== "" && !Number.isNaN(Date.parse(value)), SEND_AT_REQUIRED),
});

export const cancelScheduleSchema = z.object({ intent: z.literal("cancel-schedule") });
