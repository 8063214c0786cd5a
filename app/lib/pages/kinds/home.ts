import { z } from "zod";
import { type HomeContent, homeSeed } from "~/content/home";
import { siteConfig } from "~/content/site";
import { pageSeoSchema } from "../../seo/seo-fields";
import type { PageDefinition } from "../page-definition";
import { pageText } from "../page-fields";
import { field, seoGroup } from "./builders";

/** The home page: its hero, the paragraph under the services, the three steps, the closing line. */
const processStep = (n: number) =>
  z.object({
    title: pageText("title", `tittelen på steg ${n}`),
    description: pageText("paragraph", `teksten til steg ${n}`),
  });

const homeSchema = z.object({
  schemaVersion: z.literal(1),
  hero: z.object({
    eyebrow: pageText("label", "linjen øverst"),
    statement: pageText("statement", "overskriften"),
    tagline: pageText("label", "slagordet"),
  }),
  partnering: pageText("paragraph", "avsnittet under tjenestene"),
  // Think / Make / Move: three, as the numbered accordion is laid out.
  process: z.tuple([processStep(1), processStep(2), processStep(3)]),
  closing: pageText("title", "overskriften nederst"),
  metaDescription: pageText("meta", "beskrivelsen"),
  seo: pageSeoSchema,
}) satisfies z.ZodType<HomeContent>;

export const homePage: PageDefinition = {
  key: "home",
  label: "Forsiden",
  path: "/",
  schema: homeSchema,
  seed: homeSeed,
  upgrades: {},
  groups: [
    {
      id: "hero",
      label: "Toppen",
      hint: "Overskriften er «Fjord & Form» fulgt av teksten under, og slagordet i kursiv.",
      fields: [
        field("hero.eyebrow", "Linjen øverst", "label"),
        field("hero.statement", "Overskrift (etter «Fjord & Form»)", "statement"),
        field("hero.tagline", "Slagord", "label"),
      ],
    },
    { id: "partnering", label: "Under tjenestene", fields: [field("partnering", "Avsnitt", "paragraph")] },
    {
      id: "process",
      label: "Slik jobber vi (tre steg)",
      fields: [1, 2, 3].flatMap((n) => [
        field(`process[${n - 1}].title`, `Steg ${n}: tittel`, "title"),
        field(`process[${n - 1}].description`, `Steg ${n}: tekst`, "paragraph"),
      ]),
    },
    { id: "closing", label: "Oppfordring nederst", fields: [field("closing", "Overskrift", "title")] },
    seoGroup(siteConfig.brand),
  ],
};
