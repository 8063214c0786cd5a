import { z } from "zod";
import { normaliseEmail } from "../platform/validation";
import { ROLES } from "./roles";
import { PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from "./password-rules";

/**
 * The forms about staff accounts (the team page, the own profile, the invitation and the
 * forgotten password), shared by the browser (Conform) and the server. Browser-safe: no
 * `.server` imports. The team and profile pages speak bokmål; the sign-in pages
 * (forgotten password, new password) speak English like /login.
 */
export const STAFF_PER_PAGE = 25;
export const NAME_MAX_LENGTH = 120;

export const STAFF_STATES = ["active", "disabled", "locked", "invited"] as const;
export type StaffState = (typeof STAFF_STATES)[number];
export const STAFF_STATE_LABELS: Record<StaffState, string> = {
  active: "Aktiv",
  disabled: "Deaktivert",
  locked: "Låst",
  invited: "Invitert",
};

/** A staff address: trimmed and lower-cased whole (accounts are compared that way). */
function staffEmail(message: string) {
  return z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .min(1, message)
    .refine((value) => normaliseEmail(value) !== undefined, message);
}

function fullName(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(NAME_MAX_LENGTH, `Navnet kan være høyst ${NAME_MAX_LENGTH} tegn.`);
}

export const inviteSchema = z.object({
  intent: z.literal("invite"),
  fullName: fullName("Skriv kollegaens navn."),
  email: staffEmail("Skriv en gyldig e-postadresse."),
  /** The colleague's role from the first sign-in (decision 059); editor unless chosen. */
  role: z.enum(ROLES, { message: "Velg en rolle." }).default("editor"),
});

/** Every change to a colleague's account is confirmed by ticking a box (works without JavaScript). */
const confirmed = z.literal("on", { error: "Kryss av for å bekrefte." });
export const STAFF_ACTIONS = ["disable", "enable", "unlock", "reinvite"] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];
export const staffActionSchema = z.object({
  intent: z.enum(STAFF_ACTIONS),
  confirm: confirmed,
});

export const profileSchema = z.object({
  intent: z.literal("profile"),
  fullName: fullName("Skriv navnet ditt."),
});

export const emailChangeSchema = z.object({
  intent: z.literal("email"),
  email: staffEmail("Skriv en gyldig e-postadresse."),
  password: z.string({ error: "Skriv det nåværende passordet ditt." }).min(1).max(1024),
});

/** A new password, typed twice: the invitation (bokmål) and the password reset (English). */
export function newPasswordSchema(texts: { tooShort: string; tooLong: string; mismatch: string }) {
  return z
    .object({
      token: z.string().max(64),
      password: z
        .string({ error: texts.tooShort })
        .min(PASSWORD_MIN_LENGTH, texts.tooShort)
        .max(PASSWORD_MAX_LENGTH, texts.tooLong),
      confirm: z.string({ error: texts.mismatch }),
    })
    .refine((value) => value.password === value.confirm, { message: texts.mismatch, path: ["confirm"] });
}

export const invitationPasswordSchema = newPasswordSchema({
  ...PASSWORD_MESSAGES.nb,
  mismatch: "De to passordene er ikke like.",
});

export const resetPasswordSchema = newPasswordSchema({
  ...PASSWORD_MESSAGES.en,
  mismatch: "The two passwords differ.",
});

export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: "Please enter a valid email address" })
    .trim()
    .max(254, "Please enter a valid email address")
    .refine((value) => normaliseEmail(value) !== undefined, "Please enter a valid email address"),
});

/** The one answer to every forgotten-password request, whether or not the account exists. */
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that address, we have sent a link to set a new password. It works for 30 minutes.";

export function parseStaffPage(params: URLSearchParams) {
  return z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .catch(1)
    .parse(params.get("page") ?? 1);
}
