import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "~/lib/platform/db.server";
import { type SmtpPeer, startSmtpPeer } from "../support/smtp-peer";
import { call, type Reply, productionServerForThisFile } from "./helpers";
import { injectedMarkup, type Markup, tokenize, withStraightQuotes } from "./markup";
import { cookieWith, signedInStaff } from "./staff-fixtures";

// Issue 12, a class that held: stored XSS. A blog post and a job listing whose every
// field holds markup meant to break out of text, attributes, <title>, <textarea>,
// <script> (JSON-LD and React Router's data) and CDATA are written through the staff
// API and forms, then read back from every place they appear: public pages, their meta
// tags and JSON-LD, RSS, the sitemap, the staff pages and editors, and the e-mails a
// contact request with the same markup sends. Everywhere the markup is text: no tag, no
// event handler, no javascript: link, no script without the response's CSP nonce.

let peer: SmtpPeer;
const server = productionServerForThisFile(async () => {
  peer = await startSmtpPeer();
  return { SMTP_URL: peer.url };
});
afterAll(async () => {
  await peer?.close();
});

const XSS = [
  `<script>alert("xss-1")</script>`,
  `"><img src=x onerror=alert("xss-2")>`,
  `'><svg onload=alert('xss-3')>`,
  `</script><script>alert("xss-4")</script>`,
  `</title></textarea><script>alert("xss-5")</script>`,
  `]]><script>alert("xss-6")</script><![CDATA[`,
  `<a href="javascript:alert('xss-7')">x</a>`,
  `<!--<script>alert("xss-8")</script>-->`,
];
const ALL = XSS.join(" ");
const POST = {
  title: `Post ${XSS[1]} ${XSS[3]} ${XSS[4]}`,
  excerpt: ALL,
  author: `${XSS[2]} ${XSS[0]}`,
  content: XSS.join("\n"),
};
const JOB = {
  title: `Job ${XSS[1]} ${XSS[4]}`,
  location: XSS[2]!,
  department: XSS[0]!,
  description: XSS.join("\n"),
  type: "Contract",
  applyLink: `https://jobs.example/apply?ref="><script>alert("xss-9")</script>`,
  responsibilities: XSS,
  requirements: XSS.slice(0, 4),
  benefits: XSS.slice(4),
  published: "on",
};
const state = { cookie: "", postId: "", postSlug: "", jobId: "", jobSlug: "" };

beforeAll(async () => {
  const db = await server.db();
  state.cookie = await cookieWith((await signedInStaff(db, "kari@fjordform.test")).token);
  const own = { origin: server.url, cookie: state.cookie };
  const post = await call(server.url, "/api/blog", { ...own, json: { ...POST, featured: true, published: true } });
  expect(post.status, post.body).toBe(201);
  ({ id: state.postId, slug: state.postSlug } = JSON.parse(post.body).data);
  const job = await call(server.url, "/careers/cms/new", { ...own, form: JOB });
  // Post/redirect/get: a 303 to the list, whose notice comes from the flash cookie (decision 047).
  expect([job.status, job.headers.get("location")], job.body).toEqual([303, "/job-cms"]);
  const [stored] = await db
    .select({ id: schema.jobListings.id, slug: schema.jobListings.slug })
    .from(schema.jobListings)
    .where(eq(schema.jobListings.title, JOB.title));
  ({ id: state.jobId, slug: state.jobSlug } = stored!);
});

/** The page, tokenized, checked for injected markup against its own CSP nonce. */
async function page(path: string, cookie?: string) {
  const reply = await call(server.url, path, { cookie });
  expect([path, reply.status]).toEqual([path, 200]);
  const nonce = /'nonce-([^']+)'/.exec(reply.headers.get("content-security-policy") ?? "")?.[1];
  const markup = tokenize(reply.body);
  expect([path, injectedMarkup(markup, nonce)]).toEqual([path, []]);
  return { reply, markup };
}

