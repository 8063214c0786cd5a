import { z } from "zod";
import { singleLine } from "../platform/text-fields";

/**
 * Search-engine fields (#26, docs/decisions/056): what a page, post, job or case study says
 * in a search result and a shared link, and whether search engines may list it at all.
 * Every field may be left empty: the thing's own title, excerpt and image are used then,
 * so a fresh install's tags are exactly those it had before the fields existed.
 * Browser-safe: the staff forms (Conform) and the server parse with the same schema.
 */

/** What search engines show before cutting the text (a guide: the counter turns amber past it). */
export const SEO_TITLE_RECOMMENDED = 60;
export const SEO_DESCRIPTION_RECOMMENDED = 160;
/** What a save accepts at most. */
export const SEO_TITLE_MAX = 70;
export const SEO_DESCRIPTION_MAX = 200;
const SHARE_IMAGE_MAX = 2000;

export const SEO_TITLE_TOO_LONG = `Tittelen i søkeresultatet kan være på høyst ${SEO_TITLE_MAX} tegn`;
export const SEO_DESCRIPTION_TOO_LONG = `Beskrivelsen kan være på høyst ${SEO_DESCRIPTION_MAX} tegn`;
export const SHARE_IMAGE_NOT_UPLOAD = "Delingsbildet må være et bilde fra mediebiblioteket (/uploads/…)";

/** The four fields as they are saved: empty text means "use the default". */
export type SeoValue = {
  seo_title: string;
  seo_description: string;
  share_image: string;
  noindex: boolean;
};

export const EMPTY_SEO: SeoValue = { seo_title: "", seo_description: "", share_image: "", noindex: false };

const oneLine = (max: number, tooLong: string) =>
  z.string().trim().max(max, tooLong).regex(singleLine, "Feltet inneholder tegn som ikke er tillatt");

/** An upload of the media library, or nothing (other hosts: the CSP, and a third party told of every share). */
const shareImage = z
  .string()
  .trim()
  .max(SHARE_IMAGE_MAX)
  .refine((value) => value === "" || /^\/uploads\/[\w.-]+$/.test(value), SHARE_IMAGE_NOT_UPLOAD);

/**
 * The fields for a zod object, each optional: the JSON API may leave them out (a save then
 * keeps what is there), and a form's empty box arrives as undefined (Conform) and is read
 * as "" by `seoFromForm`.
 */
export const seoShape = {
  seo_title: oneLine(SEO_TITLE_MAX, SEO_TITLE_TOO_LONG).optional(),
  seo_description: oneLine(SEO_DESCRIPTION_MAX, SEO_DESCRIPTION_TOO_LONG).optional(),
  share_image: shareImage.optional(),
  noindex: z.boolean().optional(),
};

export const seoSchema = z.object(seoShape);
export type SeoInput = z.output<typeof seoSchema>;

/** A form's post: every field present, an empty box or an unticked box meaning "the default". */
export function seoFromForm(value: SeoInput): SeoValue {
  return {
    seo_title: value.seo_title ?? "",
    seo_description: value.seo_description ?? "",
    share_image: value.share_image ?? "",
    noindex: value.noindex ?? false,
  };
}

/** What the page's tags say: the staff's words where given, the thing's own otherwise. */
export type ResolvedSeo = { title: string; description: string; image?: string; noindex: boolean };

export function resolveSeo(
  seo: Partial<SeoValue> | undefined,
  defaults: { title: string; description: string; image?: string },
): ResolvedSeo {
  return {
    title: seo?.seo_title?.trim() || defaults.title,
    description: seo?.seo_description?.trim() || defaults.description,
    image: seo?.share_image?.trim() || defaults.image || undefined,
    noindex: seo?.noindex ?? false,
  };
}

/** "42 / 60": the counter's words, and whether the text is past what search results show. */
export function seoCount(text: string, recommended: number) {
  const length = text.trim().length;
  return { length, over: length > recommended, text: `${length} / ${recommended}` };
}

/**
 * A page document's `seo` (app/content/page-seo.ts): the same rules, in the document's
 * names. What is left empty is left out, and a page with nothing set stores no `seo` at
 * all, so an untouched page's document stays exactly its seed.
 */
export const pageSeoSchema = z
  .object({
    title: oneLine(SEO_TITLE_MAX, SEO_TITLE_TOO_LONG).optional(),
    shareImage: shareImage.optional(),
    noindex: z.boolean().optional(),
  })
  .optional()
  .transform((seo) => {
    if (!seo) return undefined;
    const kept = {
      ...(seo.title ? { title: seo.title } : {}),
      ...(seo.shareImage ? { shareImage: seo.shareImage } : {}),
      ...(seo.noindex ? { noindex: true } : {}),
    };
    return Object.keys(kept).length > 0 ? kept : undefined;
  });
