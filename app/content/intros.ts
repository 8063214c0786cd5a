import type { PageSeo } from "./page-seo";
/**
 * The introductions of /work, /careers and /gdpr-checklist as documents (docs/decisions/044,
 * 053): their shapes and seeds, the words a fresh install shows. Staff edit them at
 * /admin/pages/{work,careers,gdpr-checklist}; the lists below them (the showcase, the job
 * listings, the questions) are their own data.
 */

export type WorkIntroContent = { schemaVersion: 1; headline: string; metaDescription: string; seo?: PageSeo };

export const workIntroSeed: WorkIntroContent = {
  schemaVersion: 1,
  headline: "A quick look at what we've built, how we work, and where we're headed.",
  metaDescription:
    "Dashboards, apps, websites, games, automation and film: a quick look at what Fjord & Form has built, how we work, and where we’re headed.",
};

export type CareersIntroContent = {
  schemaVersion: 1;
  headline: string;
  intro: string;
  metaDescription: string;
  seo?: PageSeo;
};

export const careersIntroSeed: CareersIntroContent = {
  schemaVersion: 1,
  headline: "Build things that are made for someone.",
  intro:
    "We are a small studio in Oslo where engineers, designers and producers work on the same projects. If you like making careful work for real people, we would like to hear from you.",
  // 140–160 characters.
  metaDescription:
    "Work at Fjord & Form, a small Oslo studio building private software, custom interfaces and local AI. See open roles in design, animation and operations.",
};

export type GdprIntroContent = { schemaVersion: 1; intro: string; metaDescription: string; seo?: PageSeo };

export const gdprIntroSeed: GdprIntroContent = {
  schemaVersion: 1,
  intro:
    "Answer 23 yes or no questions to see how well your organisation handles personal data under the GDPR. You get a score per area and practical next steps for every gap.",
  // 140–160 characters.
  metaDescription:
    "Check your GDPR compliance with 23 practical yes or no questions from Fjord & Form, and get a score per area with concrete next steps for every gap you find.",
};
