import { data } from "react-router";
import { getIssue } from "~/lib/newsletter/issues.server";
import { renderIssuePreview } from "~/lib/newsletter/sending.server";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import type { Route } from "./+types/admin.newsletter.preview";

/**
 * GET /admin/newsletter/:id/preview.html: the HTML part exactly as a subscriber gets it,
 * for the issue page's frame. The server shell gives this path its own narrow CSP (inline
 * styles, no scripts, framed only by this site): see server/security.ts.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const issue = await getIssue(getDb(), params.id);
  if (!issue) throw data(null, { status: 404 });
  const { siteUrl, mediaBaseUrl } = getConfig();
  const { html } = await renderIssuePreview(getDb(), issue, { siteUrl, mediaBaseUrl });
  return new Response(html, {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
