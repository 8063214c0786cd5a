import fontsCss from "~/styles/fonts.css?inline";
import tokensCss from "~/styles/tokens.css?inline";
import baseCss from "~/styles/base.css?inline";
import frameCss from "~/styles/frame.css?inline";
import pageBasicsCss from "~/styles/site/page-basics.css?inline";
import homeHeroCss from "~/styles/site/home-hero.css?inline";
import whatWeDoCss from "~/styles/site/what-we-do.css?inline";
import statementCss from "~/styles/site/statement-and-process.css?inline";
import workGridsCss from "~/styles/site/work-grids.css?inline";
import callToActionCss from "~/styles/site/call-to-action.css?inline";
import servicePagesCss from "~/styles/site/service-pages.css?inline";
import aboutCss from "~/styles/site/about.css?inline";
import legalCss from "~/styles/site/legal.css?inline";
import noticesCss from "~/styles/site/notices.css?inline";
import contactWizardCss from "~/styles/site/contact-wizard.css?inline";
import gdprChecklistCss from "~/styles/site/gdpr-checklist.css?inline";
import careersCss from "~/styles/site/careers.css?inline";
import blogCss from "~/styles/site/blog.css?inline";
import showcaseCss from "~/styles/site/showcase.css?inline";
import sessionCss from "~/styles/session.css?inline";

/**
 * Each static page inlines only the rules of the public stylesheet its elements can match
 * (decision 084). The stylesheet was ~75 % of a page's compressed bytes, and every page
 * carried the blog's, the wizards', the careers' and the legal pages' rules: /, /design and
 * /about came just over the first 14.6 KB a new connection can send in its first round trip.
 *
 * The parts, in the order of app/styles/app.css (a unit test keeps the two in step, so the
 * cascade is the one the whole stylesheet has). `always`: the fonts, tokens, elements,
 * buttons and the header and footer every page has, sent whole. Of every other part (a file
 * of app/styles/site, and the sign-in pages' session.css) a page gets the rules whose
 * classes its elements carry, and those that need no class. That no page loses a style is
 * checked element by element against the whole stylesheet (tests/e2e/page-css.spec.ts).
 */
const PARTS = [
  { file: "fonts.css", css: fontsCss, always: true },
  { file: "tokens.css", css: tokensCss, always: true },
  { file: "base.css", css: baseCss, always: true },
  { file: "frame.css", css: frameCss, always: true },
  { file: "site/page-basics.css", css: pageBasicsCss },
  { file: "site/home-hero.css", css: homeHeroCss },
  { file: "site/what-we-do.css", css: whatWeDoCss },
  { file: "site/statement-and-process.css", css: statementCss },
  { file: "site/work-grids.css", css: workGridsCss },
  { file: "site/call-to-action.css", css: callToActionCss },
  { file: "site/service-pages.css", css: servicePagesCss },
  { file: "site/about.css", css: aboutCss },
  { file: "site/legal.css", css: legalCss },
  { file: "site/notices.css", css: noticesCss },
  { file: "site/contact-wizard.css", css: contactWizardCss },
  { file: "site/gdpr-checklist.css", css: gdprChecklistCss },
  { file: "site/careers.css", css: careersCss },
  { file: "site/blog.css", css: blogCss },
  { file: "site/showcase.css", css: showcaseCss },
  { file: "session.css", css: sessionCss },
].map((part) => ({ ...part, always: part.always ?? false }));

/** The files in the order they are joined, for the unit test. */
export const PAGE_CSS_FILES = PARTS.map((part) => part.file);

/** The whole public stylesheet: framework pages (they stream, and navigate in the browser) get it all, apart from the wizards (decision 086). */
export const WHOLE_CSS = PARTS.map((part) => part.css).join("");

/** What a static page's <style> holds while it renders; replaced by its parts once the document is whole. */
export const PAGE_CSS_MARK = "/*page-css*/";

/**
 * A stylesheet as its top-level blocks: a style rule (with any rules nested in it) needs
 * the classes its selectors name outside parentheses (`:not(.x)`, `:is(.a, .b)` ask for
 * nothing certain, so their classes are not counted); a rule with several selectors needs
 * those of any one; `@media` and `@supports` hold blocks of their own; everything else
 * (`@font-face`, `@keyframes`, a selector without a class) is always sent.
 */
type Block = { text: string; needs: string[][] | null } | { open: string; blocks: Block[] };

/** The end of the block that opens at `from` (a `{`), or of the statement (a `;`). */
function blockEnd(css: string, from: number) {
  let depth = 0;
  for (let i = from; i < css.length; i++) {
    const ch = css[i];
    if (ch === '"' || ch === "'") i = css.indexOf(ch, i + 1);
    else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) return i + 1;
  }
  return css.length;
}

function parseBlocks(css: string): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < css.length) {
    const open = css.indexOf("{", i);
    const semicolon = css.indexOf(";", i);
    if (open < 0) break;
    const prelude = css.slice(i, open).trim();
    if (semicolon >= 0 && semicolon < open && prelude.startsWith("@")) {
      blocks.push({ text: css.slice(i, semicolon + 1), needs: null }); // @import, @charset, @layer a;
      i = semicolon + 1;
      continue;
    }
    const end = blockEnd(css, open);
    if (/^@(media|supports)\b/.test(prelude)) blocks.push({ open: css.slice(i, open + 1), blocks: parseBlocks(css.slice(open + 1, end - 1)) });
    else blocks.push({ text: css.slice(i, end), needs: prelude.startsWith("@") ? null : selectorNeeds(prelude) });
    i = end;
  }
  return blocks;
}

