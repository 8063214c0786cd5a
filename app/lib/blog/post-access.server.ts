import { eq, type SQL } from "drizzle-orm";
import type { Actor } from "../auth/security-events.server";
import { type Database, schema } from "../platform/db.server";
import { ForbiddenError, NotFoundError } from "../platform/domain-errors";
import { POST_NOT_FOUND } from "./blog-forms";

/**
 * What an author (Skribent) may do with posts (decision 059): the route's permission lets
 * every role into the blog; this keeps an author to their own drafts. Someone else's post
 * is "not found" to them (not "forbidden": they do not learn it exists), and anything that
 * makes a post public (publishing, scheduling, saving a published post) is refused.
 * An actor without a role (a script, the scheduler) is not limited.
 */
const { blogPosts: posts } = schema;

export const AUTHORS_CANNOT_PUBLISH =
  "Som skribent kan du ikke publisere eller planlegge innlegg. Lagre det som utkast.";
export const AUTHORS_CANNOT_CHANGE_PUBLISHED = "Innlegget er publisert. Be en redaktør om å endre det.";

type Viewer = Pick<Actor, "userId" | "role"> | undefined;

export const isAuthor = (viewer: Viewer) => viewer?.role === "author";

/** The posts a viewer may see, as a WHERE condition (undefined: all of them). */
export function postsVisibleTo(viewer: Viewer): SQL | undefined {
  return isAuthor(viewer) ? eq(posts.ownerId, viewer!.userId ?? "00000000-0000-0000-0000-000000000000") : undefined;
}

export function assertMayPublish(actor: Viewer) {
  if (isAuthor(actor)) throw new ForbiddenError(AUTHORS_CANNOT_PUBLISH);
}

/**
 * Before an author changes or removes a post: it must be theirs (else not found) and not
 * public, and the change must not publish it. Run inside the writing transaction.
 */
export async function assertMayChangePost(
  db: Database,
  actor: Viewer,
  id: string,
  options: { publishing?: boolean } = {},
) {
  if (!isAuthor(actor)) return;
  const [post] = await db
    .select({ ownerId: posts.ownerId, published: posts.published })
    .from(posts)
    .where(eq(posts.id, id));
  if (!post || post.ownerId !== actor!.userId) throw new NotFoundError(POST_NOT_FOUND);
  if (post.published) throw new ForbiddenError(AUTHORS_CANNOT_CHANGE_PUBLISHED);
  if (options.publishing) throw new ForbiddenError(AUTHORS_CANNOT_PUBLISH);
}
