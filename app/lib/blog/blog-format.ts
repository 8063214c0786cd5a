/** Formatting shared by the blog pages (browser and server alike). */

/** A post's body becomes one paragraph per line break (empty lines dropped); rendered as text, never HTML. */
export function paragraphs(content: string) {
  return content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
