import { listPublishedPosts } from "~/lib/blog/blog.server";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { escapeXml } from "~/lib/site/sitemap.server";
import { getStudioDetails } from "~/lib/studio/studio-details.server";

/** GET /blog/rss.xml: RSS 2.0 of the published posts, newest first. */
export async function loader() {
  const siteUrl = getConfig().siteUrl;
  const [posts, studio] = await Promise.all([listPublishedPosts(getDb()), getStudioDetails(getDb())]);
  const items = posts.slice(0, 50).map((post) => {
    const url = `${siteUrl}/blog/${post.slug}`;
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${new Date(post.created_at).toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      // Its tags (decision 051), as the slug the tag's page has.
      ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
      "    </item>",
    ].join("\n");
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
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
