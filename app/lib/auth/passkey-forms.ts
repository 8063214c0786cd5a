import { z } from "zod";
import { TYPED_PASSWORD_MAX_LENGTH } from "./sign-in-forms";

/**
 * Passkeys' forms and words (decision 065), for the browser and the server. Browser-safe.
 * Staff copy in bokmål: "tilgangsnøkkel" throughout, as the operating systems say it.
 */
export const PASSKEYS_PATH = "/admin/settings/passkeys";
export const PASSKEY_SIGN_IN_PATH = "/login/passkey";
export const PASSKEY_NAME_MAX = 60;

export const PASSKEY_MESSAGES = {
  nameNeeded: "Gi tilgangsnøkkelen et navn, for eksempel «Jobbmac» eller «Telefonen».",
  passwordNeeded: "Skriv inn passordet ditt for å fortsette.",
  confirmRemove: "Kryss av for å bekrefte at nøkkelen skal fjernes.",
  added: (name: string) => `Tilgangsnøkkelen «${name}» er lagt til.`,
  removed: (name: string) => `Tilgangsnøkkelen «${name}» er fjernet.`,
  notAdded: "Tilgangsnøkkelen ble ikke lagt til. Prøv igjen.",
  cancelled: "Nettleseren avbrøt. Ingen tilgangsnøkkel ble lagt til.",
  tooMany: "Du har allerede ti tilgangsnøkler. Fjern en før du legger til en ny.",
  notFound: "Fant ikke den tilgangsnøkkelen.",
  unsupported: "Denne nettleseren kan ikke bruke tilgangsnøkler.",
  /** The sign-in page is English, like the spec's sign-in texts; the button is the studio's own words. */
  signInButton: "Logg inn med tilgangsnøkkel",
  signInFailed: "That passkey did not work. Try again, or sign in with your password.",
  signInCancelled: "Passkey sign-in was cancelled.",
  secondStepButton: "Bruk tilgangsnøkkel",
  secondStepFailed: "That passkey did not work. Try again, or enter a code.",
} as const;

const password = z
  .string({ error: PASSKEY_MESSAGES.passwordNeeded })
  .min(1, PASSKEY_MESSAGES.passwordNeeded)
  .max(TYPED_PASSWORD_MAX_LENGTH, PASSKEY_MESSAGES.passwordNeeded);

/** The password is asked only when it was not entered in the last 5 minutes (as for two-step). */
const askedPassword = (asked: boolean) => (asked ? password : password.optional());

export const addPasskeySchema = (asked: boolean) =>
  z.object({
    intent: z.literal("add"),
    name: z
      .string({ error: PASSKEY_MESSAGES.nameNeeded })
      .trim()
      .min(1, PASSKEY_MESSAGES.nameNeeded)
      .max(PASSKEY_NAME_MAX, `Høyst ${PASSKEY_NAME_MAX} tegn.`),
    password: askedPassword(asked),
  });

export const removePasskeySchema = (asked: boolean) =>
  z.object({
    intent: z.literal("remove"),
    passkeyId: z.string().max(64),
    password: askedPassword(asked),
    confirm: z.literal("on", { error: PASSKEY_MESSAGES.confirmRemove }),
  });

/** The browser's answer to a WebAuthn prompt, posted as JSON text in a form field. */
export const ceremonySchema = z.object({
  intent: z.literal("verify"),
  response: z.string().max(32_768),
});
