import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { schema } from "~/lib/platform/db.server";
import { call, productionServerForThisFile } from "./helpers";
import { decodeEntities, injectedMarkup, tokenize, withStraightQuotes } from "./markup";
import { cookieWith, signedInStaff } from "./staff-fixtures";

// The blog's text format (decision 050) against hostile text: links that run code, raw
// HTML, pictures from elsewhere or not in the library, a 100,000-character line and lists
// nested deep. Through the JSON API and the editor's form each is refused with a
// Norwegian message (the API's { error } shape unchanged), or, where it is allowed as
// text (raw HTML), shown as text. A stored text that skipped the checks (an older row)
// is rendered inert on the page and in the feed.

const server = productionServerForThisFile();
const state = { cookie: "", picture: "" };
const POST = { title: "Formatet", excerpt: "Kort", author: "Kari" };

beforeAll(async () => {
  const db = await server.db();
  state.cookie = await cookieWith((await signedInStaff(db, "format@fjordform.test")).token);
  const image = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#225544" } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "p.jpg");
  form.append("alt", "Et bilde fra biblioteket");
  const uploaded = await call(server.url, "/api/upload-image", {
    origin: server.url,
    cookie: state.cookie,
    body: form,
  });
  expect(uploaded.status, uploaded.body).toBe(201);
  state.picture = JSON.parse(uploaded.body).data.url;
});

const HOSTILE: [string, string, RegExp][] = [
  ["a javascript: link", "Les [her](javascript:alert(1)).", /^Lenken «javascript:alert\(1\)» er ikke tillatt/],
  ["a javascript: link in other case", "[her](JaVaScRiPt:alert(1))", /^Lenken «JaVaScRiPt:alert\(1\)» er ikke tillatt/],
  ["a javascript: autolink", "<javascript:alert(1)>", /^Lenken «javascript:alert\(1\)» er ikke tillatt/],
  [
    "a data: link",
    "[her](data:text/html;base64,PHNjcmlwdD4=)",
    /^Lenken «data:text\/html;base64,PHNjcmlwdD4=» er ikke tillatt/,
  ],
  ["a vbscript: link", "[her](vbscript:msgbox(1))", /^Lenken «vbscript:msgbox\(1\)» er ikke tillatt/],
  [
    "a picture from another host",
    "![x](https://evil.example/x.jpg)",
    /^Bildet «https:\/\/evil\.example\/x\.jpg» må være fra mediebiblioteket/,
  ],
  ["a data: picture", "![x](data:image/png;base64,AAAA)", /^Lenken «data:image\/png;base64,AAAA» er ikke tillatt/],
  ["a 100,000-character line", "a".repeat(100_000), /^Innholdet har en linje på over 10 000 tegn/],
  [
    "lists nested four deep",
    "- 1\n  - 2\n    - 3\n      - 4",
    /^Lister og sitater kan ligge inni hverandre i høyst 3 nivåer/,
  ],
  ["quotes nested five thousand deep", `${">".repeat(5000)} x`, /^Lister og sitater kan ligge inni hverandre/],
];

describe("hostile text in a post is refused at save", () => {
  it.each(HOSTILE)("through the JSON API: %s", async (_name, content, message) => {
    const reply = await call(server.url, "/api/blog", {
      origin: server.url,
      cookie: state.cookie,
      json: { ...POST, content },
    });
    expect(reply.status, reply.body).toBe(400);
    expect(JSON.parse(reply.body).error).toMatch(message);
  });

  it("through the JSON API: a picture that is not in the media library", async () => {
    const missing = `/uploads/${randomUUID()}-1600.jpg`;
    const reply = await call(server.url, "/api/blog", {
      origin: server.url,
      cookie: state.cookie,
      json: { ...POST, content: `![x](${missing})` },
    });
    expect(reply.status, reply.body).toBe(400);
    expect(JSON.parse(reply.body).error).toBe(
      `Bildet «${missing}» finnes ikke i mediebiblioteket. Velg et bilde med «Sett inn bilde».`,
    );
    const fine = await call(server.url, "/api/blog", {
      origin: server.url,
      cookie: state.cookie,
      json: { ...POST, content: `![x](${state.picture})` },
    });
    expect(fine.status, fine.body).toBe(201);
  });

  it.each(HOSTILE.slice(0, 1).concat(HOSTILE.slice(5)))(
    "through the editor's form: %s",
    async (_name, content, message) => {
      const reply = await call(server.url, "/blog/cms", {
        origin: server.url,
        cookie: state.cookie,
        form: { ...POST, content, intent: "publish" },
      });
      expect(reply.status).toBe(400);
      expect(decodeEntities(tokenize(reply.body).text)).toMatch(new RegExp(message.source.slice(1)));
    },
  );
});

