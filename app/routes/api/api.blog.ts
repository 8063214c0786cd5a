import { listPublishedPosts } from "~/lib/blog/blog.server";
import { readPostInput } from "~/lib/blog/blog-api.server";
import { savePost } from "~/lib/blog/blog.server";
import { getDb } from "~/lib/platform/db.server";
import { requireStaffApi } from "~/lib/auth/guard.server";
import { actorOf } from "~/lib/staff/actor.server";
import { handleApi, jsonResponse, methodNotAllowed, publicJsonResponse } from "~/lib/platform/http.server";
import type { Route } from "./+types/api.blog";

/** GET /api/blog: published posts for anyone, as {success, data, message}: the shape its clients expect. */
export function loader() {
  return handleApi(async () => {
    const data = await listPublishedPosts(getDb());
    return publicJsonResponse({ success: true, data, message: `${data.length} published posts` });
  });
}

/** POST /api/blog: a new post from the editor (staff only). */
export function action({ request, context, pattern }: Route.ActionArgs) {
  return handleApi(async () => {
    if (request.method !== "POST") return methodNotAllowed("GET, POST");
    const actor = actorOf(request, context, await requireStaffApi({ context, pattern, request }));
    const post = await savePost(getDb(), actor, await readPostInput(request));
    return jsonResponse({ success: true, data: post }, 201);
  });
}
