/** Formatting shared by the blog pages (browser and server alike). */

/** A post's body becomes one paragraph per line break (empty lines dropped); rendered as text, never HTML. */
export function paragraphs(content: string) {
  return content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

const longDate = new Intl.DateTimeFormat("nb-NO", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Oslo",
});
const shortDate = new Intl.DateTimeFormat("nb-NO", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "Europe/Oslo",
});

/** Norwegian long form, e.g. "21. november 2026" (the blog). */
export const formatLongDate = (value: string | Date) => longDate.format(new Date(value));
/** Norwegian short form, e.g. "21.11.2026" (the manage table). */
export const formatShortDate = (value: string | Date) => shortDate.format(new Date(value));