/** For each selector of a list, the classes it needs outside parentheses; null: one needs none. */
function selectorNeeds(list: string): string[][] | null {
  const selectors: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of list) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === "," && depth === 0) {
      selectors.push(current);
      current = "";
    } else current += depth === 0 && ch !== ")" ? ch : " ";
  }
  selectors.push(current);
  const needs = selectors.map((selector) => [...selector.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((match) => match[1]!));
  return needs.some((classes) => classes.length === 0) ? null : needs;
}

function keptText(blocks: Block[], classes: Set<string>): string {
  let text = "";
  for (const block of blocks) {
    if ("open" in block) {
      const inner = keptText(block.blocks, classes);
      if (inner) text += `${block.open}${inner}}`;
    } else if (!block.needs || block.needs.some((needed) => needed.every((name) => classes.has(name)))) {
      text += block.text;
    }
  }
  return text;
}

/** The rules of `css` that elements with these classes can match (and those that need none). */
export function rulesFor(css: string, classes: Set<string>) {
  return keptText(parseBlocks(css), classes);
}

// Parsed once; the parts sent whole are not parsed at all.
const PARSED = PARTS.map((part) => ({ ...part, blocks: part.always ? [] : parseBlocks(part.css) }));

// A page's classes come from the code and from what staff write (a post's parts): a few
// dozen sets in all, bounded all the same. Kept as UTF-8 bytes: each document is written
// into one buffer around them (documentWithPageCss).
const madeFor = new Map<string, Buffer>();
// The same stylesheets, found by a document's class attributes as they come (see stylesheetFor).
const byAttributes = new Map<string, Buffer>();
const MADE_FOR_LIMIT = 100; // at most ~3 MB of stylesheets, and ~1 MB of attributes

const SPACE = /\s/;

/**
 * Calls `each` with the bounds of every `class` and `data-page-css` attribute's value, in
 * order: what /\s(?:class|data-page-css)="([^"]*)"/g finds, without an array and a string
 * per match (a page has hundreds), found between the `="` of its attributes.
 */
function forEachClassAttribute(html: string, each: (start: number, end: number) => void) {
  for (let at = html.indexOf('="'); at >= 0; ) {
    const name = html.startsWith("class", at - 5) ? at - 5 : html.startsWith("data-page-css", at - 13) ? at - 13 : -1;
    if (name > 0 && SPACE.test(html[name - 1]!)) {
      const end = html.indexOf('"', at + 2);
      if (end < 0) return;
      each(at + 2, end);
      at = html.indexOf('="', end + 1);
    } else at = html.indexOf('="', at + 2);
  }
}

/**
 * The class names a document's elements carry, and those its scripts may bring in: markup
 * that a script replaces with the server's answer (a job's application form and its
 * answers, app/enhance/application.ts) lists the classes of the answers in
 * `data-page-css`, so the page's stylesheet has their rules before they arrive.
 */
export function classesIn(html: string) {
  const classes = new Set<string>();
  forEachClassAttribute(html, (start, end) => {
    for (const name of html.slice(start, end).split(/\s+/)) if (name) classes.add(name);
  });
  return classes;
}

/**
 * The stylesheet for one rendered document: the parts always sent, and of the others the rules
 * its elements can match. `sentWhole` names parts a page gets all of: a wizard draws its later
 * steps in the browser, from its own files (decision 086).
 */
function stylesheetFor(html: string, sentWhole: readonly string[]) {
  // A page renders the same class attributes each time: found by their text, in order (each
  // closed by `"`, which no value holds), a render costs one scan, not a set of its class
  // names sorted, which took twice as long.
  let attributes = `${sentWhole.join(" ")}|`;
  forEachClassAttribute(html, (start, end) => (attributes += html.slice(start, end + 1)));
  let sheet = byAttributes.get(attributes);
  if (sheet === undefined) {
    const classes = classesIn(html);
    // Pages with the same classes get the same stylesheet: made once per set of classes.
    const key = `${[...classes].sort().join(" ")}|${sentWhole.join(" ")}`;
    sheet = madeFor.get(key);
    if (sheet === undefined) {
      const css = PARSED.map((part) =>
        part.always || sentWhole.includes(part.file) ? part.css : keptText(part.blocks, classes),
      ).join("");
      sheet = Buffer.from(css, "utf8");
      if (madeFor.size >= MADE_FOR_LIMIT) madeFor.clear();
      madeFor.set(key, sheet);
    }
    if (byAttributes.size >= MADE_FOR_LIMIT) byAttributes.clear();
    byAttributes.set(attributes, sheet);
  }
  return sheet;
}

/**
 * A page's document, as the UTF-8 bytes a Response takes, with its stylesheet in place of
 * the mark (the mark is in the head, once). Written into one buffer: the document's two
 * halves encoded where they go and the stylesheet's bytes copied, not a string of the whole
 * made and then encoded (a third of the time, on a 40 KB document).
 */
export function documentWithPageCss(html: string, sentWhole: readonly string[] = []): Uint8Array<ArrayBuffer> {
  const at = html.indexOf(PAGE_CSS_MARK);
  if (at < 0) return bytes(Buffer.from(html, "utf8"));
  const css = stylesheetFor(html, sentWhole);
  const head = html.slice(0, at);
  const tail = html.slice(at + PAGE_CSS_MARK.length);
  const headLength = Buffer.byteLength(head, "utf8");
  const document = Buffer.allocUnsafe(headLength + css.length + Buffer.byteLength(tail, "utf8"));
  document.write(head, 0, "utf8");
  css.copy(document, headLength);
  document.write(tail, headLength + css.length, "utf8");
  return bytes(document);
}

/** What a Response takes: a Node Buffer's view of its memory. */
function bytes(buffer: Buffer) {
  return new Uint8Array(buffer.buffer as ArrayBuffer, buffer.byteOffset, buffer.length);
}
