import { forgetPostPages } from "~/lib/blog/post-page.server";
import { forgetPostTexts } from "~/lib/blog/post-text/post-text.server";
import { getPageContentCache } from "~/lib/pages/page-content.server";
import { getPageCache } from "~/lib/platform/page-cache.server";
import { forgetShowcaseLists } from "~/lib/showcase/showcase.server";
import { forgetStudioDetails } from "~/lib/studio/studio-details.server";

/**
 * Everything this process keeps in memory of what staff edit, forgotten at once: the
 * words of the editable pages, the studio's details, the showcase lists, the published
 * posts' pages (what /blog/:slug shows) and parsed texts (each text also checked against
 * its stored one, so a save shows even before this runs), and the rendered pages made
 * from them (stale, so the next request renders the new one: decision 054).
 *
 * The one list, called on `content_changed` (server/startup.ts: a change in any process)
 * and after a staff member's successful write in this process (server/app.ts: before the
 * database's notice, which may come after the author's next page). A new kept thing goes
 * here, so neither place can forget it. The write path forgets the words and the details
 * too, though their own saves already do: a write cannot tell which pages it changed, and
 * a re-read of two small rows once per staff write costs less than one save that shows
 * its old text to its author (decision 079).
 */
export function forgetKeptContent() {
  getPageContentCache().clear();
  forgetStudioDetails();
  forgetShowcaseLists();
  forgetPostPages();
  forgetPostTexts();
  getPageCache().invalidate();
}
