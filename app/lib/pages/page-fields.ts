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
  /** The description search engines show (Google cuts it at about 160). */
  meta: { max: 160, wordMax: 30, lines: "single" },
} as const;

export type FieldKind = keyof typeof FIELD_LIMITS;

/** One text of a page in the editor: `name` is its path in the document, Conform-style ("items[0].title"). */
export type FieldSpec = { name: string; label: string; kind: FieldKind; hint?: string };

/** The fields as the page groups them: hero, sections, cards, call to action. */
export type FieldGroup = { id: string; label: string; hint?: string; fields: FieldSpec[] };

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
      phone
        ? `Overskriften er for lang for en mobilskjerm: høyst ${limit.max} tegn.`
        : `Høyst ${limit.max} tegn.`,
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
