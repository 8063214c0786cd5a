import { siteConfig } from "~/content/site";
import type { StudioDetails } from "./studio-details";

/**
 * The studio in schema.org terms, from its details as staff keep them: the home page's
 * Organization and the contact page's LocalBusiness. Browser-safe (pages render them).
 */
function postalAddress(studio: StudioDetails) {
  return {
    "@type": "PostalAddress",
    streetAddress: studio.street,
    postalCode: studio.postalCode,
    addressLocality: studio.city,
    addressCountry: studio.countryCode,
  };
}

/** What both descriptions say the same way: where to reach the studio and who it is on record. */
function studioFacts(studio: StudioDetails, siteUrl: string) {
  return {
    url: `${siteUrl}/`,
    email: studio.email,
    ...(studio.phone ? { telephone: studio.phone } : {}),
    taxID: studio.organisationNumber.replaceAll(" ", ""),
    address: postalAddress(studio),
    sameAs: studio.socialLinks.map((link) => link.url),
  };
}

export function organizationJsonLd(studio: StudioDetails, siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: studio.legalName,
    alternateName: studio.name,
    logo: `${siteUrl}/icon-512.png`,
    slogan: siteConfig.tagline,
    ...studioFacts(studio, siteUrl),
  };
}

/** Where the studio is, for local search: the same facts as a business with an address. */
export function localBusinessJsonLd(studio: StudioDetails, siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: studio.name,
    legalName: studio.legalName,
    image: `${siteUrl}/icon-512.png`,
    ...studioFacts(studio, siteUrl),
  };
}

/** The hiring or creating organisation on job postings, case studies and posts. */
export function organizationReference(studio: StudioDetails, siteUrl: string) {
  return { "@type": "Organization", name: studio.legalName, url: `${siteUrl}/` };
}
