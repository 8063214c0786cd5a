import { z } from "zod";
import {
  type CareersIntroContent,
  careersIntroSeed,
  type GdprIntroContent,
  gdprIntroSeed,
  type WorkIntroContent,
  workIntroSeed,
} from "~/content/intros";
import { pageSeoSchema } from "../../seo/seo-fields";
import type { PageDefinition } from "../page-definition";
import { pageText } from "../page-fields";
import { field, seoGroup } from "./builders";

/** The introductions of /work, /careers and /gdpr-checklist: the words above what is not edited here. */
export const workPage: PageDefinition = {
  key: "work",
  label: "Arbeider (innledning)",
  path: "/work",
  schema: z.object({
    schemaVersion: z.literal(1),
    headline: pageText("statement", "overskriften"),
    metaDescription: pageText("meta", "beskrivelsen"),
    seo: pageSeoSchema,
  }) satisfies z.ZodType<WorkIntroContent>,
  seed: workIntroSeed,
  upgrades: {},
  groups: [
    {
      id: "intro",
      label: "Toppen",
      hint: "Prosjektene under er utstillingen (Arbeider i menyen).",
      fields: [field("headline", "Overskrift", "statement")],
    },
    seoGroup("Work"),
  ],
};

export const careersPage: PageDefinition = {
  key: "careers",
  label: "Karriere (innledning)",
  path: "/careers",
  schema: z.object({
    schemaVersion: z.literal(1),
    headline: pageText("statement", "overskriften"),
    intro: pageText("paragraph", "ingressen"),
    metaDescription: pageText("meta", "beskrivelsen"),
    seo: pageSeoSchema,
  }) satisfies z.ZodType<CareersIntroContent>,
  seed: careersIntroSeed,
  upgrades: {},
  groups: [
    {
      id: "intro",
      label: "Toppen",
      hint: "Stillingene under er stillingsannonsene.",
      fields: [field("headline", "Overskrift", "statement"), field("intro", "Ingress", "paragraph")],
    },
    seoGroup("Careers"),
  ],
};

export const gdprPage: PageDefinition = {
  key: "gdpr-checklist",
  label: "GDPR-sjekklisten (innledning)",
  path: "/gdpr-checklist",
  schema: z.object({
    schemaVersion: z.literal(1),
    intro: pageText("paragraph", "ingressen"),
    metaDescription: pageText("meta", "beskrivelsen"),
    seo: pageSeoSchema,
  }) satisfies z.ZodType<GdprIntroContent>,
  seed: gdprIntroSeed,
  upgrades: {},
  groups: [
    {
      id: "intro",
      label: "Toppen",
      hint: "Spørsmålene under er faste.",
      fields: [field("intro", "Ingress", "paragraph")],
    },
    seoGroup("GDPR checklist"),
  ],
};