describe("a text that skipped the checks (an older row) is shown inert", () => {
  it("on the page and in the feed: no link that runs code, no tag from the text, no picture from elsewhere", async () => {
    const db = await server.db();
    const slug = `inert-${Date.now()}`;
    const content = [
      "[click](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) [vb](vbscript:msgbox(1))",
      '<script>alert("x")</script>',
      '<img src=x onerror="alert(1)">',
      "![elsewhere](https://evil.example/x.jpg)",
      `![gone](/uploads/${randomUUID()}-1600.jpg)`,
      "- 1\n  - 2\n    - 3\n      - 4",
    ].join("\n");
    await db.insert(schema.blogPosts).values({ ...POST, slug, content, published: true });
    const page = await call(server.url, `/blog/${slug}`);
    expect(page.status).toBe(200);
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
    const markup = tokenize(page.body);
    expect(injectedMarkup(markup, nonce)).toEqual([]);
    const hrefs = markup.tags.filter((tag) => tag.name === "a").map((tag) => tag.attributes.get("href") ?? "");
    expect(hrefs.filter((href) => /^(javascript|data|vbscript):/i.test(href.trim()))).toEqual([]);
    const images = markup.tags.filter((tag) => tag.name === "img").map((tag) => tag.attributes.get("src") ?? "");
    expect(images.filter((src) => src.includes("evil.example") || src.includes("/uploads/"))).toEqual([]);
    expect(withStraightQuotes(markup.text)).toContain('<script>alert("x")</script>');
    expect(withStraightQuotes(markup.text)).toContain('<img src=x onerror="alert(1)">');
    // Nested no deeper than three lists.
    expect(page.body).not.toMatch(/<ul>(?:(?!<\/ul>).)*<ul>(?:(?!<\/ul>).)*<ul>(?:(?!<\/ul>).)*<ul>/s);

    const rss = await call(server.url, "/blog/rss.xml");
    const feed = tokenize(rss.body, { xml: true });
    const item =
      /<item>(?:(?!<\/item>).)*<link>[^<]*\/blog\/inert-[^<]*<\/link>(?:(?!<\/item>).)*<\/item>/s.exec(rss.body)?.[0] ??
      "";
    const encoded = /<content:encoded>(.*?)<\/content:encoded>/s.exec(item)?.[1] ?? "";
    expect(encoded).not.toBe("");
    expect(feed.tags.some((tag) => tag.name === "script" || tag.name === "img")).toBe(false);
    // The item's HTML, once unescaped, is the page's text: tags only from the renderer, none with code.
    const body = tokenize(decodeEntities(encoded));
    expect(body.tags.map((tag) => tag.name).filter((name) => !["div", "p", "ul", "li", "a"].includes(name))).toEqual(
      [],
    );
    expect(body.tags.filter((tag) => tag.name === "a").length).toBe(0);
    expect(withStraightQuotes(body.text)).toContain('<script>alert("x")</script>');
  });

  it("a 100,000-character line stored as it is: one plain paragraph", async () => {
    const db = await server.db();
    const slug = `long-line-${Date.now()}`;
    const line = "*a [b](".repeat(14_000);
    await db
      .insert(schema.blogPosts)
      .values({ ...POST, slug, content: `${line}\n## not a heading here`, published: true });
    const started = Date.now();
    const page = await call(server.url, `/blog/${slug}`);
    expect(page.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(30_000);
    const markup = tokenize(page.body);
    expect(markup.text).toContain(line);
    // Too long to parse: the whole text is plain lines, as before the format.
    expect(markup.text).toContain("## not a heading here");
  });
});

describe("one post using every part of the format, everywhere it is shown", () => {
  const RICH = () =>
    [
      "An opening paragraph with *emphasis* and **strong** words.",
      "A second line is a second paragraph.",
      "## A sub-heading",
      "### A smaller one",
      "- first point",
      "- second point",
      "  - a nested point",
      "1. step one",
      "2. step two",
      "> A quote from the client.",
      "Links: [our work](/work), [the client](https://example.com/case) and [mail us](mailto:post@fjordform.no).",
      `![](${state.picture} "The harbour at dawn")`,
      "<b>raw HTML stays text</b>",
    ].join("\n");

  it("the page, the feed, the newsletter HTML and its plain text", async () => {
    const own = { origin: server.url, cookie: state.cookie };
    const created = await call(server.url, "/api/blog", {
      ...own,
      json: { ...POST, title: `Everything ${Date.now()}`, content: RICH() },
    });
    expect(created.status, created.body).toBe(201);
    const { id, slug } = JSON.parse(created.body).data as { id: string; slug: string };
    const key = state.picture.replace(/-\d+\.jpg$/, "");

    // GET /api/blog keeps the text as written.
    const api = JSON.parse((await call(server.url, "/api/blog")).body) as { data: { id: string; content: string }[] };
    expect(api.data.find((post) => post.id === id)?.content).toBe(RICH());

    const expectedBody = (site: string) =>
      [
        "<p>An opening paragraph with <em>emphasis</em> and <strong>strong</strong> words.</p>",
        "<p>A second line is a second paragraph.</p>",
        "<h2>A sub-heading</h2><h3>A smaller one</h3>",
        "<ul><li>first point</li><li>second point<ul><li>a nested point</li></ul></li></ul>",
        "<ol><li>step one</li><li>step two</li></ol>",
        "<blockquote><p>A quote from the client.</p></blockquote>",
        `<p>Links: <a href="${site}/work">our work</a>, <a href="https://example.com/case" rel="noopener">the client</a> and <a href="mailto:post@fjordform.no">mail us</a>.</p>`,
        `<figure class="post-figure"><img src="${site}${key}-800.jpg" srcSet="${site}${key}-480.jpg 480w, ${site}${key}-800.jpg 800w" sizes="(max-width: 48rem) 100vw, 44rem" alt="Et bilde fra biblioteket" width="800" height="500" loading="lazy" decoding="async"/><figcaption>The harbour at dawn</figcaption></figure>`,
        "<p>&lt;b&gt;raw HTML stays text&lt;/b&gt;</p>",
      ].join("");

    const page = await call(server.url, `/blog/${slug}`);
    expect(page.status).toBe(200);
    const body = /<div class="post-body">(.*?)<\/div>/s.exec(page.body)?.[1];
    expect(body?.replace(/<!-- -->/g, "").replace(/srcset=/g, "srcSet=")).toBe(expectedBody(""));
    expect(page.body).toMatch(/<span class="post-reading">1 min read<\/span>/);

    const rss = (await call(server.url, "/blog/rss.xml")).body;
    const item = rss.split("<item>").find((part) => part.includes(`/blog/${slug}</link>`)) ?? "";
    const encoded = decodeEntities(/<content:encoded>(.*?)<\/content:encoded>/s.exec(item)?.[1] ?? "");
    const siteUrl = /<link>(.*?)\/blog<\/link>/.exec(rss)?.[1] ?? "";
    expect(encoded.replace(/srcset=/g, "srcSet=")).toBe(`<div class="post-body">${expectedBody(siteUrl)}</div>`);

    const fromPost = await call(server.url, "/admin/newsletter/from-post", { ...own, form: { postId: id } });
    expect(fromPost.status).toBe(303);
    const issuePath = fromPost.headers.get("location")!;
    const preview = await call(server.url, `${issuePath}/preview.html`, { cookie: state.cookie });
    expect([issuePath, preview.status, preview.body.slice(0, 300)]).toEqual([
      expect.stringMatching(/^\/admin\/newsletter\/[0-9a-f-]{36}$/),
      200,
      expect.any(String),
    ]);
    const html = preview.body;
    const mail = tokenize(html);
    const names = mail.tags.map((tag) => tag.name);
    for (const name of ["h2", "h3", "ul", "ol", "li", "blockquote", "em", "strong"])
      expect(names, name).toContain(name);
    const hrefs = mail.tags.filter((tag) => tag.name === "a").map((tag) => tag.attributes.get("href"));
    expect(hrefs).toEqual(
      expect.arrayContaining([`${siteUrl}/work`, "https://example.com/case", "mailto:post@fjordform.no"]),
    );
    expect(
      mail.tags.some((tag) => tag.name === "img" && tag.attributes.get("src") === `${siteUrl}${key}-800.jpg`),
    ).toBe(true);
    expect(mail.text).toContain("The harbour at dawn");
    expect(mail.text).toContain("<b>raw HTML stays text</b>");

    const { getIssue } = await import("~/lib/newsletter/issues.server");
    const { renderIssuePreview } = await import("~/lib/newsletter/sending.server");
    const db = await server.db();
    const issue = (await getIssue(db, issuePath.split("/").at(-1)!))!;
    const { text } = await renderIssuePreview(db, issue, { siteUrl });
    for (const line of [
      "An opening paragraph with emphasis and strong words.",
      "A sub-heading",
      "A smaller one",
      " * first point",
      " * second point",
      "   * a nested point",
      " 1. step one",
      "> A quote from the client.",
      `Links: our work (${siteUrl}/work), the client (https://example.com/case) and mail us (post@fjordform.no).`,
      "The harbour at dawn",
      "<b>raw HTML stays text</b>",
    ])
      expect(text, line).toContain(line);
  });
});

describe("the editor's live preview (POST /admin/posts)", () => {
  it("answers staff only, from this site only, and renders with the page's rules", async () => {
    const form = { content: "## Hi\n[x](javascript:alert(1))" };
    const visitor = await call(server.url, "/admin/posts", { origin: server.url, form });
    expect(visitor.status).toBeGreaterThanOrEqual(300);
    expect(visitor.headers.get("content-type") ?? "").not.toContain("application/json");
    const foreign = await call(server.url, "/admin/posts", {
      origin: "https://evil.example",
      cookie: state.cookie,
      form,
    });
    expect(foreign.status).toBe(403);
    const staff = await call(server.url, "/admin/posts", { origin: server.url, cookie: state.cookie, form });
    expect(staff.status, staff.body).toBe(200);
    const preview = JSON.parse(staff.body) as { blocks: unknown[]; problems: string[]; words: number; minutes: number };
    expect(preview.blocks).toEqual([
      { type: "heading", level: 2, children: [{ type: "text", value: "Hi" }] },
      { type: "paragraph", children: [{ type: "text", value: "x" }] },
    ]);
    expect(preview.problems[0]).toMatch(/^Lenken «javascript:alert\(1\)» er ikke tillatt/);
    expect([preview.words, preview.minutes]).toEqual([2, 1]);
  });
});
