import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, staffPasswordSchema } from "./password-rules";
import { codeField, TYPED_PASSWORD_MAX_LENGTH } from "./sign-in-forms";

/**
 * The security forms of /admin/settings (password, two-step verification, recovery
 * codes), shared by the browser (Conform) and the server. Browser-safe. Bokmål, like
 * every page behind the staff sign-in (decision 068).
 */
export const SETTINGS_MESSAGES = {
  passwordNeeded: "Skriv inn passordet ditt for å fortsette.",
  wrongPassword: "Passordet ditt er ikke riktig.",
  passwordsDiffer: "De to nye passordene er ulike.",
  codeForSetup: "Skriv inn den sekssifrede koden appen viser.",
  codeToTurnOff: "Skriv inn en gjeldende kode fra appen for å slå av totrinnsbekreftelse.",
} as const;

const currentPassword = z
  .string({ error: SETTINGS_MESSAGES.passwordNeeded })
  .min(1, SETTINGS_MESSAGES.passwordNeeded)
  .max(TYPED_PASSWORD_MAX_LENGTH, SETTINGS_MESSAGES.wrongPassword);

/**
 * The current password of the two-step and recovery-code forms: asked only when it was not
 * entered in this session in the last 5 minutes. The page knows whether it shows the field
 * (`asked`); the server parses with `asked: false` and lets re-authentication decide, so a
 * post without it is the same 403 "Skriv inn passordet ditt for å fortsette." as before.
 */
function askedPassword(asked: boolean) {
  return asked ? currentPassword : currentPassword.optional();
}

export const passwordChangeSchema = z
  .object({
    current: currentPassword,
    next: staffPasswordSchema,
    confirm: z.string({ error: SETTINGS_MESSAGES.passwordsDiffer }).max(PASSWORD_MAX_LENGTH),
  })
  .refine((value) => value.next === value.confirm, { message: SETTINGS_MESSAGES.passwordsDiffer, path: ["confirm"] });

export const PASSWORD_HINT = `Minst ${PASSWORD_MIN_LENGTH} tegn. En lang setning er lettest å huske.`;

export const twoStepStartSchema = (asked: boolean) =>
  z.object({ intent: z.literal("start"), password: askedPassword(asked) });

export const twoStepConfirmSchema = (asked: boolean) =>
  z.object({
    intent: z.literal("confirm"),
    factorId: z.string().max(64),
    code: codeField(SETTINGS_MESSAGES.codeForSetup),
    password: askedPassword(asked),
  });

export const twoStepOffSchema = (asked: boolean) =>
  z.object({ code: codeField(SETTINGS_MESSAGES.codeToTurnOff), password: askedPassword(asked) });

export const recoveryCodesSchema = (asked: boolean) => z.object({ password: askedPassword(asked) });
