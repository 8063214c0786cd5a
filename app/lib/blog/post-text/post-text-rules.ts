/**
 * The text format's rules that need no parser (decision 050): limits, messages, which
 * link addresses are allowed, reading time, and the save check of the shared schema.
 * Kept apart from the parser (post-text.ts) so that no page's JavaScript carries
 * micromark: the editor's browser-side check and the public post need only these.
 */

/** Limits: beyond them a text is refused at save, and an older stored one is shown as plain lines. */
export const LINE_MAX = 10_000;
export const NESTING_MAX = 3;
/** Reading speed for "4 min read". */
export const WORDS_PER_MINUTE = 220;

const shorten = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}…` : text);

export const LINE_TOO_LONG = `Innholdet har en linje på over ${String(LINE_MAX).replace(/\B(?=(\d{3})+$)/g, " ")} tegn. Del den opp i flere avsnitt.`;
export const NESTED_TOO_DEEP = `Lister og sitater kan ligge inni hverandre i høyst ${NESTING_MAX} nivåer.`;
export const unsafeLink = (url: string) =>
  `Lenken «${shorten(url)}» er ikke tillatt. Bruk en adresse som begynner med https://, http://, mailto: eller /.`;
export const notALibraryImage = (url: string) =>
  `Bildet «${shorten(url)}» må være fra mediebiblioteket (/uploads/…). Bruk «Sett inn bilde».`;
export const imageNotInLibrary = (url: string) =>
  `Bildet «${shorten(url)}» finnes ikke i mediebiblioteket. Velg et bilde med «Sett inn bilde».`;

/** Schemes a link may have; anything else is shown as its text. */
const SAFE_SCHEMES = /^(https?:|mailto:)/i;
/** Schemes refused at save: they run code or smuggle content in. */
export const HOSTILE_SCHEMES = /^(javascript|data|vbscript):/i;
/** A library picture's address: /uploads/<key>-<width>.<ext>. */
const LIBRARY_PICTURE = /^\/uploads\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-\d+\.\w+$/i;

/** A link's address with the characters browsers ignore taken out, to see its real scheme. */
export function schemeOf(href: string) {
  // eslint-disable-next-line no-control-regex
  return href.replace(/[\u0000-\u0020\u007f-\u00a0]+/g, "").toLowerCase();
}

/** http(s) and mailto links, and paths on this site ("/work/…", not "//host"). */
export function allowedHref(href: string) {
  if (SAFE_SCHEMES.test(schemeOf(href))) return true;
  return href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\");
}

export const isExternalHref = (href: string) => /^https?:/i.test(href.trim());

/**
 * What the parser never sees: lines too long, or deeper than the format allows at the start
 * of a line (micromark's cost grows fast with nesting: 50,000 ">" take seconds).
 */
export function precheck(lines: string[]) {
  for (const line of lines) {
    if (line.length > LINE_MAX) return [LINE_TOO_LONG];
    if (prefixDepth(line) > NESTING_MAX || indentation(line) > 4 * NESTING_MAX) return [NESTED_TOO_DEEP];
  }
  return [];
}

/** How many quote and list markers a line starts with ("> - 1. x" is 3). */
function prefixDepth(line: string) {
  let depth = 0;
  let rest = line;
  for (;;) {
    const marker = /^[ \t]*(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/.exec(rest);
    if (!marker || marker[0].length === 0) return depth;
    depth++;
    if (depth > NESTING_MAX) return depth;
    rest = rest.slice(marker[0].length);
  }
}

function indentation(line: string) {
  let columns = 0;
  for (const char of line) {
    if (char === " ") columns++;
    else if (char === "\t") columns += 4;
    else break;
  }
  return columns;
}

/** An address as written after "](" or "<": up to white space, without an unbalanced ")". */
function destination(raw: string) {
  let depth = 0;
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === "(") depth++;
    else if (raw[i] === ")" && --depth < 0) return raw.slice(0, i);
  }
  return raw;
}

const LINKS = /(!?)\[[^\]\n]*\]\(\s*<?([^\s>]*)|<([a-z][a-z0-9+.-]{1,31}:[^\s<>]*)>/gi;

/**
 * The first reason a text would be refused, for the shared schema (browser and server
 * alike), or undefined: a line too long, nesting too deep, a link or picture whose address
 * runs code, a picture not from the library. Whether the picture is *in* the library is
 * the server's check (savePost); the page renders with the parser, which shows anything
 * that slips past here as text.
 */
export function postTextProblem(content: string): string | undefined {
  const lines = content.split(/\r\n|\r|\n/);
  const early = precheck(lines)[0];
  if (early) return early;
  for (const line of lines) {
    const indent = indentation(line);
    if (
      /^[ \t]*(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/.test(line) &&
      prefixDepth(line) + Math.floor(indent / 2) > NESTING_MAX
    )
      return NESTED_TOO_DEEP;
  }
  for (const match of content.matchAll(LINKS)) {
    const [, bang, written, autolink] = match;
    const url = autolink ?? destination(written ?? "");
    if (HOSTILE_SCHEMES.test(schemeOf(url))) return unsafeLink(url);
    if (bang && !LIBRARY_PICTURE.test(url)) return notALibraryImage(url);
  }
  return undefined;
}

/** Minutes to read so many words, at least 1. */
export const readingMinutes = (words: number) => Math.max(1, Math.round(words / WORDS_PER_MINUTE));

/** The public post's line: "4 min read". */
export const readingTimeText = (words: number) => `${readingMinutes(words)} min read`;