/** Everything a reader or a crawler reads of a page: text, attribute values, script contents. */
const readable = (markup: Markup) =>
  [
    markup.text,
    ...markup.tags.flatMap((tag) => [...tag.attributes.values()]),
    ...markup.rawTexts.map((raw) => raw.text),
  ].join("\n");

const jsonLd = (markup: Markup) =>
  markup.rawTexts
    .filter((raw) => raw.tag.attributes.get("type") === "application/ld+json")
    .map((raw) => JSON.parse(raw.text) as Record<string, unknown>);

describe("a blog post with markup in every field", () => {
  it("the post page shows it as text: body, <title>, meta tags and JSON-LD", async () => {
    const { markup } = await page(`/blog/${state.postSlug}`);
    const text = readable(markup);
    for (const value of [POST.title, POST.excerpt, POST.author, ...POST.content.split("\n")])
      expect(text).toContain(value);
    const title = markup.rawTexts.find((raw) => raw.tag.name === "title")!.text;
    expect(title).toContain(POST.title);
    const meta = (property: string) =>
      markup.tags.find(
        (tag) => tag.name === "meta" && (tag.attributes.get("property") ?? tag.attributes.get("name")) === property,
      );
    expect(meta("og:title")?.attributes.get("content")).toContain(POST.title);
    expect(meta("description")?.attributes.get("content")).toContain(XSS[1]);
    const article = jsonLd(markup).find((data) => data["@type"] === "BlogPosting");
    expect(article?.headline).toBe(POST.title);
    expect(JSON.stringify(article)).toContain(JSON.stringify(POST.author).slice(1, -1));
  });

  it("the blog list, the RSS feed and the sitemap", async () => {
    expect(withStraightQuotes(readable((await page("/blog")).markup))).toContain(POST.title);

    const rss = await call(server.url, "/blog/rss.xml");
    const feed = tokenize(rss.body, { xml: true });
    const allowed = [
      "rss",
      "channel",
      "title",
      "link",
      "atom:link",
      "description",
      "language",
      "item",
      "guid",
      "pubdate",
      "dc:creator",
      // The post's text as the page renders it (decision 050), escaped: text, not tags.
      "content:encoded",
    ];
    expect(feed.tags.map((tag) => tag.name).filter((name) => !allowed.includes(name))).toEqual([]);
    expect(feed.text).toContain(POST.title);
    expect(feed.text).toContain(POST.excerpt);

    const sitemap = tokenize((await call(server.url, "/sitemap.xml")).body, { xml: true });
    expect([...new Set(sitemap.tags.map((tag) => tag.name))].sort()).toEqual(["lastmod", "loc", "url", "urlset"]);
    expect(sitemap.text).toContain(`/blog/${state.postSlug}`);
    expect(state.postSlug).toMatch(/^[a-z0-9-]+$/);
  });

  it("the staff pages: the list and the editor with the post's values in its fields", async () => {
    expect(readable((await page("/blog/manage", state.cookie)).markup)).toContain(POST.title);
    const { markup } = await page(`/blog/cms?edit=${state.postId}`, state.cookie);
    expect(readable(markup)).toContain(POST.excerpt);
  });

  it("an image address that is not one of ours (quotes, javascript:, another host) is refused", async () => {
    for (const featured_image of [
      `/uploads/x.png" onerror="alert(1)`,
      "javascript:alert(1)",
      "https://evil.example/x.png",
    ]) {
      const reply = await call(server.url, `/api/blog-edit?id=${state.postId}`, {
        method: "PUT",
        origin: server.url,
        cookie: state.cookie,
        json: { ...POST, featured_image },
      });
      expect([featured_image, reply.status]).toEqual([featured_image, 400]);
    }
  });
});

