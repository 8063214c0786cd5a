import { getConfig } from "~/lib/config.server";
import { renderRobots } from "~/lib/sitemap.server";

export function loader() {
  return new Response(renderRobots(getConfig().siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
