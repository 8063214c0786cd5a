import { data, type RouterContextProvider } from "react-router";
import { requireStaff } from "../auth/guard.server";
import { type Database, getDb } from "../platform/db.server";
import { typesetDocument } from "../platform/typography";
import { typesetKept } from "../platform/typeset-kept.server";
import { getPublishedPage } from "./page-content.server";
import { pageForEditing } from "./page-editing.server";
import type { Locale, PageDocument, PageKey } from "./page-registry";

/** `?preview=draft` on a public page: the page rendered with its draft, for staff only. */
export const PREVIEW_PARAM = "preview";

/** The headers of a preview answer: never stored by any cache, never indexed. */
export const PREVIEW_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

/**
 * A public page's words for this request: the published ones, or, with `?preview=draft`,
 * the draft (the live words when there is none), after the staff guard. Either way with
 * typographic quotes and dashes (decision 073): staff type straight ones, the spec's own
 * strings keep theirs, and the stored document stays as typed. A visitor never
 * gets here with the parameter: without a session the request is rendered at its cache
 * address, which drops it (server/page-address.ts), so they get the live page; were the
 * page cache off, the guard sends them where any staff page does (the home page). A
 * staff member's request (session cookie) is never cached, so the preview cannot leak.
 */
export async function pageContentForRequest(
  db: Database | (() => Database),
  key: PageKey,
  request: Request,
  context: Readonly<RouterContextProvider>,
  locale: Locale = "en",
): Promise<{ content: PageDocument; preview: boolean; version: number; publishedAt: Date | null }> {
  if (new URL(request.url).searchParams.get(PREVIEW_PARAM) !== "draft") {
    const page = await getPublishedPage(db, key, locale);
    return { ...page, content: typesetKept(page.content), preview: false };
  }
  await requireStaff(context);
  const page = await pageForEditing(typeof db === "function" ? db() : db, key, locale);
  return { content: typesetDocument(page.content), preview: true, version: page.publishedVersion, publishedAt: page.publishedAt };
}

/**
 * The loader data of a page whose document is all its loader needs (/about, the intros,
 * the legal pages): the words, whether they are a preview (then with PREVIEW_HEADERS), and
 * when the live version was published (null: the seed). The database is passed as a
 * getter, so a database that does not answer shows the last known words.
 */
export async function pageLoaderData<Content extends PageDocument>(
  key: PageKey,
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const page = await pageContentForRequest(getDb, key, request, context);
  const body = {
    content: page.content as Content,
    preview: page.preview,
    publishedAt: page.publishedAt ? page.publishedAt.toISOString() : null,
  };
  return page.preview ? data(body, { headers: PREVIEW_HEADERS }) : data(body);
}
