import { studioSeed } from "~/content/site";

/**
 * The studio's details as every page and e-mail reads them (decision 045), without zod:
 * the root loader hands them to every page, and the pages' bundles must not grow for it.
 * The rules (lengths, the organisation number's check digit) are in ./studio-forms.
 */
export type SocialLink = { label: string; url: string };

export type StudioDetails = {
  /** The trading name visitors read ("Fjord & Form"). */
  name: string;
  legalName: string;
  email: string;
  /** "" when the studio shows none. */
  phone: string;
  /** As Brønnøysund writes it: "923 456 783". */
  organisationNumber: string;
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166 code; the country's name is the reader's language (countryName). */
  countryCode: string;
  venueCourt: string;
  socialLinks: SocialLink[];
};

/** No row yet (a fresh install): today's details, exactly as the site showed them when they were code. */
export const STUDIO_SEED: StudioDetails = studioSeed;

/** The country's name in a language ("NO" → "Norway" in English, "Norge" in bokmål). */
export function countryName(code: string, locale: string) {
  try {
    return new Intl.DisplayNames([locale], { type: "region", fallback: "code" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Torggata 5, 0181 Oslo": the street address on one line. */
export function streetAddressLine(details: StudioDetails) {
  return `${details.street}, ${details.postalCode} ${details.city}`;
}

/** "Torggata 5, 0181 Oslo, Norway": with the country, in the page's language. */
export function fullAddressLine(details: StudioDetails, locale = "en") {
  return `${streetAddressLine(details)}, ${countryName(details.countryCode, locale)}`;
}
