import { z } from "zod";
import { pageSeoSchema } from "../seo/seo-fields";
import { type AboutContent, aboutSeed } from "~/content/about";
import { type HomeContent, homeSeed } from "~/content/home";
import {
  type CareersIntroContent,
  careersIntroSeed,
  type GdprIntroContent,
  gdprIntroSeed,
  type WorkIntroContent,
  workIntroSeed,
} from "~/content/intros";
import { type LegalContent, privacySeed, termsSeed } from "~/content/legal";
import { type ServiceContent, type ServiceSlug, serviceSeeds, services } from "~/content/services";
import { siteConfig } from "~/content/site";
import {
  type EditorSpec,
  type FieldGroup,
  type FieldKind,
  type FieldSpec,
  type ListSpec,
  listOf,
  pageText,
} from "./page-fields";

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

export type PageDocument =
  | HomeContent
  | ServiceContent
  | AboutContent
  | WorkIntroContent
  | CareersIntroContent
  | GdprIntroContent
  | LegalContent;

/** The document of one page, by its key. */
export type PageContentOf<K extends PageKey> = K extends "home"
  ? HomeContent
  : K extends ServiceSlug
    ? ServiceContent
    : K extends "about"
      ? AboutContent
      : K extends "work"
        ? WorkIntroContent
        : K extends "careers"
          ? CareersIntroContent
          : K extends "gdpr-checklist"
            ? GdprIntroContent
            : LegalContent;

/** The locales a page can be stored in; only English is published now. */
export const LOCALES = ["en"] as const;
export type Locale = (typeof LOCALES)[number];

const SERVICE_ORDER: ServiceSlug[] = ["design", "development", "custom-ai", "ai-automations", "production"];
export const PAGE_KEYS = [
  "home",
  ...SERVICE_ORDER,
  "about",
  "work",
  "careers",
  "gdpr-checklist",
  "terms",
  "privacy",
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

const field = (name: string, label: string, kind: FieldKind, hint?: string): FieldSpec => ({ name, label, kind, hint });
/** The search-engine panel, last on every page; `title` is the page's own title in search results. */
const seoGroup = (title: string): FieldGroup => ({
  id: "seo",
  label: "Søkemotorer og deling",
  fields: [{ type: "seo", name: "seo", label: "Søkemotorer", title }],
});

// ─── Home ────────────────────────────────────────────────────────────────────

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
    seoGroup(siteConfig.brand),
  ],
};

// ─── The five service pages ──────────────────────────────────────────────────

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
    groups: serviceGroups(seed, service.name),
  };
});

// ─── About: sections with their team cards, lists that grow, shrink and reorder ─

const list = (
  name: string,
  label: string,
  itemLabel: string,
  rules: { min: number; max: number },
  fields: EditorSpec[],
  newItem: unknown,
  hint?: string,
): ListSpec => ({ type: "list", name, label, itemLabel, ...rules, fields, newItem, hint });

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

const aboutSchema = z.object({
  schemaVersion: z.literal(1),
  headline: pageText("statement", "overskriften"),
  intro: pageText("paragraph", "ingressen"),
  sections: listOf(
    z.object({
      title: pageText("title", "overskriften på seksjonen"),
      paragraph: pageText("paragraph", "teksten i seksjonen"),
      team: z.object({
        name: pageText("title", "navnet på teamet"),
        description: pageText("paragraph", "teksten på teamkortet"),
        people: listOf(picture, { ...TEAM_SIZE, what: "personer på et teamkort" }),
      }),
    }),
    { ...ABOUT_SECTIONS, what: "seksjoner" },
  ),
  closing: z.object({
    heading: pageText("title", "overskriften nederst"),
    text: pageText("paragraph", "teksten nederst"),
  }),
  metaDescription: pageText("meta", "beskrivelsen"),
  seo: pageSeoSchema,
}) as unknown as z.ZodType<AboutContent>;

const aboutPage: PageDefinition = {
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
    {
      id: "sections",
      label: "Fagområder og teamkort",
      hint: "Hver seksjon er et fagområde med teamkortet ved siden av. Det første kortet står åpent.",
      fields: [
        list(
          "sections",
          "Seksjoner",
          "Seksjon",
          ABOUT_SECTIONS,
          [
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
          { title: "", paragraph: "", team: { name: "", description: "", people: [{ name: "", role: "" }] } },
        ),
      ],
    },
    {
      id: "closing",
      label: "Oppfordring nederst",
      fields: [field("closing.heading", "Overskrift", "title"), field("closing.text", "Tekst", "paragraph")],
    },
    seoGroup("About"),
  ],
};

// ─── The introductions of /work, /careers and /gdpr-checklist ────────────────

const workPage: PageDefinition = {
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

const careersPage: PageDefinition = {
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

const gdprPage: PageDefinition = {
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

// ─── The terms and the privacy policy: edited documents ──────────────────────

const LEGAL_SECTIONS = { min: 1, max: 40 };
const PARAGRAPHS = { min: 1, max: 12 };
const BULLETS = { min: 0, max: 20 };
const PLACEHOLDER_HINT =
  "Studioets opplysninger settes inn der teksten sier {name}, {legalName}, {email}, {organisationNumber}, {venueCourt} eller {address}; endre dem under Innstillinger → Studio.";

const legalSchema = z.object({
  schemaVersion: z.literal(1),
  title: pageText("title", "tittelen"),
  intro: pageText("paragraph", "ingressen"),
  sections: listOf(
    z.object({
      heading: pageText("title", "overskriften på seksjonen"),
      paragraphs: listOf(pageText("body", "avsnittet"), { ...PARAGRAPHS, what: "avsnitt i en seksjon" }),
      // A section without bullets sends none: an empty list.
      list: z.preprocess(
        (value) => value ?? [],
        listOf(pageText("bullet", "punktet"), { ...BULLETS, what: "punkter" }),
      ),
    }),
    { ...LEGAL_SECTIONS, what: "seksjoner" },
  ),
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
      {
        id: "sections",
        label: "Seksjoner",
        hint: "Innholdsfortegnelsen lages av overskriftene, i denne rekkefølgen.",
        fields: [
          list(
            "sections",
            "Seksjoner",
            "Seksjon",
            LEGAL_SECTIONS,
            [
              field("heading", "Overskrift", "title"),
              list("paragraphs", "Avsnitt", "Avsnitt", PARAGRAPHS, [field("", "Tekst", "body")], ""),
              list("list", "Punktliste (valgfri)", "Punkt", BULLETS, [field("", "Tekst", "bullet")], ""),
            ],
            { heading: "", paragraphs: [""], list: [] },
          ),
        ],
      },
      seoGroup(seed.title),
    ],
  };
}

// ─── The registry ────────────────────────────────────────────────────────────

/** In the order of the back office's list. */
export const PAGES: PageDefinition[] = [
  homePage,
  ...servicePages,
  aboutPage,
  workPage,
  careersPage,
  gdprPage,
  legalDefinition("terms", "Vilkår (terms)", termsSeed),
  legalDefinition("privacy", "Personvernerklæring", privacySeed),
];

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
