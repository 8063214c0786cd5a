import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PostBody } from "~/components/post-body";
import { listPublishedPosts } from "~/lib/blog/blog.server";
import { absoluteDocument } from "~/lib/blog/post-text/absolute";
import { parsePostText } from "~/lib/blog/post-text/post-text";
import { libraryPictures } from "~/lib/blog/post-text/post-text.server";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { escapeXml } from "~/lib/site/sitemap.server";
import { getStudioDetails } from "~/lib/studio/studio-details.server";

/**
 * GET /blog/rss.xml: RSS 2.0 of the published posts, newest first. Each item's
 * <content:encoded> is the post's text as the page renders it (PostBody, decision 050),
 * escaped, with full addresses.
 */
export async function loader() {
  const { siteUrl, mediaBaseUrl } = getConfig();
  const [posts, studio] = await Promise.all([listPublishedPosts(getDb()), getStudioDetails(getDb())]);
  const latest = posts.slice(0, 50).map((post) => ({ post, text: parsePostText(post.content) }));
  const pictures = await libraryPictures(getDb(), latest.flatMap(({ text }) => text.images), mediaBaseUrl);
  const items = latest.map(({ post, text }) => {
    const url = `${siteUrl}/blog/${post.slug}`;
    const body = renderToStaticMarkup(createElement(PostBody, absoluteDocument(text.blocks, pictures, siteUrl)));
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${new Date(post.created_at).toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      `      <content:encoded>${escapeXml(body)}</content:encoded>`,
      // Its tags (decision 051), as the slug the tag's page has.
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      "    </item>",
    ].join("\n");
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${escapeXml(`${studio.name} blog`)}</title>
    <link>${escapeXml(`${siteUrl}/blog`)}</link>
    <atom:link href="${escapeXml(`${siteUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>
    <description>Thoughts and insights on private software, custom interfaces and local AI.</description>
    <language>en</language>
${items.join("\n")}
  </channel>
</rss>
`;
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
