import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";

/**
 * The two Latin faces every page's text is set in, fetched as soon as the HTML's headers
 * arrive instead of after the inlined CSS has been read and the text laid out: the swap
 * from the fallback font comes sooner (less layout shift, an earlier final paint). The
 * same hashed files the stylesheet names. A response header rather than <link> elements,
 * so the browser code of the two wizards (at their JavaScript budget) gains no bytes.
 */
export const FONT_PRELOAD_LINK = [frauncesLatin, interLatin]
  .map((href) => `<${href}>; rel=preload; as=font; type="font/woff2"; crossorigin`)
  .join(", ");
