import { z } from "zod";
import { multiLine, singleLine } from "../platform/text-fields";

/**
 * The kinds of text a page is made of, and what the layout can take of each
 * (docs/decisions/044). Browser-safe: the editor checks with the same rules the server
 * does. The phone limits were measured at 375 px in Chromium: the service hero's headline
 * is 28.8 px in a 309 px column (16ch), where a word of 14 wide letters ("mmmm…") already
 * runs out of it and is cut off, while ordinary words of 14 ("Automatisering") fit; 48
 * characters make three lines, the most the hero shows with its intro and button still
 * on a phone's first screen.
 */
export const FIELD_LIMITS = {
  /** A hero headline: short, and no word too long to wrap on a phone. */
  headline: { max: 48, wordMax: 14, lines: "single" },
  /** The home hero's statement, which follows the studio's name in the headline. */
  statement: { max: 90, wordMax: 14, lines: "single" },
  /** A button's label or a small line above a heading. */
  label: { max: 32, wordMax: 20, lines: "single" },
  /** A card's or a list line's title. */
  title: { max: 48, wordMax: 20, lines: "single" },
  /** A line in a short list ("What you get"). */
  line: { max: 60, wordMax: 24, lines: "single" },
  /** A paragraph. */
  paragraph: { max: 320, wordMax: 30, lines: "multi" },
  /** A paragraph of a long-form document (the terms, the privacy policy). */
  body: { max: 1200, wordMax: 30, lines: "multi" },
  /** A bullet of a long-form document's list. */
  bullet: { max: 400, wordMax: 30, lines: "single" },
  /** The description search engines show (Google cuts it at about 160). */
  meta: { max: 160, wordMax: 30, lines: "single" },
} as const;

export type FieldKind = keyof typeof FIELD_LIMITS;

/** One text of a page in the editor: `name` is its path in the document, Conform-style ("items[0].title"). */
export type FieldSpec = { name: string; label: string; kind: FieldKind; hint?: string };

/**
 * A list the page lets grow, shrink and reorder (about's sections and team members, the
 * legal sections and their paragraphs): `name` is its path, `fields` each item's fields
 * with names relative to the item ("" for a list of plain texts), `newItem` what "Legg
 * til" adds.
 */
export type ListSpec = {
  type: "list";
  name: string;
  label: string;
  /** What one item is called ("Seksjon", "Person"): the item's legend is this and its number. */
  itemLabel: string;
  min: number;
  max: number;
  fields: EditorSpec[];
  newItem: unknown;
  hint?: string;
};

/** A picture picked from the media library, with the alt text it needs (`name` and `altName`). */
export type PictureSpec = { type: "picture"; name: string; altName: string; label: string; hint?: string };

/**
 * The search-engine panel (docs/decisions/056): the page's description (`metaDescription`,
 * required) and its optional `seo` (title, share image, hidden from search engines), with
 * the search result's preview. `title` is what an empty search title falls back to.
 */
export type SeoSpec = { type: "seo"; name: "seo"; label: string; title: string };

/** What the editor shows for one part of a document. */
export type EditorSpec = FieldSpec | ListSpec | PictureSpec | SeoSpec;

/** The fields as the page groups them: hero, sections, cards, call to action. */
export type FieldGroup = { id: string; label: string; hint?: string; fields: EditorSpec[] };

/** A path inside a list item: "sections[2]" + "title" → "sections[2].title"; "" is the item itself. */
export const itemPath = (item: string, name: string) => (name ? `${item}.${name}` : item);

/**
 * Every text of a group as one row each, lists unrolled for as many items as the longest
 * of `documents` has ("Seksjon 2: Overskrift"): the history's field-by-field comparison.
 */
export function comparableFields(
  specs: EditorSpec[],
  documents: unknown[],
  prefix = "",
  labelPrefix = "",
): { name: string; label: string }[] {
  const at = (name: string) => (prefix ? itemPath(prefix, name) : name);
  return specs.flatMap((spec) => {
    const name = at(spec.name);
    if (!("type" in spec)) return [{ name, label: labelPrefix + spec.label }];
    if (spec.type === "picture") {
      return [
        { name, label: `${labelPrefix}${spec.label}` },
        { name: at(spec.altName), label: `${labelPrefix}${spec.label}: alt-tekst` },
      ];
    }
    if (spec.type === "seo") {
      return [
        { name: at("metaDescription"), label: "Søkemotorer: beskrivelse" },
        { name: at("seo.title"), label: "Søkemotorer: tittel i søkeresultat" },
        { name: at("seo.shareImage"), label: "Søkemotorer: delingsbilde" },
        { name: at("seo.noindex"), label: "Søkemotorer: skjult for søkemotorer" },
      ];
    }
    const lengths = documents.map((document) => {
      const list = valueAt(document, name);
      return Array.isArray(list) ? list.length : 0;
    });
    return Array.from({ length: Math.max(0, ...lengths) }, (_, index) =>
      comparableFields(spec.fields, documents, `${name}[${index}]`, `${labelPrefix}${spec.itemLabel} ${index + 1}: `),
    ).flat();
  });
}

/** A list's length rules, in Norwegian. */
export function listOf<T extends z.ZodType>(item: T, rules: { min: number; max: number; what: string }) {
  return z
    .array(item)
    .min(rules.min, `Legg til minst ${rules.min} ${rules.what}.`)
    .max(rules.max, `Høyst ${rules.max} ${rules.what}.`);
}

/** The longest word of a text (what a phone cannot break). */
export function longestWord(text: string) {
  return text.split(/\s+/).reduce((longest, word) => (word.length > longest.length ? word : longest), "");
}

/** One text of a page: required, within its kind's lengths, in Norwegian. */
export function pageText(kind: FieldKind, label: string) {
  const limit = FIELD_LIMITS[kind];
  const phone = kind === "headline" || kind === "statement";
  return z
    .string({ error: `Skriv ${label}.` })
    .trim()
    .min(1, `Skriv ${label}.`)
    .max(
      limit.max,
      phone ? `Overskriften er for lang for en mobilskjerm: høyst ${limit.max} tegn.` : `Høyst ${limit.max} tegn.`,
    )
    .regex(limit.lines === "multi" ? multiLine : singleLine, "Teksten har tegn som ikke er tillatt.")
    .superRefine((value, context) => {
      const word = longestWord(value);
      if (word.length > limit.wordMax) {
        context.addIssue({
          code: "custom",
          message: `Ordet «${word}» er for langt til å brytes på en mobilskjerm (høyst ${limit.wordMax} tegn i ett ord).`,
        });
      }
    });
}

/** A value at a Conform-style path ("items[0].title") in a document. */
export function valueAt(document: unknown, name: string): unknown {
  return name
    .replace(/\[(\d+)\]/g, ".$1")
    .split(".")
    .reduce<unknown>((value, key) => (value == null ? undefined : (value as Record<string, unknown>)[key]), document);
}

/** Whether any of `specs` (lists included) picks from the media library: a picture, or the share image. */
export function hasPictures(specs: EditorSpec[]): boolean {
  return specs.some(
    (spec) =>
      "type" in spec &&
      (spec.type === "picture" || spec.type === "seo" || (spec.type === "list" && hasPictures(spec.fields))),
  );
}
