import { z } from "zod";
import { norwegianFieldMessages, requiredText } from "../platform/text-fields";
import { normaliseEmail } from "../platform/validation";
import { countryName, type StudioDetails } from "./studio-details";

/**
 * The studio's details as data (decision 045): what the footer, the legal pages, JSON-LD
 * and every e-mail say about the studio. One schema for the staff form (browser and server,
 * Conform) and for the stored document, which is checked on every read and write.
 * Browser-safe: no `.server` imports.
 */
export const STUDIO_LIMITS = {
  name: 80,
  legalName: 120,
  phone: 30,
  street: 120,
  postalCode: 12,
  city: 80,
  venueCourt: 80,
  socialLabel: 40,
  socialUrl: 300,
  socialLinks: 8,
} as const;

export const STUDIO_MESSAGES = {
  email: "Skriv en gyldig e-postadresse.",
  phone: "Skriv telefonnummeret med sifre, gjerne med landskode (+47 22 12 34 56).",
  organisationNumberFormat: "Organisasjonsnummeret har 9 sifre (mellomrom er greit).",
  organisationNumberCheck: "Organisasjonsnummeret finnes ikke: kontrollsifferet stemmer ikke. Sjekk mot Brønnøysundregistrene.",
  countryCode: "Skriv landkoden med to bokstaver (NO for Norge).",
  socialUrl: "Lenken må være en full adresse som begynner med https://",
  socialLinks: `Høyst ${STUDIO_LIMITS.socialLinks} lenker.`,
} as const;

const text = (label: string, max: number) => requiredText({ max }, norwegianFieldMessages(label, max));

/**
 * Brønnøysund's rule for organisation numbers: nine digits, the last a modulus 11 check
 * digit over the first eight (weights 3 2 7 6 5 4 3 2). A remainder of 1 means no number
 * is ever issued with those eight digits.
 */
const ORGANISATION_NUMBER_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

export function organisationNumberCheckDigit(firstEight: string): number | undefined {
  const sum = ORGANISATION_NUMBER_WEIGHTS.reduce((total, weight, index) => total + weight * Number(firstEight[index]), 0);
  const remainder = sum % 11;
  if (remainder === 1) return undefined;
  return remainder === 0 ? 0 : 11 - remainder;
}

export function isValidOrganisationNumber(value: string) {
  const digits = value.replace(/\s/g, "");
  return /^\d{9}$/.test(digits) && organisationNumberCheckDigit(digits.slice(0, 8)) === Number(digits[8]);
}

/** Stored and shown as Brønnøysund writes it: "923 456 783". */
const organisationNumber = z
  .string({ error: "Organisasjonsnummer er påkrevd" })
  .transform((value) => value.replace(/\s/g, ""))
  .superRefine((digits, context) => {
    // One message: the format first, the check digit only for nine digits.
    if (!/^\d{9}$/.test(digits)) context.addIssue({ code: "custom", message: STUDIO_MESSAGES.organisationNumberFormat });
    else if (!isValidOrganisationNumber(digits)) {
      context.addIssue({ code: "custom", message: STUDIO_MESSAGES.organisationNumberCheck });
    }
  })
  .transform((digits) => `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`);

const email = z
  .string({ error: "E-post er påkrevd" })
  .trim()
  .refine((value) => normaliseEmail(value) !== undefined, STUDIO_MESSAGES.email)
  .transform((value) => normaliseEmail(value)!);

/** Optional: an empty field (the form sends nothing) is stored as "". */
const phone = z
  .string()
  .trim()
  .max(STUDIO_LIMITS.phone, `Telefon kan være på høyst ${STUDIO_LIMITS.phone} tegn`)
  .regex(/^(\+?[0-9][0-9 ]{6,}[0-9])?$/, STUDIO_MESSAGES.phone)
  .optional()
  .transform((value) => value ?? "");

const httpsUrl = z
  .string({ error: "Lenke er påkrevd" })
  .trim()
  .max(STUDIO_LIMITS.socialUrl, `Lenken kan være på høyst ${STUDIO_LIMITS.socialUrl} tegn`)
  .refine((value) => URL.canParse(value) && isHttpsWithHost(new URL(value)), STUDIO_MESSAGES.socialUrl);

function isHttpsWithHost(url: URL) {
  return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
}

const socialLink = z.object({
  label: text("Navn på lenken", STUDIO_LIMITS.socialLabel),
  url: httpsUrl,
});

/** Country as an ISO 3166 code: the name is the reader's language (countryName), so nothing stored is English. */
const countryCode = z
  .string({ error: "Landkode er påkrevd" })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, STUDIO_MESSAGES.countryCode)
  .refine((code) => countryName(code, "en") !== code, STUDIO_MESSAGES.countryCode);

export const studioDetailsSchema = z.object({
  name: text("Navn", STUDIO_LIMITS.name),
  legalName: text("Juridisk navn", STUDIO_LIMITS.legalName),
  email,
  phone,
  organisationNumber,
  street: text("Gateadresse", STUDIO_LIMITS.street),
  postalCode: text("Postnummer", STUDIO_LIMITS.postalCode),
  city: text("Sted", STUDIO_LIMITS.city),
  countryCode,
  venueCourt: text("Verneting", STUDIO_LIMITS.venueCourt),
  socialLinks: z
    .array(socialLink)
    .max(STUDIO_LIMITS.socialLinks, STUDIO_MESSAGES.socialLinks)
    .optional()
    .transform((links) => links ?? []),
}) satisfies z.ZodType<StudioDetails>; // the type, written out in ./studio-details so pages need no zod


/** The staff form: the details, and the version they were read at (a newer save by a colleague refuses this one). */
export const studioFormSchema = studioDetailsSchema.extend({
  version: z.coerce.number().int().min(0),
});

/** The fields staff see named in the audit trail and in messages. */
export const STUDIO_FIELD_LABELS: Record<keyof StudioDetails, string> = {
  name: "Navn",
  legalName: "Juridisk navn",
  email: "E-post",
  phone: "Telefon",
  organisationNumber: "Organisasjonsnummer",
  street: "Gateadresse",
  postalCode: "Postnummer",
  city: "Sted",
  countryCode: "Land",
  venueCourt: "Verneting",
  socialLinks: "Lenker til sosiale medier",
};
