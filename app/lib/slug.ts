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
