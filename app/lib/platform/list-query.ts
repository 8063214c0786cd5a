import { z } from "zod";

/**
 * The pieces every paginated staff list shares (browser-safe): the page number and a
 * search text from the query string, the page window, and the filter as a query string.
 */
export const pageParam = z.coerce.number().int().min(1).max(10_000).catch(1).default(1);

/** A search text: trimmed, at most `max` characters; empty or invalid is no search. */
export const searchParam = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined);

/** Which rows a page shows; a page past the end shows the last one. */
export function pageWindow(total: number, requested: number, perPage: number) {
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(requested, pageCount);
  return { page, pageCount, offset: (page - 1) * perPage, limit: perPage };
}

/** "?a=1&b=x" from the values that are set (a page of 1 is left out), or "". */
export function queryString(values: Record<string, string | number | null | undefined>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === "") continue;
    if (name === "page" && Number(value) <= 1) continue;
    params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** An ILIKE pattern for "contains `text`", where % _ and \ match themselves. */
export function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
