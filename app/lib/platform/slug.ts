/**
 * A URL slug from a title: lowercase, hyphenated, ASCII only ("Æble & Ørret" →
 * "aeble-orret"). Shared by job listings and blog posts, in the browser and on the server.
 */
export function slugify(text: string) {
  return text
    .toLowerCase()
    .replace(/æ/g, "ae")
    .replace(/ø/g, "o")
    .replace(/å/g, "a")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100)
    .replace(/-+$/g, "");
}

/**
 * Whether `value` could be a slug made by slugify (lowercase ASCII letters, digits and
 * single hyphens). Anything else in a /blog/… or /careers/… path is a 404 without a
 * query: no lookup ever sees a NUL or a megabyte.
 */
export function isSlug(value: string) {
  return value.length <= 200 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
}
