import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { renderSitemap, sitemapEntries } from "~/lib/site/sitemap.server";

export async function loader() {
  const xml = renderSitemap(getConfig().siteUrl, await sitemapEntries(getDb()));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