describe("a job listing with markup in every field", () => {
  it("/careers and the listing page show it as text, JSON-LD included, and the apply link stays a link", async () => {
    expect(withStraightQuotes(readable((await page("/careers")).markup))).toContain(JOB.title);
    const { markup } = await page(`/careers/${state.jobSlug}`);
    const text = withStraightQuotes(readable(markup));
    for (const value of [JOB.title, JOB.location, JOB.department, ...XSS]) expect(text).toContain(value);
    const apply = markup.tags.find(
      (tag) => tag.name === "a" && tag.attributes.get("href")?.startsWith("https://jobs.example/"),
    );
    expect(apply?.attributes.get("href")).toBe(JOB.applyLink);
    const posting = jsonLd(markup).find((data) => data["@type"] === "JobPosting");
    expect(withStraightQuotes(String(posting?.title))).toBe(JOB.title);
  });

  it("the staff list and the job editor, with every value in its fields", async () => {
    expect(readable((await page("/job-cms", state.cookie)).markup)).toContain(JOB.title);
    const { markup } = await page(`/job-cms/${state.jobId}`, state.cookie);
    const text = readable(markup);
    for (const value of [JOB.title, JOB.location, ...XSS]) expect(text).toContain(value);
  });

  it("a javascript: or data: apply link is refused", async () => {
    for (const applyLink of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "http://insecure.example/",
    ]) {
      const reply = await call(server.url, "/careers/cms/new", {
        origin: server.url,
        cookie: state.cookie,
        form: { ...JOB, title: "Another job", applyLink },
      });
      expect([applyLink, reply.status]).toEqual([applyLink, 400]);
    }
  });
});

describe("a contact request with markup in every field", () => {
  it("reaches the studio and the sender as text: no tag, handler or script in the e-mails", async () => {
    const sender = "kari.nordmann@example.no";
    const reply: Reply = await call(server.url, "/api/contact", {
      origin: server.url,
      json: { company: `Fjord ${XSS[1]} ${XSS[0]}`, project: XSS.join("\n"), email: sender },
    });
    expect(reply.status).toBe(201);
    await peer.waitFor((messages) => messages.length >= 2, 120_000);
    for (const mail of peer.messages) {
      expect(mail.html, mail.subject).toBeTruthy();
      const markup = tokenize(mail.html!);
      expect([mail.subject, injectedMarkup(markup, undefined)]).toEqual([mail.subject, []]);
      expect(
        markup.tags.some(
          (tag) =>
            ["img", "svg", "script"].includes(tag.name) &&
            tag.attributes.has("src") &&
            tag.attributes.get("src") === "x",
        ),
      ).toBe(false);
    }
    const notification = peer.messages.find((mail) => mail.subject?.startsWith("New enquiry"))!;
    expect(readable(tokenize(notification.html!))).toContain(XSS[0]);
    expect(notification.text).toContain(XSS[1]);
  });

  it("a line break in a field is refused, so no header can be added to the e-mail", async () => {
    const reply = await call(server.url, "/api/contact", {
      origin: server.url,
      json: { company: "Fjord AS\r\nBcc: victim@example.no", project: "x", email: "kari.nordmann@example.no" },
    });
    expect(reply.status).toBe(400);
  });
});

describe("the check itself", () => {
  it("finds markup that broke out of text, an attribute or a script, and passes it when escaped", () => {
    const brokenOut = [
      `<p>Post <img src=x onerror=alert("xss-2")></p>`,
      `<meta content=""><img src=x onerror=alert(1)>">`,
      `<script type="application/ld+json" nonce="n">{"a":"</script><script>alert(1)</script>"}</script>`,
      `<textarea></textarea><script>alert(1)</script></textarea>`,
      `<a href=" javascript:alert(1)">x</a>`,
    ];
    for (const html of brokenOut) expect([html, injectedMarkup(tokenize(html), "n").length > 0]).toEqual([html, true]);
    const escaped = `<p>Post &lt;img src=x onerror=alert(&quot;xss-2&quot;)&gt;</p><meta content="&quot;&gt;&lt;img onerror=alert(1)&gt;"/><script type="application/ld+json" nonce="n">{"a":"\\u003c/script>"}</script><textarea>&lt;/textarea&gt;&lt;script&gt;</textarea>`;
    expect(injectedMarkup(tokenize(escaped), "n")).toEqual([]);
  });
});
