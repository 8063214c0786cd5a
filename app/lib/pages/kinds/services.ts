import { z } from "zod";
import { type ServiceContent, serviceSeeds, services } from "~/content/services";
import { pageSeoSchema } from "../../seo/seo-fields";
import { type PageDefinition, SERVICE_ORDER } from "../page-definition";
import { type FieldGroup, pageText } from "../page-fields";
import { field, seoGroup } from "./builders";

/** The five service pages: one shape, each with the closing block its seed has (or none). */
const serviceItem = (n: number) =>
  z.object({
    title: pageText("title", `tittelen på tjeneste ${n}`),
    description: pageText("paragraph", `teksten til tjeneste ${n}`),
  });
const deliverable = (n: number) => pageText("line", `linje ${n} under «What you get»`);

/** A service page's schema: its closing block as the page has it (none, text only, or with a button). */
function serviceSchema(seed: ServiceContent) {
  const closing = seed.closing
    ? z.object({
        heading: pageText("title", "overskriften nederst"),
        text: pageText("paragraph", "teksten nederst"),
        ...(seed.closing.actionLabel ? { actionLabel: pageText("label", "knappeteksten nederst") } : {}),
      })
    : // A page without a closing block: the form sends nothing for it.
      z.preprocess(() => null, z.null());
  return z.object({
    schemaVersion: z.literal(1),
    hero: z.object({
      heading: pageText("headline", "overskriften"),
      intro: pageText("paragraph", "ingressen"),
      actionLabel: pageText("label", "knappeteksten"),
    }),
    // Fixed by the layout: four lines in two columns, three numbered cards.
    deliverables: z.tuple([deliverable(1), deliverable(2), deliverable(3), deliverable(4)]),
    items: z.tuple([serviceItem(1), serviceItem(2), serviceItem(3)]),
    closing,
    metaDescription: pageText("meta", "beskrivelsen"),
    seo: pageSeoSchema,
  }) as unknown as z.ZodType<ServiceContent>;
}

function serviceGroups(seed: ServiceContent, title: string): FieldGroup[] {
  const closing = seed.closing
    ? [
        field("closing.heading", "Overskrift", "title"),
        field("closing.text", "Tekst", "paragraph"),
        ...(seed.closing.actionLabel ? [field("closing.actionLabel", "Knappetekst", "label")] : []),
      ]
    : [];
  return [
    {
      id: "hero",
      label: "Toppen",
      fields: [
        field("hero.heading", "Overskrift", "headline", "Må få plass på en mobilskjerm."),
        field("hero.intro", "Ingress", "paragraph"),
        field("hero.actionLabel", "Knappetekst", "label"),
      ],
    },
    {
      id: "deliverables",
      label: "What you get (fire linjer)",
      fields: [1, 2, 3, 4].map((n) => field(`deliverables[${n - 1}]`, `Linje ${n}`, "line")),
    },
    {
      id: "items",
      label: "What we do (tre kort)",
      fields: [1, 2, 3].flatMap((n) => [
        field(`items[${n - 1}].title`, `Kort ${n}: tittel`, "title"),
        field(`items[${n - 1}].description`, `Kort ${n}: tekst`, "paragraph"),
      ]),
    },
    ...(closing.length > 0 ? [{ id: "closing", label: "Oppfordring nederst", fields: closing }] : []),
    seoGroup(title),
  ];
}

export const servicePages: PageDefinition[] = SERVICE_ORDER.map((slug) => {
  const service = services.find((s) => s.slug === slug)!;
  const seed = serviceSeeds[slug];
  return {
    key: slug,
    label: `Tjeneste: ${service.name}`,
    path: service.path,
    schema: serviceSchema(seed),
    seed,
    upgrades: {},
    groups: serviceGroups(seed, service.name),
  };
});
