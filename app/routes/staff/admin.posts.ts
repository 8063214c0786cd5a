import { data, redirect } from "react-router";
import { postDocument } from "~/lib/blog/post-text/post-text.server";
import { imageNotInLibrary, type PostPreview, readingMinutes } from "~/lib/blog/post-text/post-text";
import { CONTENT_MAX } from "~/lib/blog/blog-forms";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import type { Route } from "./+types/admin.posts";

/** /admin/posts is the blog's manage page. */
export function loader() {
  return redirect("/blog/manage");
}

/**
 * POST /admin/posts: the editor's live preview (here, not at an address of its own: a
 * new route would add to the route list every page's JavaScript carries, and the GDPR
 * wizard is at its budget). Takes the text being written and
 * answers the page's own rendering of it as data (decision 050): the blocks PostBody
 * renders, the library's pictures, word count and reading time, the links found, and what
 * a save would refuse. Staff only (the guard of guarded.ts, the same-origin check of every
 * write); it changes nothing, so it is not audited.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const content = form.get("content");
  if (typeof content !== "string" || content.length > CONTENT_MAX) {
    throw data({ error: "Teksten mangler eller er for lang." }, 400);
  }
  const document = await postDocument(getDb(), content, getConfig().mediaBaseUrl);
  const missing = document.images.filter((url) => !document.pictures[url]).map(imageNotInLibrary);
  return Response.json(
    {
      blocks: document.blocks,
      pictures: document.pictures,
      words: document.words,
      minutes: readingMinutes(document.words),
      links: document.links,
      problems: [...document.problems, ...missing],
    } satisfies PostPreview,
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
