import { createPost, getPostById, type PostInput, postInputSchema, SlugTakenError, updatePost } from "./blog.server";
import type { Actor } from "../auth/security-events.server";
import type { Database } from "../platform/db.server";
import { ApiError, readJsonObject, validationError } from "../platform/http.server";
import type { BodyRules } from "../platform/request-body.server";

/** A post is long text: 256 KB of JSON, within 30 s (server/body-limit.ts applies it too). */
export const BLOG_POST_BODY_RULES: BodyRules = { maxBytes: 256 * 1024, deadlineMs: 30_000 };

/** Reads and validates an editor payload (POST /api/blog, PUT /api/blog-edit). */
export async function readPostInput(request: Request): Promise<PostInput> {
  const parsed = postInputSchema.safeParse(await readJsonObject(request, BLOG_POST_BODY_RULES.maxBytes));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** Saves a post, turning a taken slug into a 409. */
export async function savePost(db: Database, actor: Actor, input: PostInput, id?: string) {
  try {
    if (!id) return await createPost(db, input, actor);
    if (!(await getPostById(db, id))) throw new ApiError(404, "Fant ikke blogginnlegget");
    const post = await updatePost(db, id, input, actor);
    if (!post) throw new ApiError(404, "Fant ikke blogginnlegget");
    return post;
  } catch (error) {
    if (error instanceof SlugTakenError) throw new ApiError(409, error.message);
    throw error;
  }
}
