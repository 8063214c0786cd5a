import { z } from "zod";
import type { Role } from "./roles";

/** The two-step policy's choices (decision 059), browser-safe for the Team page's form. */
export const TWO_STEP_POLICIES = ["off", "owners-editors", "everyone"] as const;
export type TwoStepPolicy = (typeof TWO_STEP_POLICIES)[number];

export const TWO_STEP_POLICY_LABELS: Record<TwoStepPolicy, string> = {
  off: "Valgfritt for alle",
  "owners-editors": "Påkrevd for eiere og redaktører",
  everyone: "Påkrevd for alle",
};

export function twoStepRequiredFor(policy: TwoStepPolicy, role: Role) {
  return policy === "everyone" || (policy === "owners-editors" && role !== "author");
}

export const SET_TWO_STEP_POLICY = "set-two-step-policy";

export const twoStepPolicySchema = z.object({
  intent: z.literal(SET_TWO_STEP_POLICY),
  policy: z.enum(TWO_STEP_POLICIES, { message: "Velg et av valgene." }),
  // Confirmed like every change to the team: it can lock colleagues out of their work until they enrol.
  confirm: z.literal("on", { error: "Kryss av for å bekrefte." }),
});

/** Where an account the policy covers is sent until it has a second factor. */
export const ENROL_PATH = "/admin/settings/two-step/enrol";

/** What the enrolment page says to an account sent there by the policy. */
export const ENROLMENT_REQUIRED =
  "Studioet krever totrinnsbekreftelse for kontoen din. Slå det på her, med en app eller en tilgangsnøkkel, før du kan bruke resten av baksiden.";
