import { z } from "zod";
import { ROLES } from "./roles";

/**
 * The Team page's role form (decision 059), browser-safe. Confirmed by ticking a box like
 * every other change to a colleague's account.
 */
export const CHANGE_ROLE = "role";

export const changeRoleSchema = z.object({
  intent: z.literal(CHANGE_ROLE),
  role: z.enum(ROLES, { message: "Velg en rolle." }),
  confirm: z.literal("on", { error: "Kryss av for å bekrefte." }),
});

export const ROLE_REFUSED = {
  self: "Du kan ikke endre din egen rolle. Be en annen eier om det.",
  "last-owner": "Dette er den siste aktive eieren. Gjør en annen konto til eier først.",
  unchanged: "Kontoen har allerede den rollen.",
} as const;
