import type { RouterContextProvider } from "react-router";
import { requireStaff } from "../auth/guard.server";
import { type Database } from "../platform/db.server";
import { getPageContent } from "./page-content.server";
import { pageForEditing } from "./page-editing.server";
import type { Locale, PageDocument, PageKey } from "./page-registry";

/** `?preview=draft` on a public page: the page rendered with its draft, for staff only. */
export const PREVIEW_PARAM = "preview";

/** The headers of a preview answer: never stored by any cache, never indexed. */
export const PREVIEW_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * A public page's words for this request: the published ones, or, with `?preview=draft`,
 * the draft (the live words when there is none), after the staff guard. A visitor never
 * gets here with the parameter: without a session the request is rendered at its cache
 * address, which drops it (server/page-address.ts), so they get the live page; were the
 * page cache off, the guard sends them where any staff page does (the home page). A
 * staff member's request (session cookie) is never cached, so the preview cannot leak.
 */
export async function pageContentForRequest(
  db: Database,
  key: PageKey,
  request: Request,
  context: Readonly<RouterContextProvider>,
  locale: Locale = "en",
): Promise<{ content: PageDocument; preview: boolean }> {
  if (new URL(request.url).searchParams.get(PREVIEW_PARAM) !== "draft") {
    return { content: await getPageContent(db, key, locale), preview: false };
  }
  await requireStaff(context);
  const page = await pageForEditing(db, key, locale);
  return { content: page.content, preview: true };
}
