import { describe, expect, it } from "vitest";
import { SPEC_STRINGS_WITH_STRAIGHT_QUOTES } from "~/lib/platform/spec-strings";
import { showcaseCaseFacts } from "~/content/case-facts";
import { jobSeeds } from "~/content/jobs";
import { showcaseCaseStudies, showcaseSeed } from "~/content/showcase";
import { PAGES } from "~/lib/pages/page-registry";
import { typeset, typesetDocument, typesetPieces } from "~/lib/platform/typography";
import { typesetKept } from "~/lib/platform/typeset-kept.server";

// What staff type with straight quotes, as visitors see it on a public page (#32, decision 073).
describe("typeset", () => {
  it("turns apostrophes inside and after words into ’", () => {
    expect(typeset("We've built what we're proud of; it's the studio's work.")).toBe(
      "We’ve built what we’re proud of; it’s the studio’s work.",
    );
    expect(typeset("The students' projects")).toBe("The students’ projects");
    expect(typeset("Rock in the '90s and '80s")).toBe("Rock in the ’90s and ’80s");
  });

  it("opens and closes double and single quotes by what comes before them", () => {
    expect(typeset('She said "make it for us" and left.')).toBe("She said “make it for us” and left.");
    expect(typeset('"Made for you."')).toBe("“Made for you.”");
    expect(typeset("A 'private' model")).toBe("A ‘private’ model");
    expect(typeset(`"'Hi,' she said."`)).toBe("“‘Hi,’ she said.”");
    expect(typeset('(the "we")')).toBe("(the “we”)");
    expect(typeset('It ended—"for now"')).toBe("It ended—“for now”");
  });

  it("makes a hyphen between spaces an en dash, three an em dash, and leaves every other hyphen", () => {
    expect(typeset("Design - and animation")).toBe("Design – and animation");
    expect(typeset("Design -- and animation")).toBe("Design – and animation");
    expect(typeset("Design --- and animation")).toBe("Design — and animation");
    expect(typeset("well-made, from 0-1, on 2026-11-27, at -5 °C")).toBe("well-made, from 0-1, on 2026-11-27, at -5 °C");
  });

  it("leaves the spec's strings exactly as written, alone or inside a longer text", () => {
    for (const spec of SPEC_STRINGS_WITH_STRAIGHT_QUOTES) {
      expect(typeset(spec)).toBe(spec);
      expect(typeset(`"${spec}" - it's ours`)).toBe(`“${spec}” – it’s ours`);
    }
  });

  it("leaves code spans, HTML tags, web and mail addresses alone", () => {
    expect(typeset("Run `echo 'hi' - x` then it's done")).toBe("Run `echo 'hi' - x` then it’s done");
    expect(typeset("See https://example.com/it's-here - it's there")).toBe("See https://example.com/it's-here – it’s there");
    expect(typeset("Mail o'brien@example.com, it's fine")).toBe("Mail o'brien@example.com, it’s fine");
    expect(typeset("mailto:hei@fjordform.no")).toBe("mailto:hei@fjordform.no");
    // A post shows raw HTML as the text it is: the tag's attributes keep their quotes.
    expect(typeset(`<img src=x onerror="run()"> & "this"`)).toBe(`<img src=x onerror="run()"> & “this”`);
    expect(typeset(`a < b and "c" > d`)).toBe(`a < b and “c” > d`);
  });

  it("returns text without quotes or hyphens as it is", () => {
    const text = "Made for you.";
    expect(typeset(text)).toBe(text);
    expect(typeset("")).toBe("");
  });

  it("uses the character before a piece, so a quote after emphasis closes", () => {
    // "*word*" split into the pieces '"', 'word', '"' by the emphasis.
    expect(typesetPieces(['He said "', "now", '" and went'])).toEqual(["He said “", "now", "” and went"]);
    expect(typeset("'s", "x")).toBe("’s");
    expect(typeset('"', "")).toBe("“");
  });
});

describe("typesetDocument", () => {
  it("typesets every string of a page document and keeps its shape, numbers and booleans", () => {
    const document = {
      schemaVersion: 1,
      hero: { heading: "Let's Build", intro: "We're here - say \"hi\"." },
      items: [{ title: "It's", on: true }],
      link: "https://example.com/it's",
    };
    expect(typesetDocument(document)).toEqual({
      schemaVersion: 1,
      hero: { heading: "Let's Build", intro: "We’re here – say “hi”." },
      items: [{ title: "It’s", on: true }],
      link: "https://example.com/it's",
    });
  });
});

// The seeds are what a fresh install shows: typeset, they keep every spec string they hold
// character for character; and they are typographic already, so an editor opens them so.
describe("the pages' seeds, typeset", () => {
  const strings = (value: unknown): string[] =>
    typeof value === "string"
      ? [value]
      : Array.isArray(value)
        ? value.flatMap(strings)
        : value && typeof value === "object"
          ? Object.values(value).flatMap(strings)
          : [];

  it.each(PAGES.map((page) => [page.key, page] as const))("%s", (_key, page) => {
    const before = strings(page.seed);
    const after = strings(typesetDocument(page.seed));
    expect(after).toHaveLength(before.length);
    for (const [index, text] of before.entries()) {
      if ((SPEC_STRINGS_WITH_STRAIGHT_QUOTES as readonly string[]).includes(text)) expect(after[index]).toBe(text);
    }
  });

  it("are written with typographic quotes themselves, the spec's strings aside (the editor opens them as they are)", () => {
    const seeds = [...PAGES.map((page) => page.seed), showcaseSeed, showcaseCaseStudies, showcaseCaseFacts, jobSeeds];
    const rest = seeds
      .flatMap(strings)
      .map((text) => SPEC_STRINGS_WITH_STRAIGHT_QUOTES.reduce((left, spec) => left.replaceAll(spec, ""), text));
    expect(rest.filter((text) => /['"]|\s-{1,3}\s/.test(text))).toEqual([]);
  });

  it("hold the spec strings the pages show (so the checks above check something)", () => {
    const all = PAGES.flatMap((page) => strings(page.seed));
    for (const spec of ["Let's Build", "Let's Shoot", "We'd love to hear your ideas!"]) expect(all).toContain(spec);
  });
});

describe("typesetKept", () => {
  it("typesets a kept value once: the same words as typesetDocument, the same result for the same value", () => {
    const kept = { title: 'A "quoted" title', items: [{ text: "It's -- done" }] };
    const first = typesetKept(kept);
    expect(first).toEqual(typesetDocument(kept));
    expect(typesetKept(kept)).toBe(first);
    // Another value with the same words (content read again after a change) is typeset anew.
    expect(typesetKept({ ...kept })).not.toBe(first);
  });
});
