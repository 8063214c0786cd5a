import { type Options, render } from "@react-email/render";
import type { ReactElement } from "react";

/**
 * Both parts of an e-mail from one React element: the HTML part, and the plain-text
 * part that `render` derives from the same markup (html-to-text). Parts of the markup
 * that only make sense as HTML (the brand header, the preview line, score bars) carry
 * `data-skip-in-text`; a `<pre>` (the visitor's own text) comes out verbatim; links
 * come out as "label URL".
 */
const plainText: Options = {
  plainText: true,
  htmlToTextOptions: {
    selectors: [
      // Headings as written, not in capitals (html-to-text's default).
      ...["h1", "h2", "h3"].map((selector) => ({
        selector,
        options: { uppercase: false, leadingLineBreaks: 2, trailingLineBreaks: 2 },
      })),
      // A link written in a post's text (decision 050): "text (url)", the address once when it is the text.
      { selector: "a.post-link", format: "anchor", options: { linkBrackets: ["(", ")"], hideLinkHrefIfSameAsText: true } },
    ],
  },
};

export type RenderedEmail = { html: string; text: string };

export async function renderEmail(element: ReactElement): Promise<RenderedEmail> {
  const [html, text] = await Promise.all([render(element), render(element, plainText)]);
  return { html, text: `${text.trim()}\n` };
}
