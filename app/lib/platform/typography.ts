import { SPEC_STRINGS_WITH_STRAIGHT_QUOTES } from "./spec-strings";

/**
 * Typographic quotes, apostrophes and dashes for the words visitors read (issue #32,
 * decision 073): what staff type with a straight ' or " is shown as ’ ‘ “ ”, and a hyphen
 * set between spaces (or two) as an en dash. Applied when public pages render, never
 * to what is stored: the editors, the API and the e-mails keep the text as written.
 *
 * Left exactly as they are: the spec's strings (SPEC_STRINGS_WITH_STRAIGHT_QUOTES, matched
 * character for character by the acceptance walk), `code spans`, HTML tags written as text
 * (`<img alt="x">`), web and mail addresses, and e-mail addresses. Hyphens between digits ("0-1", "2026-11-27") stay: a range, a
 * date and a phone number look the same, and the spec writes "from 0-1".
 */

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Longest first, so a spec string inside a longer one never cuts it short.
const SPEC_PATTERN = [...SPEC_STRINGS_WITH_STRAIGHT_QUOTES]
  .sort((a, b) => b.length - a.length)
  .map(escapeForPattern)
  .join("|");

/** What is kept character for character: spec strings, code spans, addresses. */
const PROTECTED = new RegExp(
  [
    SPEC_PATTERN,
    "`[^`\\n]*`",
    // Markup written as text (a post shows raw HTML as it was typed): its attributes' quotes stay.
    "<[A-Za-z/!][^<>\\n]*>",
    "\\b(?:https?:\\/\\/|mailto:|www\\.)[^\\s<>]*",
    // An address's name may hold an apostrophe (o'brien@…), but not start with a quote.
    "[^\\s@<>()\"'`][^\\s@<>()\"`]*@[^\\s@<>()\"'`]+\\.[^\\s@<>()\"'`]+",
  ].join("|"),
  "g",
);

/** A quote after one of these (or at the start) opens; after anything else it closes. */
const OPENS_AFTER = /[\s([{“‘«—–\-/]/u;
const WORD = /[\p{L}\p{N}]/u;

/**
 * `text` with typographic quotes, apostrophes and dashes. `before` is the character that
 * comes before it on the page (the end of the previous piece of a paragraph split by
 * emphasis or a link), so a quote at the start of a piece opens or closes correctly.
 */
export function typeset(text: string, before = ""): string {
  if (!/['"-]/.test(text)) return text;
  const kept = new Array<boolean>(text.length).fill(false);
  for (const match of text.matchAll(PROTECTED)) {
    for (let i = match.index; i < match.index + match[0].length; i++) kept[i] = true;
  }
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (kept[i] || (char !== "'" && char !== '"' && char !== "-")) {
      out += char;
      continue;
    }
    const previous = out.length > 0 ? out[out.length - 1]! : before;
    const opens = previous === "" || OPENS_AFTER.test(previous);
    if (char === '"') {
      out += opens ? "“" : "”";
    } else if (char === "'") {
      // An apostrophe inside or after a word (we’ve, the studio’s, students’) or for left-out
      // digits (’90s); otherwise a single quote, opening or closing.
      if (WORD.test(previous)) out += "’";
      else if (opens && /^\d\d(?:s)?(?![\p{L}\p{N}])/u.test(text.slice(i + 1))) out += "’";
      else out += opens ? "‘" : "’";
    } else {
      // "a - b" and "a -- b": an en dash between spaces; "a --- b": an em dash. A hyphen
      // anywhere else (well-made, 0-1, -5) is a hyphen.
      const run = /^-+/.exec(text.slice(i))![0].length;
      const spaced = /\s/.test(previous) && /^\s/.test(text.slice(i + run)) && run <= 3;
      const allFree = kept.slice(i, i + run).every((k) => !k);
      if (spaced && allFree) {
        out += run === 3 ? "—" : "–";
      } else {
        out += text.slice(i, i + run);
      }
      i += run - 1;
    }
  }
  return out;
}

/**
 * Pieces of one run of text (a paragraph split into plain, emphasised and linked parts),
 * each typeset with the end of the one before as its context.
 */
export function typesetPieces(pieces: readonly string[], before = ""): string[] {
  let context = before;
  return pieces.map((piece) => {
    const done = typeset(piece, context);
    if (done.length > 0) context = done[done.length - 1]!;
    return done;
  });
}

/**
 * Every string in a document (a page's words as stored: nested objects, arrays, strings)
 * typeset, keys and everything else unchanged. For the page documents, whose fields are all
 * words or addresses (addresses are left alone by `typeset`).
 */
export function typesetDocument<T>(value: T): T {
  if (typeof value === "string") return typeset(value) as T;
  if (Array.isArray(value)) return value.map((item) => typesetDocument(item)) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typesetDocument(item)])) as T;
  }
  return value;
}
