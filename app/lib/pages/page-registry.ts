import { z } from "zod";
import { type HomeContent, homeSeed } from "~/content/home";
import { type ServiceContent, type ServiceSlug, serviceSeeds, services } from "~/content/services";
import { type FieldGroup, type FieldKind, type FieldSpec, pageText } from "./page-fields";

/**
 * Every public page whose words staff edit (docs/decisions/044): its key, its name in the
 * back office, its address, the schema of its document, the editor's fields in page
 * order and the seed a fresh install shows. Browser-safe: the editor validates with the
 * same schema the server writes and reads with.
 *
 * A document carries `schemaVersion`. When a page's shape changes, its schema gets the
 * new version and `upgrades[n]` turns a version-n document into version n+1; stored
 * documents are upgraded when read, so no data migration has to run.
 */
export type PageDefinition = {
  key: PageKey;
  label: string;
  path: string;
  schema: z.ZodType<PageDocument>;
  groups: FieldGroup[];
  seed: PageDocument;
  upgrades: Record<number, (document: Record<string, unknown>) => Record<string, unknown>>;
};

export type PageDocument = HomeContent | ServiceContent;

/** The locales a page can be stored in; only English is published now. */
export const LOCALES = ["en"] as const;
export type Locale = (typeof LOCALES)[number];

const SERVICE_ORDER: ServiceSlug[] = ["design", "development", "custom-ai", "ai-automations", "production"];
export const PAGE_KEYS = ["home", ...SERVICE_ORDER] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

const field = (name: string, label: string, kind: FieldKind, hint?: string): FieldSpec => ({ name, label, kind, hint });
const SEO_GROUP: FieldGroup = {
  id: "seo",
  label: "Søkemotorer",
  fields: [field("metaDescription", "Beskrivelse", "meta", "Vises i søkeresultatet; 140–160 tegn er best.")],
};

// ─── Home ────────────────────────────────────────────────────────────────────

const processStep = (n: number) =>
  z.object({ title: pageText("title", `tittelen på steg ${n}`), description: pageText("paragraph", `teksten til steg ${n}`) });

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
}) satisfies z.ZodType<HomeContent>;

const homePage: PageDefinition = {
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
    SEO_GROUP,
  ],
};

// ─── The five service pages ──────────────────────────────────────────────────

const serviceItem = (n: number) =>
  z.object({ title: pageText("title", `tittelen på tjeneste ${n}`), description: pageText("paragraph", `teksten til tjeneste ${n}`) });
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
  }) as unknown as z.ZodType<ServiceContent>;
}

function serviceGroups(seed: ServiceContent): FieldGroup[] {
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
    SEO_GROUP,
  ];
}

const servicePages: PageDefinition[] = SERVICE_ORDER.map((slug) => {
  const service = services.find((s) => s.slug === slug)!;
  const seed = serviceSeeds[slug];
  return {
    key: slug,
    label: `Tjeneste: ${service.name}`,
    path: service.path,
    schema: serviceSchema(seed),
    seed,
    upgrades: {},
    groups: serviceGroups(seed),
  };
});

// ─── The registry ────────────────────────────────────────────────────────────

/** In the order of the back office's list. */
export const PAGES: PageDefinition[] = [homePage, ...servicePages];

export function isPageKey(key: string): key is PageKey {
  return (PAGE_KEYS as readonly string[]).includes(key);
}

export function pageDefinition(key: PageKey): PageDefinition {
  return PAGES.find((page) => page.key === key)!;
}

/** The editor's form: the document and the draft revision it was opened at. */
export function draftFormSchema(definition: PageDefinition) {
  return z.object({
    revision: z.coerce.number({ error: "Mangler revisjon." }).int().min(0),
    // The form does not send the document's version: it is always the current one.
    content: z.preprocess(
      (value) => ({ ...(value as object), schemaVersion: definition.seed.schemaVersion }),
      definition.schema,
    ),
  });
}
