import { z } from "zod";
import { seoShape } from "../seo/seo-fields";
import { confirmSchema } from "~/lib/platform/confirm-forms";
import { services } from "~/content/services";
import { isSlug } from "../platform/slug";

/**
 * The back office's showcase forms (/admin/work), shared by the browser (Conform) and the
 * server: fields, lengths and messages are stated once, here. Browser-safe: no `.server`
 * imports. The two files (video, poster) are checked by the server while they stream in
 * (showcase-upload.server.ts); their messages are here so both sides say the same.
 */
export const SERVICE_SLUGS = services.map((service) => service.slug) as [string, ...string[]];
export const SERVICE_NAMES: Record<string, string> = Object.fromEntries(services.map((s) => [s.slug, s.name]));

export const TITLE_MAX = 120;
export const CLIENT_MAX = 120;
export const RESULT_MAX = 160;
export const SUMMARY_MAX = 600;
export const BODY_MAX = 6000;
export const ALT_MAX = 250;
export const ITEMS_PER_PAGE = 25;

// Conform's parser turns an empty field into undefined before the schema sees it.
const required = (max: number, label: string) =>
  z
    .string({ error: `Skriv ${label}.` })
    .trim()
    .min(1, `Skriv ${label}.`)
    .max(max, `Høyst ${max} tegn.`);
const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Høyst ${max} tegn.`)
    .optional()
    .transform((value) => value ?? "");
const checkbox = z
  .boolean()
  .optional()
  .transform((value) => value ?? false);

/** Title, texts, services and flags: everything but the two files. */
export const portfolioItemSchema = z.object({
  title: required(TITLE_MAX, "en tittel"),
  /** Empty: made from the title. */
  slug: optional(100)
    .transform((value) => value.toLowerCase())
    .refine((value) => value === "" || isSlug(value), "Bare små bokstaver a–z, tall og bindestrek."),
  client: required(CLIENT_MAX, "kunden eller bransjen"),
  services: z
    .array(z.enum(SERVICE_SLUGS, { error: "Ukjent tjeneste." }), { error: "Velg minst én tjeneste." })
    .min(1, "Velg minst én tjeneste."),
  result: required(RESULT_MAX, "resultatet på én linje"),
  summary: required(SUMMARY_MAX, "et sammendrag"),
  challenge: optional(BODY_MAX),
  approach: optional(BODY_MAX),
  outcome: optional(BODY_MAX),
  posterAlt: required(ALT_MAX, "en alternativ tekst for plakatbildet"),
  featured: checkbox,
  published: checkbox,
  /** Search-engine fields (docs/decisions/056): empty ones are the case study's own. */
  ...seoShape,
});
export type PortfolioItemInput = z.output<typeof portfolioItemSchema>;

/** Deleting must be confirmed by ticking a box, on top of the browser's dialog. */
export const portfolioDeleteSchema = confirmSchema("delete", "Kryss av for å bekrefte slettingen.");

export const FILE_MESSAGES = {
  videoRequired: "Velg en video (MP4).",
  videoNotMp4: "Videoen må være en MP4-fil.",
  webmNotWebm: "WebM-videoen må være en WebM-fil.",
  videoTooLarge: (mb: number) =>
    `Videoen er for stor: høyst ${mb.toLocaleString("nb-NO", { maximumFractionDigits: 2 })} MB.`,
  posterRequired: "Velg et plakatbilde.",
  posterNotImage: "Plakatbildet må være JPEG, PNG, WebP eller GIF.",
  posterTooLarge: "Plakatbildet er for stort: høyst 5 MB.",
} as const;

export const STATUS_LABELS = { published: "Publisert", draft: "Utkast" } as const;
