/**
 * The studio's identity, in one place. Pages, legal texts, e-mails and structured
 * data all read from here; change a value once and it changes everywhere.
 */
export const siteConfig = {
  name: "Fjord & Form",
  legalName: "Fjord & Form AS",
  tagline: "Made for you.",
  description:
    "Fjord & Form builds private software, custom interfaces, and local AI systems for ambitious teams. Made for you.",
  email: "hello@fjordform.no",
  /** Organisation number in the Brønnøysund Register Centre (9 digits, valid check digit). */
  organisationNumber: "923 456 783",
  address: { street: "Torggata 5", postalCode: "0181", city: "Oslo", country: "Norway", countryCode: "NO" },
  venueCourt: "Oslo tingrett",
  social: { label: "LinkedIn", href: "https://www.linkedin.com/company/fjord-and-form" },
  copyrightYear: 2025,
  legalLastUpdated: "30-03-2025",
  /** The staff account created on first start when none exists (its password is random). */
  firstStaffEmail: "admin@fjordform.no",
  locale: "en",
} as const;

export type NavLink = { to: string; label: string };

/** The main navigation, in the order of the desktop bar. */
export const navLinks: NavLink[] = [
  { to: "/work", label: "Work" },
  { to: "/about", label: "About" },
  { to: "/blog", label: "Blog" },
  { to: "/careers", label: "Careers" },
];

export const contactLink: NavLink = { to: "/contact", label: "Get in touch" };
