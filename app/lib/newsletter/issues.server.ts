import { and, count, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { actorEvent, logSecurityEvent, type StaffActor } from "../auth/security-events.server";
import { type Database, schema } from "../platform/db.server";
import { ISSUES_PER_PAGE, type IssueInput, type IssueState } from "./issue-forms";
import { sendProgress } from "./progress.server";
import { NotFoundError } from "../platform/domain-errors";

const ISSUE_GONE = "Nyhetsbrevet finnes ikke (lenger).";
import { getStudioDetails } from "../studio/studio-details.server";

/**
 * Newsletter issues (/admin/newsletter): drafts staff write in the blog's text format,
 * started empty or from a published post, and the history of what was sent. An issue
 * can be edited until it is sent; then it stays as it went out. Every save is written to
 * security_events with the issue's id.
 */
const { newsletterIssues: i, newsletterSends: s, blogPosts: p } = schema;


const isUuid = (value: string) => z.uuid().safeParse(value).success;

function stateOf(send: { status: "running" | "done" } | null): IssueState {
  return send ? send.status : "draft";
}

/** One page of issues, the most recently changed first, each with its send's counts. */
export async function listIssues(db: Database, requestedPage: number) {
  const [total] = await db.select({ n: count() }).from(i);
  const totalCount = total?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalCount / ISSUES_PER_PAGE));
  const page = Math.min(requestedPage, pageCount);
  const rows = await db
    .select({ issue: i, send: s })
    .from(i)
    .leftJoin(s, eq(s.issueId, i.id))
    .orderBy(desc(sql`coalesce(${s.startedAt}, ${i.updatedAt})`), desc(i.id))
    .limit(ISSUES_PER_PAGE)
    .offset((page - 1) * ISSUES_PER_PAGE);
  const issues = await Promise.all(
    rows.map(async ({ issue, send }) => ({
      id: issue.id,
      subject: issue.subject,
      updatedAt: issue.updatedAt,
      state: stateOf(send),
      startedAt: send?.startedAt ?? null,
      progress: send ? await sendProgress(db, send) : null,
    })),
  );
  return { issues, total: totalCount, page, pageCount };
}

/** An issue with its send (if any) and that send's progress. Null when there is no such issue. */
export async function getIssue(db: Database, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await db.select({ issue: i, send: s }).from(i).leftJoin(s, eq(s.issueId, i.id)).where(eq(i.id, id));
  if (!row) return null;
  return {
    ...row.issue,
    state: stateOf(row.send),
    send: row.send,
    progress: row.send ? await sendProgress(db, row.send) : null,
  };
}

/** How saving a draft went (decision 048): saved, or refused because the issue was sent. */
export type SaveIssueResult = { kind: "saved"; id: string } | { kind: "sent" };

/** A new draft. */
export async function createIssue(db: Database, input: IssueInput, actor: StaffActor, sourcePostId?: string) {
  const [row] = await db
    .insert(i)
    .values({ ...input, sourcePostId: sourcePostId ?? null, createdBy: actor.userId })
    .returning({ id: i.id });
  await logSecurityEvent(db, {
    ...actorEvent(actor),
    p_action: "newsletter_issue_saved",
    p_details: { issueId: row!.id, created: true },
  });
  return row!.id;
}

/**
 * Saves a draft; an issue that has been sent (or is being sent) is not changed. Throws
 * NotFoundError when there is no such issue.
 */
export async function updateIssue(db: Database, id: string, input: IssueInput, actor: StaffActor): Promise<SaveIssueResult> {
  if (!isUuid(id)) throw new NotFoundError(ISSUE_GONE);
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: i.id }).from(i).where(eq(i.id, id)).for("update");
    if (!row) throw new NotFoundError(ISSUE_GONE);
    const [send] = await tx.select({ id: s.id }).from(s).where(eq(s.issueId, id));
    if (send) return { kind: "sent" } as const;
    await tx.update(i).set({ ...input, updatedAt: sql`now()` }).where(eq(i.id, id));
    return { kind: "saved", id } as const;
  });
  if (result.kind === "saved") {
    await logSecurityEvent(db, {
      ...actorEvent(actor),
      p_action: "newsletter_issue_saved",
      p_details: { issueId: id, created: false },
    });
  }
  return result;
}

/** The published posts an issue can start from, newest first. */
export async function publishedPostChoices(db: Database, limit = 100) {
  return db
    .select({ id: p.id, title: p.title })
    .from(p)
    .where(eq(p.published, true))
    .orderBy(desc(p.createdAt))
    .limit(limit);
}

/**
 * A draft prefilled from a published post: its title as the subject, its excerpt as the
 * preheader, its text and a link to read it on the site, and its image. Null when there
 * is no such published post.
 */
export async function createIssueFromPost(db: Database, postId: string, actor: StaffActor, siteUrl: string) {
  if (!isUuid(postId)) return null;
  const [post] = await db
    .select()
    .from(p)
    .where(and(eq(p.id, postId), eq(p.published, true)));
  if (!post) return null;
  const image = post.featuredImage.startsWith("/uploads/") ? post.featuredImage : "";
  return createIssue(
    db,
    {
      subject: post.title,
      preheader: post.excerpt.slice(0, 200),
      body: `${post.content.trim()}\nRead it on the ${(await getStudioDetails(db)).name} blog: ${siteUrl}/blog/${post.slug}`,
      featuredImage: image,
    },
    actor,
    post.id,
  );
}
