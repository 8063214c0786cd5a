import { z } from "zod";
import { type LegalContent, privacySeed, termsSeed } from "~/content/legal";
import { pageSeoSchema } from "../../seo/seo-fields";
import type { PageDefinition } from "../page-definition";
import { listOf, pageText } from "../page-fields";
import { field, list, sectionList, seoGroup } from "./builders";

/** The terms and the privacy policy: edited documents of sections, paragraphs and bullets. */
const LEGAL_SECTIONS = { min: 1, max: 40 };
const PARAGRAPHS = { min: 1, max: 12 };
const BULLETS = { min: 0, max: 20 };
const PLACEHOLDER_HINT =
  "Studioets opplysninger settes inn der teksten sier {name}, {legalName}, {email}, {organisationNumber}, {venueCourt} eller {address}; endre dem under Innstillinger → Studio.";

const sections = sectionList({
  label: "Seksjoner",
  hint: "Innholdsfortegnelsen lages av overskriftene, i denne rekkefølgen.",
  rules: LEGAL_SECTIONS,
  item: z.object({
    heading: pageText("title", "overskriften på seksjonen"),
    paragraphs: listOf(pageText("body", "avsnittet"), { ...PARAGRAPHS, what: "avsnitt i en seksjon" }),
    // A section without bullets sends none: an empty list.
    list: z.preprocess((value) => value ?? [], listOf(pageText("bullet", "punktet"), { ...BULLETS, what: "punkter" })),
  }),
  fields: [
    field("heading", "Overskrift", "title"),
    list("paragraphs", "Avsnitt", "Avsnitt", PARAGRAPHS, [field("", "Tekst", "body")], ""),
    list("list", "Punktliste (valgfri)", "Punkt", BULLETS, [field("", "Tekst", "bullet")], ""),
  ],
  newItem: { heading: "", paragraphs: [""], list: [] },
});

const legalSchema = z.object({
  schemaVersion: z.literal(1),
  title: pageText("title", "tittelen"),
  intro: pageText("paragraph", "ingressen"),
  sections: sections.schema,
  metaDescription: pageText("meta", "beskrivelsen"),
  seo: pageSeoSchema,
}) as unknown as z.ZodType<LegalContent>;

function legalDefinition(key: "terms" | "privacy", label: string, seed: LegalContent): PageDefinition {
  return {
    key,
    label,
    path: `/${key}`,
    schema: legalSchema,
    seed,
    upgrades: {},
    groups: [
      {
        id: "intro",
        label: "Toppen",
        hint: `«Last updated» er datoen siden ble publisert. ${PLACEHOLDER_HINT}`,
        fields: [field("title", "Tittel", "title"), field("intro", "Ingress", "paragraph")],
      },
      sections.group,
      seoGroup(seed.title),
    ],
  };
}

export const termsPage = legalDefinition("terms", "Vilkår (terms)", termsSeed);
export const privacyPage = legalDefinition("privacy", "Personvernerklæring", privacySeed);
