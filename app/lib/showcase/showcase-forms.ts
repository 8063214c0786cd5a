import { z } from "zod";
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

const text = (max: number, label: string, required = false) => {
  const base = z.string({ error: `Skriv ${label}.` }).trim();
  const limited = (required ? base.min(1, `Skriv ${label}.`) : base).max(max, `Høyst ${max} tegn.`);
  return required ? limited : z.preprocess((value) => value ?? "", limited);
};

/** Title, texts, services and flags: everything but the two files. */
export const portfolioItemSchema = z.object({
  title: text(TITLE_MAX, "en tittel", true),
  /** Empty: made from the title. */
  slug: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : ""),
    z
      .string()
      .max(100, "Høyst 100 tegn.")
      .refine((value) => value === "" || isSlug(value), "Bare små bokstaver a–z, tall og bindestrek."),
  ),
  client: text(CLIENT_MAX, "kunden eller bransjen", true),
  services: z
    .array(z.enum(SERVICE_SLUGS, { error: "Ukjent tjeneste." }), { error: "Velg minst én tjeneste." })
    .min(1, "Velg minst én tjeneste."),
  result: text(RESULT_MAX, "resultatet på én linje", true),
  summary: text(SUMMARY_MAX, "et sammendrag", true),
  challenge: text(BODY_MAX, "utfordringen"),
  approach: text(BODY_MAX, "fremgangsmåten"),
  outcome: text(BODY_MAX, "resultatet"),
  posterAlt: text(ALT_MAX, "en alternativ tekst for plakatbildet", true),
  featured: z.preprocess((value) => value === "on", z.boolean()),
  published: z.preprocess((value) => value === "on", z.boolean()),
});
export type PortfolioItemInput = z.output<typeof portfolioItemSchema>;

/** Deleting must be confirmed by ticking a box, on top of the browser's dialog. */
export const portfolioDeleteSchema = z.object({
  intent: z.literal("delete"),
  confirm: z.literal("on", { error: "Kryss av for å bekrefte slettingen." }),
});

export const FILE_MESSAGES = {
  videoRequired: "Velg en video (MP4).",
  videoNotMp4: "Videoen må være en MP4-fil.",
  webmNotWebm: "WebM-videoen må være en WebM-fil.",
  videoTooLarge: (mb: number) => `Videoen er for stor: høyst ${mb} MB.`,
  posterRequired: "Velg et plakatbilde.",
  posterNotImage: "Plakatbildet må være JPEG, PNG, WebP eller GIF.",
  posterTooLarge: "Plakatbildet er for stort: høyst 5 MB.",
} as const;

export const STATUS_LABELS = { published: "Publisert", draft: "Utkast" } as const;
