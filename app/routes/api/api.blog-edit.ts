import { deletePost, getPostById } from "~/lib/blog/blog.server";
import { readPostInput } from "~/lib/blog/blog-api.server";
import { savePost } from "~/lib/blog/blog.server";
import { POST_DELETED, POST_NOT_FOUND } from "~/lib/blog/blog-forms";
import { getDb } from "~/lib/platform/db.server";
import { requireStaffApi } from "~/lib/auth/guard.server";
import { actorOf } from "~/lib/staff/actor.server";
import { ApiError, handleApi, jsonResponse, methodNotAllowed } from "~/lib/platform/http.server";
import type { Route } from "./+types/api.blog-edit";

/** GET|PUT|DELETE /api/blog-edit?id={id}: staff only, drafts included; GET answers {success, data}. */
function postId(url: URL) {
  const id = url.searchParams.get("id");
  if (!id) throw new ApiError(400, "Mangler id");
  return id;
}

export function loader({ url, context, request, pattern }: Route.LoaderArgs) {
  return handleApi(async () => {
    const viewer = await requireStaffApi({ context, pattern, request });
    const post = await getPostById(getDb(), postId(url), viewer); // an author: their own only
    if (!post) throw new ApiError(404, POST_NOT_FOUND);
    return jsonResponse({ success: true, data: post });
  });
}

export function action({ request, url, context, pattern }: Route.ActionArgs) {
  return handleApi(async () => {
    const actor = actorOf(request, context, await requireStaffApi({ context, pattern, request }));
    const id = postId(url);
    const db = getDb();
    if (request.method === "PUT") {
      const post = await savePost(db, actor, await readPostInput(request), id);
      return jsonResponse({ success: true, data: post });
    }
    if (request.method === "DELETE") {
      await deletePost(db, id, actor); // NotFoundError: a 404 with POST_NOT_FOUND, from handleApi
      return jsonResponse({ success: true, message: POST_DELETED });
    }
    return methodNotAllowed("GET, PUT, DELETE");
  });
}
