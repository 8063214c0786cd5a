import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { assertMayChangePost } from "./post-access.server";
import { z } from "zod";
import { type Actor, auditAction } from "../auth/security-events.server";
import { now } from "../platform/clock.server";
import { getConfig } from "../platform/config.server";
import { type Database, schema } from "../platform/db.server";
import { ConflictError, NotFoundError } from "../platform/domain-errors";
import { keyedHash } from "../platform/secrets.server";
import { isWellFormedToken, randomToken } from "../platform/tokens.server";
import { POST_NOT_FOUND } from "./blog-forms";
import { previewLinkPath } from "./preview-link-path";
import { publicFields } from "./blog.server";

/**
 * Private preview links of a draft (docs/decisions/052): a link that lets someone without
 * an account read an unpublished post as it will look, for 7 days or until revoked. The
 * link carries 256 random bits; the database keeps only a keyed hash (SECRETS_KEY,
 * decision 021), so a copy of it opens nothing, and staff see a link's address only once,
 * when it is made. Made and revoked links are audited.
 */
const { blogPreviewLinks: links, blogPosts: posts, users, profiles } = schema;

export const PREVIEW_LINK_LIFETIME_MS = 7 * 24 * 60 * 60_000;
/** How many characters of a token the list shows, to tell two links apart (36 of its 256 bits). */
const HINT_LENGTH = 6;

const previewTokenHash = (token: string) => keyedHash("preview-token", token);

const nameOf = (row: { fullName: string | null; email: string | null }) =>
  row.fullName || row.email || "en tidligere kollega";

/** Only a draft gets a preview link: a published post is at its own address for anyone. */
export const PREVIEW_ONLY_DRAFTS = "Bare et utkast kan få en forhåndsvisningslenke: innlegget er allerede publisert.";

/** A new link for the draft `postId`; the token is in the answer, and nowhere else, ever. */
export async function createPreviewLink(db: Database, actor: Actor, postId: string) {
  if (!z.uuid().safeParse(postId).success) throw new NotFoundError(POST_NOT_FOUND);
  await assertMayChangePost(db, actor, postId); // an author: their own drafts only
  const token = randomToken();
  const createdAt = now();
  const expiresAt = new Date(createdAt.getTime() + PREVIEW_LINK_LIFETIME_MS);
  const made = await db.transaction(async (tx) => {
    const [post] = await tx
      .select({ published: posts.published })
      .from(posts)
      .where(eq(posts.id, postId))
      .for("update");
    if (!post) throw new NotFoundError(POST_NOT_FOUND);
    if (post.published) throw new ConflictError(PREVIEW_ONLY_DRAFTS);
    const [row] = await tx
      .insert(links)
      .values({
        postId,
        tokenHash: previewTokenHash(token),
        tokenHint: token.slice(0, HINT_LENGTH),
        createdBy: actor.userId,
        createdAt,
        expiresAt,
      })
      .returning({ id: links.id });
    await auditAction(tx, actor, "post_preview_link_created", {
      postId,
      linkId: row!.id,
      expiresAt: expiresAt.toISOString(),
    });
    return row!;
  });
  return { id: made.id, token, expiresAt, url: `${getConfig().siteUrl}${previewLinkPath(token)}` };
}

/** Ends a link at once. A link that is gone, already revoked or of another post: NotFoundError. */
export async function revokePreviewLink(db: Database, actor: Actor, postId: string, linkId: string) {
  const valid = z.uuid().safeParse(postId).success && z.uuid().safeParse(linkId).success;
  if (!valid) throw new NotFoundError("Fant ikke lenken.");
  await assertMayChangePost(db, actor, postId);
  const [revoked] = await db
    .update(links)
    .set({ revokedAt: now(), revokedBy: actor.userId })
    .where(and(eq(links.id, linkId), eq(links.postId, postId), isNull(links.revokedAt)))
    .returning({ id: links.id });
  if (!revoked) throw new NotFoundError("Fant ikke lenken. Den kan allerede være trukket tilbake.");
  await auditAction(db, actor, "post_preview_link_revoked", { postId, linkId });
}

/** The links of a post that still open it (not expired, not revoked), newest first: who made each, when, until when. */
export async function listActivePreviewLinks(db: Database, postId: string) {
  if (!z.uuid().safeParse(postId).success) return [];
  const rows = await db
    .select({
      id: links.id,
      hint: links.tokenHint,
      createdAt: links.createdAt,
      expiresAt: links.expiresAt,
      email: users.email,
      fullName: profiles.fullName,
    })
    .from(links)
    .leftJoin(users, eq(users.id, links.createdBy))
    .leftJoin(profiles, eq(profiles.id, links.createdBy))
    .where(and(eq(links.postId, postId), isNull(links.revokedAt), gt(links.expiresAt, now())))
    .orderBy(desc(links.createdAt));
  return rows.map(({ email, fullName, ...row }) => ({ ...row, by: nameOf({ email, fullName }) }));
}

/**
 * The draft a preview link opens, as the public post page reads a post, and until when;
 * undefined for anything else (a malformed, unknown, expired or revoked token), which the
 * page answers like any unknown address. A post published since is `published: true`.
 */
export async function postForPreviewToken(db: Database, token: string) {
  if (!isWellFormedToken(token)) return undefined;
  const [row] = await db
    .select({
      expiresAt: links.expiresAt,
      // The public post page's own fields: the preview renders with its component.
      post: publicFields,
    })
    .from(links)
    .innerJoin(posts, eq(posts.id, links.postId))
    .where(and(eq(links.tokenHash, previewTokenHash(token)), isNull(links.revokedAt), gt(links.expiresAt, now())));
  return row;
}
