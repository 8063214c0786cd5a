import type { SeoInput } from "./seo-fields";

/**
 * The search-engine fields as a table's columns (docs/decisions/056): the ones given, in
 * Drizzle's names. A field left out (the JSON API's older shape) is left out here too, so
 * an update keeps what the row has.
 */
export function seoColumns(input: SeoInput) {
  const columns: { seoTitle?: string; seoDescription?: string; shareImage?: string; noindex?: boolean } = {};
  if (input.seo_title !== undefined) columns.seoTitle = input.seo_title;
  if (input.seo_description !== undefined) columns.seoDescription = input.seo_description;
  if (input.share_image !== undefined) columns.shareImage = input.share_image;
  if (input.noindex !== undefined) columns.noindex = input.noindex;
  return columns;
}

/** A row's columns as the forms and the pages read them. */
export function seoOfRow(row: { seoTitle: string; seoDescription: string; shareImage: string; noindex: boolean }) {
  return { seo_title: row.seoTitle, seo_description: row.seoDescription, share_image: row.shareImage, noindex: row.noindex };
}
