/** Formatting shared by the blog pages (browser and server alike). */

/** A post's body becomes one paragraph per line break (empty lines dropped); rendered as text, never HTML. */
export function paragraphs(content: string) {
  return content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

// The blog's dates moved to the one date module; kept here for the pages that still import them from the blog.
export { formatLongDate, formatShortDate } from "../platform/dates";
