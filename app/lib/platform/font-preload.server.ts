import frauncesCore from "~/styles/fonts/fraunces-latin-core.woff2?url";
import interCore from "~/styles/fonts/inter-latin-core.woff2?url";

/**
 * The two small Latin "core" faces every page's text is set in (app/styles/fonts.css,
 * decision 083), fetched as soon as the HTML's headers arrive instead of after the inlined
 * CSS has been read and the text laid out: the swap from the fallback font comes sooner
 * (less layout shift, an earlier final paint). The same hashed files the stylesheet names.
 * A response header rather than <link> elements, so the browser code of the two wizards
 * (at their JavaScript budget) gains no bytes.
 */
export const FONT_PRELOAD_LINK = [frauncesCore, interCore]
  .map((href) => `<${href}>; rel=preload; as=font; type="font/woff2"; crossorigin`)
  .join(", ");
