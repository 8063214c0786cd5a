import { z } from "zod";
import { type AboutContent, aboutSeed } from "~/content/about";
import { pageSeoSchema } from "../../seo/seo-fields";
import type { PageDefinition } from "../page-definition";
import { listOf, pageText } from "../page-fields";
import { field, list, sectionList, seoGroup } from "./builders";

/** About: subject areas with their team cards, lists that grow, shrink and reorder. */
/** A picture from the library: an address of an upload, or none; with one, its alt text is required. */
const picture = z
  .object({
    name: pageText("title", "navnet"),
    role: pageText("title", "rollen"),
    photo: z
      .string()
      .trim()
      .regex(/^\/uploads\/[\w./-]+$/, "Velg et bilde fra mediebiblioteket.")
      .optional()
      .catch(undefined),
    photoAlt: z
      .string()
      .trim()
      .max(200, "Høyst 200 tegn.")
      .regex(/^[^\p{Cc}]*$/u)
      .optional(),
  })
  .superRefine((person, context) => {
    if (person.photo && !person.photoAlt) {
      context.addIssue({ code: "custom", path: ["photoAlt"], message: "Skriv alt-tekst for bildet: hva det viser." });
    }
  })
  .transform(({ photo, photoAlt, ...person }) => (photo ? { ...person, photo, photoAlt } : person));

const TEAM_SIZE = { min: 1, max: 6 };
const ABOUT_SECTIONS = { min: 1, max: 8 };

/** A subject area and its team card, with the people on the card. */
const sections = sectionList({
  label: "Fagområder og teamkort",
  hint: "Hver seksjon er et fagområde med teamkortet ved siden av. Det første kortet står åpent.",
  rules: ABOUT_SECTIONS,
  item: z.object({
    title: pageText("title", "overskriften på seksjonen"),
    paragraph: pageText("paragraph", "teksten i seksjonen"),
    team: z.object({
      name: pageText("title", "navnet på teamet"),
      description: pageText("paragraph", "teksten på teamkortet"),
      people: listOf(picture, { ...TEAM_SIZE, what: "personer på et teamkort" }),
    }),
  }),
  fields: [
    field("title", "Overskrift", "title"),
    field("paragraph", "Tekst", "paragraph"),
    field("team.name", "Teamets navn", "title"),
    field("team.description", "Tekst på teamkortet", "paragraph"),
    list(
      "team.people",
      "Personer på kortet",
      "Person",
      TEAM_SIZE,
      [
        field("name", "Navn", "title"),
        field("role", "Rolle", "title"),
        {
          type: "picture",
          name: "photo",
          altName: "photoAlt",
          label: "Bilde",
          hint: "Uten bilde tegnes initialene.",
        },
      ],
      { name: "", role: "" },
    ),
  ],
  newItem: { title: "", paragraph: "", team: { name: "", description: "", people: [{ name: "", role: "" }] } },
});

const aboutSchema = z.object({
  schemaVersion: z.literal(1),
  headline: pageText("statement", "overskriften"),
  intro: pageText("paragraph", "ingressen"),
  sections: sections.schema,
  closing: z.object({
    heading: pageText("title", "overskriften nederst"),
    text: pageText("paragraph", "teksten nederst"),
  }),
  metaDescription: pageText("meta", "beskrivelsen"),
  seo: pageSeoSchema,
}) as unknown as z.ZodType<AboutContent>;

export const aboutPage: PageDefinition = {
  key: "about",
  label: "Om oss",
  path: "/about",
  schema: aboutSchema,
  seed: aboutSeed,
  upgrades: {},
  groups: [
    {
      id: "intro",
      label: "Toppen",
      fields: [field("headline", "Overskrift", "statement"), field("intro", "Ingress", "paragraph")],
    },
    sections.group,
    {
      id: "closing",
      label: "Oppfordring nederst",
      fields: [field("closing.heading", "Overskrift", "title"), field("closing.text", "Tekst", "paragraph")],
    },
    seoGroup("About"),
  ],
};
