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
export const DURATION_MAX = 60;
export const STACK_MAX = 12;
export const CREDITS_MAX = 12;
export const FIGURES_MAX = 4;
export const GALLERY_SLOTS = 6;
const LINE_MAX = 120;

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

const lines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * "Left | right" lines as pairs (key figures, credits): one a line, so the form is a plain
 * textarea that works without JavaScript (decision 063). The first "|" splits.
 */
const pairLines = <K extends string>(keys: [K, K], max: number, what: string) =>
  optional(4000).transform((value, ctx) => {
    const pairs = lines(value).map((line) => {
      const at = line.indexOf("|");
      const [left, right] = at < 0 ? [line, ""] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
      if (!left || !right) ctx.addIssue({ code: "custom", message: `Skriv «${line}» som «tekst | tekst».` });
      if (left.length > LINE_MAX || right.length > LINE_MAX) ctx.addIssue({ code: "custom", message: `Høyst ${LINE_MAX} tegn per del.` });
      return { [keys[0]]: left, [keys[1]]: right } as Record<K, string>;
    });
    if (pairs.length > max) ctx.addIssue({ code: "custom", message: `Høyst ${max} ${what}.` });
    return pairs;
  });

/** One gallery slot: an image chosen from the library (empty: none) and its alt text here. */
const gallerySlot = z
  .object({ src: optional(500), alt: optional(ALT_MAX) })
  .optional()
  .transform((slot) => slot ?? { src: "", alt: "" });

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
  /** The case study's facts (decision 063). */
  year: z
    .number({ error: "Skriv et årstall, for eksempel 2025." })
    .int("Skriv et årstall, for eksempel 2025.")
    .min(1990, "Skriv et årstall fra 1990.")
    .max(2100, "Skriv et årstall før 2100.")
    .optional()
    .transform((value) => value ?? null),
  duration: optional(DURATION_MAX),
  /** Comma-separated in the form, a list in the database. */
  stack: optional(600).transform((value, ctx) => {
    const parts = value.split(",").map((part) => part.trim()).filter(Boolean);
    if (parts.length > STACK_MAX) ctx.addIssue({ code: "custom", message: `Høyst ${STACK_MAX} teknologier.` });
    if (parts.some((part) => part.length > 40)) ctx.addIssue({ code: "custom", message: "Høyst 40 tegn per teknologi." });
    return parts;
  }),
  credits: pairLines(["role", "name"], CREDITS_MAX, "linjer med kreditering"),
  figures: pairLines(["value", "label"], FIGURES_MAX, "nøkkeltall"),
  /** Empty slots are dropped; an image without alt text here takes the library's (server). */
  gallery: z
    .array(gallerySlot)
    .max(GALLERY_SLOTS, `Høyst ${GALLERY_SLOTS} bilder.`)
    .optional()
    .transform((slots) => (slots ?? []).filter((slot) => slot.src !== "")),
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

export const GALLERY_MESSAGES = {
  noAlt: "Skriv en alternativ tekst: bildet har ingen i mediebiblioteket.",
  unknown: "Bildet finnes ikke lenger i mediebiblioteket. Velg et annet.",
} as const;

export const STATUS_LABELS = { published: "Publisert", draft: "Utkast" } as const;
