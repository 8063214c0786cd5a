import { getConfig } from "~/lib/platform/config.server";
import { renderRobots } from "~/lib/site/sitemap.server";

export function loader() {
  return new Response(renderRobots(getConfig().siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
