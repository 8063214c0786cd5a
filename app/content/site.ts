/**
 * The site's fixed identity: what is not the studio's editable details. The details
 * themselves (name, address, organisation number, …) are data staff edit at
 * /admin/settings/studio (app/lib/studio, decision 045); `studioSeed` below is what a
 * fresh install shows until they do.
 */
export const siteConfig = {
  tagline: "Made for you.",
  description:
    "Fjord & Form builds private software, custom interfaces, and local AI systems for ambitious teams. Made for you.",
  /**
   * The brand as the logo image draws it: the logo's alt text and the back office's own name
   * (staff page titles, the sign-in pages, the authenticator app's entry). The trading name
   * visitors read in texts is the editable `name` of the studio's details.
   */
  brand: "Fjord & Form",
  copyrightYear: 2025,
  legalLastUpdated: "30-03-2025",
  /** The staff account created on first start when none exists (its password is random). */
  firstStaffEmail: "admin@fjordform.no",
  locale: "en",
} as const;

/**
 * The studio's details on a fresh install (no row in studio_details yet): exactly what the
 * site showed when they were code. Checked by app/lib/studio/studio-forms.ts (STUDIO_SEED).
 */
export const studioSeed = {
  name: "Fjord & Form",
  legalName: "Fjord & Form AS",
  email: "hello@fjordform.no",
  phone: "",
  /** Organisation number in the Brønnøysund Register Centre (9 digits, valid check digit). */
  organisationNumber: "923 456 783",
  street: "Torggata 5",
  postalCode: "0181",
  city: "Oslo",
  countryCode: "NO",
  venueCourt: "Oslo tingrett",
  socialLinks: [{ label: "LinkedIn", url: "https://www.linkedin.com/company/fjord-and-form" }],
};

export type NavLink = { to: string; label: string };

/** The main navigation, in the order of the desktop bar. */
export const navLinks: NavLink[] = [
  { to: "/work", label: "Work" },
  { to: "/about", label: "About" },
  { to: "/blog", label: "Blog" },
  { to: "/careers", label: "Careers" },
];

export const contactLink: NavLink = { to: "/contact", label: "Get in touch" };
