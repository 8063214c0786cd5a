import { getConfig } from "~/lib/config.server";
import { getDb } from "~/lib/db.server";
import { renderSitemap, sitemapEntries } from "~/lib/sitemap.server";

export async function loader() {
  const xml = renderSitemap(getConfig().siteUrl, await sitemapEntries(getDb()));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
