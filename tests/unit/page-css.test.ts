import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { classesIn, documentWithPageCss, PAGE_CSS_FILES, PAGE_CSS_MARK, rulesFor } from "~/lib/platform/page-css.server";

// A static page inlines only the stylesheet's rules its elements can match (decision 084).
// What a rule "can match" is decided from its selector's classes alone, so a rule is
// dropped only when the page has no element with one of the classes it needs.

const STYLES = path.resolve("app/styles");

/** app.css's files in the order it imports them, down to the files page-css joins. */
function importOrder(file: string, stopAt: Set<string>): string[] {
  const relative = path.relative(STYLES, file);
  if (stopAt.has(relative)) return [relative];
  const imports = [...fs.readFileSync(file, "utf8").matchAll(/@import\s+"([^"]+)";/g)].map((match) => match[1]!);
  if (imports.length === 0) return [relative];
  return imports.flatMap((imported) => importOrder(path.resolve(path.dirname(file), imported), stopAt));
}

describe("the parts of the public stylesheet", () => {
  it("are joined in app.css's order, all of it, so the cascade is the whole stylesheet's", () => {
    expect(importOrder(path.join(STYLES, "app.css"), new Set(PAGE_CSS_FILES))).toEqual(PAGE_CSS_FILES);
  });
});

describe("the rules a page gets", () => {
  const page = classesIn('<main class="hero  card"><p class="lead">Hi</p><a class="button">Go</a></main>');

  it("keeps a rule whose classes the page has, and drops one it has not", () => {
    expect(rulesFor(".hero{color:red}.footer-only{color:blue}", page)).toBe(".hero{color:red}");
  });

  it("needs every class of a selector, and any one selector of a list", () => {
    expect(rulesFor(".hero .lead{a:b}.hero .missing{c:d}", page)).toBe(".hero .lead{a:b}");
    expect(rulesFor(".missing,.card .lead{a:b}", page)).toBe(".missing,.card .lead{a:b}");
  });

  it("keeps what needs no class: elements, :root, attributes, @font-face and @keyframes", () => {
    const css = ':root{--x:1}h2{a:b}[data-one-open=""] details{c:d}@font-face{font-family:X}@keyframes spin{to{rotate:1turn}}';
    expect(rulesFor(css, new Set())).toBe(css);
  });

  it("does not count classes inside parentheses, which :not() and :is() do not require", () => {
    expect(rulesFor(".card:not(.missing){a:b}", page)).toBe(".card:not(.missing){a:b}");
    expect(rulesFor(":is(.missing,.other) p{a:b}", page)).toBe(":is(.missing,.other) p{a:b}");
    expect(rulesFor(".missing:has(.card){a:b}", page)).toBe("");
  });

  it("keeps a nested rule with its parent, and an @media block only with a rule kept inside", () => {
    expect(rulesFor(".card{a:b;&:hover{c:d}}.missing{e:f;& .card{g:h}}", page)).toBe(".card{a:b;&:hover{c:d}}");
    expect(rulesFor("@media (width>=40em){.hero{a:b}.missing{c:d}}@media print{.missing{e:f}}", page)).toBe(
      "@media (width>=40em){.hero{a:b}}",
    );
  });

  it("reads a page's classes from its class attributes, and those its scripts bring from data-page-css", () => {
    const classes = classesIn('<p class="a b">.c is text</p><div data-class="d"></div><section data-page-css="e  f"></section>');
    expect([...classes].sort()).toEqual(["a", "b", "e", "f"]);
  });

  it("finds the attributes a pattern would: after any white space, not in other names, not without a closing quote", () => {
    const pattern = (html: string) =>
      [...html.matchAll(/\s(?:class|data-page-css)="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/).filter(Boolean));
    for (const html of [
      'class="start"<p\nclass="newline"\tclass="tab" xclass="x" data-class="d" subclass="s">',
      '<a class="one"="two" class="three"><b data-page-css="p q" class="',
      '<i class="">.class="text" class=unquoted</i><u\u00a0class="nbsp">',
    ]) {
      expect([...classesIn(html)]).toEqual([...new Set(pattern(html))]);
    }
  });
});

describe("a page's document", () => {
  // (Under vitest the stylesheet files import as empty text: what a page gets of them is
  // tested above with rulesFor, and in the browser by tests/e2e/page-css.spec.ts.)
  const text = (bytes: Uint8Array) => Buffer.from(bytes).toString("utf8");
  const page = (body: string) => `<html><head><title>Ærlig</title><style>${PAGE_CSS_MARK}</style></head><body>${body}</body></html>`;

  it("gets its stylesheet in place of the mark, the words on either side as they were (UTF-8)", () => {
    const html = page('<p class="lead">Blåbær – “søt”</p>');
    const document = text(documentWithPageCss(html));
    expect(document).not.toContain(PAGE_CSS_MARK);
    expect(document.startsWith("<html><head><title>Ærlig</title><style>")).toBe(true);
    expect(document.endsWith('</style></head><body><p class="lead">Blåbær – “søt”</p></body></html>')).toBe(true);
    // The second time the stylesheet is the one kept for these class attributes.
    expect(text(documentWithPageCss(html))).toBe(document);
  });

  it("is sent as it is when it has no mark", () => {
    expect(text(documentWithPageCss("<p>plain – text</p>"))).toBe("<p>plain – text</p>");
  });
});
