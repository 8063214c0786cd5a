import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { PostBody } from "~/components/post-body";
import { paragraphs } from "~/lib/blog/blog-format";
import { postInputSchema } from "~/lib/blog/blog-forms";
import { typeset } from "~/lib/platform/typography";
import {
  LINE_TOO_LONG,
  NESTED_TOO_DEEP,
  parsePostText,
  plainBlocks,
  postTextProblem,
  readingTimeText,
  type PostPictures,
} from "~/lib/blog/post-text/post-text";

const IMG = "/uploads/0f0e0d0c-0b0a-4090-8070-605040302010-1600.jpg";
const pictures: PostPictures = {
  [IMG]: { src: IMG, width: 1600, height: 1067, alt: "Kajakker på en strand" },
};
const html = (content: string, pics: PostPictures = pictures) =>
  renderToStaticMarkup(createElement(PostBody, { blocks: parsePostText(content).blocks, pictures: pics }));
// The old renderer's paragraphs, with the typographic quotes every post is now shown with (decision 073).
const oldHtml = (content: string) =>
  `<div class="post-body">${paragraphs(content)
    .map(
      (line) =>
        `<p>${typeset(line).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;")}</p>`,
    )
    .join("")}</div>`;

describe("the blog's text format", () => {
  it("renders a post written as before exactly as before: one paragraph per line, trimmed, empty lines dropped", () => {
    const posts = [
      "Line one.\nLine two.\nLine three.",
      "  First, indented.  \r\n\r\n\n   Second after blank lines\n\tThird with a tab\n        Fourth with eight spaces",
      "Prices: 100 kr & 200 kr; 50% off (today only)!\nA question? Yes: 'quotes' and \"double quotes\".",
      '<script>window.__pwned = true</script>\n<img src=x onerror="window.__pwned=true"> & <em>emphasis</em>',
      "AT&amp;T stays as written.\nEmail us at post@fjordform.no or visit fjordform.no.\n---\n===\nA line with # in the middle",
      "Ærlig talt: æ, ø, å og «sitater» – tankestrek.",
    ];
    for (const post of posts) expect(html(post)).toBe(oldHtml(post));
    for (const post of posts) expect(parsePostText(post).problems).toEqual([]);
  });

  it("shows what was typed with straight quotes with typographic ones, across emphasis and links, addresses untouched", () => {
    expect(html(`She said "*now*" - it's [the client's site](https://example.com/it's).`)).toBe(
      '<div class="post-body"><p>She said “<em>now</em>” – it’s <a href="https://example.com/it&#x27;s" rel="noopener">the client’s site</a>.</p></div>',
    );
    expect(html("> 'Quoted'\n- \"Listed\"")).toBe(
      '<div class="post-body"><blockquote><p>‘Quoted’</p></blockquote><ul><li>“Listed”</li></ul></div>',
    );
    // The stored text and what the editor and API give back stay as written.
    expect(parsePostText("it's").blocks).toEqual([{ type: "paragraph", children: [{ type: "text", value: "it's" }] }]);
  });

  it("has sub-headings (## and ###), lists, quotes, emphasis and strong", () => {
    expect(html("## What we did\n### The details\n# One hash is a sub-heading too")).toBe(
      '<div class="post-body"><h2>What we did</h2><h3>The details</h3><h2>One hash is a sub-heading too</h2></div>',
    );
    expect(html("- one\n- two\n  - nested\n\n1. first\n2. second")).toBe(
      '<div class="post-body"><ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul><ol><li>first</li><li>second</li></ol></div>',
    );
    expect(html("Intro\n3. third\n4. fourth\nAfter the list")).toBe(
      '<div class="post-body"><p>Intro</p><ol start="3"><li>third</li><li>fourth</li></ol><p>After the list</p></div>',
    );
    expect(html("> Quoted line one\n> Quoted line two\nNot quoted")).toBe(
      '<div class="post-body"><blockquote><p>Quoted line one</p><p>Quoted line two</p></blockquote><p>Not quoted</p></div>',
    );
    // Each line stands alone: emphasis does not reach over a line break.
    expect(html("Some *emphasis* and **strong** and *a\nsplit*")).toBe(
      '<div class="post-body"><p>Some <em>emphasis</em> and <strong>strong</strong> and *a</p><p>split*</p></div>',
    );
  });

  it("links http, https, mailto and this site's paths; external ones get rel=noopener; others are their text", () => {
    expect(
      html("See [our work](/work/fjord) or [the client](https://example.com/x) or [mail](mailto:post@fjordform.no)."),
    ).toBe(
      '<div class="post-body"><p>See <a href="/work/fjord">our work</a> or <a href="https://example.com/x" rel="noopener">the client</a> or <a href="mailto:post@fjordform.no">mail</a>.</p></div>',
    );
    expect(html("[ftp](ftp://example.com) [tel](tel:123) [proto](//evil.example)")).toBe(
      '<div class="post-body"><p>ftp tel proto</p></div>',
    );
    expect(html("<https://example.com>")).toBe(
      '<div class="post-body"><p><a href="https://example.com" rel="noopener">https://example.com</a></p></div>',
    );
    const links = parsePostText("[a](https://a.example) and [b](/b) and [c](javascript:alert(1))").links;
    expect(links).toEqual([
      { text: "a", href: "https://a.example", allowed: true },
      { text: "b", href: "/b", allowed: true },
      { text: "c", href: "javascript:alert(1)", allowed: false },
    ]);
  });

  it("shows library pictures as figures with srcset, the library's alt text when the text has none, and a caption", () => {
    expect(html(`![](${IMG} "Kajakkene ved Lofoten")`)).toBe(
      `<div class="post-body"><figure class="post-figure"><img src="${IMG}" srcSet="/uploads/0f0e0d0c-0b0a-4090-8070-605040302010-480.jpg 480w, /uploads/0f0e0d0c-0b0a-4090-8070-605040302010-960.jpg 960w, ${IMG} 1600w" sizes="(max-width: 48rem) 100vw, 44rem" alt="Kajakker på en strand" width="1600" height="1067" loading="lazy" decoding="async"/><figcaption>Kajakkene ved Lofoten</figcaption></figure></div>`,
    );
    expect(html(`Before ![Own alt](${IMG}) after`)).toContain('<p>Before</p><figure class="post-figure"><img');
    expect(html(`![Own alt](${IMG})`)).toContain('alt="Own alt"');
    // Not (or no longer) in the library: left out.
    expect(html(`![gone](${IMG})`, {})).toBe('<div class="post-body"></div>');
  });

  it("refuses hostile links, pictures from elsewhere, a very long line and deep nesting, and renders them inert", () => {
    for (const text of [
      "[click](javascript:alert(1))",
      "[click](JaVaScRiPt:alert(1))",
      "[click](<java script:alert(1)>)",
      "[click](data:text/html;base64,PHNjcmlwdD4=)",
      "[click](vbscript:msgbox(1))",
    ]) {
      const href = text;
      const parsed = parsePostText(text);
      expect(parsed.problems[0], href).toMatch(/^Lenken «.*» er ikke tillatt/);
      expect(html(text)).toBe('<div class="post-body"><p>click</p></div>');
    }
    expect(parsePostText("<javascript:alert(1)>").problems[0]).toMatch(/^Lenken/);
    expect(html("<javascript:alert(1)>")).toBe('<div class="post-body"><p>javascript:alert(1)</p></div>');
    expect(parsePostText("![x](https://evil.example/p.jpg)").problems[0]).toMatch(/må være fra mediebiblioteket/);
    expect(html("![x](https://evil.example/p.jpg)")).toBe('<div class="post-body"><p>x</p></div>');

    const long = "a".repeat(100_000);
    expect(parsePostText(long).problems).toEqual([LINE_TOO_LONG]);
    expect(parsePostText(long).blocks).toEqual(plainBlocks(long));

    const deep = "- 1\n  - 2\n    - 3\n      - 4";
    expect(parsePostText(deep).problems).toEqual([NESTED_TOO_DEEP]);
    expect(html(deep)).not.toContain("<ul><li>3<ul>");
    const deeper = `${">".repeat(5_000)} x`;
    const started = Date.now();
    expect(parsePostText(deeper).problems).toEqual([NESTED_TOO_DEEP]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("puts the limits in the shared schema, in Norwegian", () => {
    const post = { title: "T", excerpt: "E", author: "A" };
    const refused = postInputSchema.safeParse({ ...post, content: "[x](javascript:alert(1))" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/^Lenken «javascript:alert\(1\)» er ikke tillatt/);
    expect(postInputSchema.safeParse({ ...post, content: "## Fine\n- yes" }).success).toBe(true);
    // The schema's check needs no parser (no page carries micromark); it agrees with the parser's.
    for (const content of [
      "[x](javascript:alert(1))",
      "<vbscript:msgbox(1)>",
      "![x](data:image/png;base64,AAAA)",
      "![x](https://evil.example/x.jpg)",
      "- 1\n  - 2\n    - 3\n      - 4",
      "a".repeat(10_001),
    ]) {
      expect(postTextProblem(content), content.slice(0, 40)).toBe(parsePostText(content).problems[0]);
    }
    for (const content of ["Plain\nlines", "- 1\n  - 2\n    - 3", `![ok](${IMG} "c")`, "[a](https://x.example/(1))"]) {
      expect(postTextProblem(content), content).toBeUndefined();
      expect(parsePostText(content).problems, content).toEqual([]);
    }
  });

  it("counts words and reading time", () => {
    const text = parsePostText(
      "## Two words\n- three more words\n[link text](https://example.com/a-very-long-address)",
    );
    expect(text.words).toBe(7);
    expect(readingTimeText(text.words)).toBe("1 min read");
    expect(readingTimeText(900)).toBe("4 min read");
  });
});
