import { type PostInput, postInputSchema } from "./blog-forms";
import { readJsonObject, validationError } from "../platform/http.server";
import type { BodyRules } from "../platform/request-body.server";

/**
 * The JSON API's side of the blog (POST /api/blog, PUT /api/blog-edit): the editor's
 * schema (blog-forms.ts) and domain function (blog.server.ts), in the API's shapes.
 */

/** A post is long text: 256 KB of JSON, within 30 s (server/body-limit.ts applies it, to the editor's form too). */
export const BLOG_POST_BODY_RULES: BodyRules = { maxBytes: 256 * 1024, deadlineMs: 30_000 };

/** Reads and validates an editor payload: the first problem's text as a 400. */
export async function readPostInput(request: Request): Promise<PostInput> {
  const parsed = postInputSchema.safeParse(await readJsonObject(request, BLOG_POST_BODY_RULES.maxBytes));
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}
