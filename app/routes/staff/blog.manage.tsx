import { parseWithZod } from "@conform-to/zod/v4";
import { FormNotice } from "~/components/form-notice";
import { data, Form, Link, useLocation } from "react-router";
import { RowDeleteForm } from "~/components/staff/row-delete-form";
import { StaffList, StaffTable } from "~/components/staff/list-kit";
import { RowMenu } from "~/components/staff/row-menu";
import { formatShortDate, osloDateTime } from "~/lib/platform/dates";
import { publishScheduledNow, scheduledTimes, unschedulePost } from "~/lib/blog/post-schedule.server";
import { deletePost, listAllPosts } from "~/lib/blog/blog.server";
import { reviewStates } from "~/lib/blog/post-review.server";
import { REVIEW_STATUS_LABELS } from "~/lib/blog/post-review-forms";
import { deletePostSchema, deleteQuestion, POST_DELETED } from "~/lib/blog/blog-forms";
import { DomainError } from "~/lib/platform/domain-errors";
import type { FormResult } from "~/lib/platform/form-result";
import { DOMAIN_ERROR_STATUS } from "~/lib/platform/http.server";
import { getDb } from "~/lib/platform/db.server";
import { authorizeStaffPage, currentStaff, requireStaff } from "~/lib/auth/guard.server";
import { can } from "~/lib/auth/roles";
import { staffMeta } from "~/lib/site/seo";
import { actorOf } from "~/lib/staff/actor.server";
import type { Route } from "./+types/blog.manage";

export const meta: Route.MetaFunction = () => staffMeta("Blogginnlegg");

export async function loader({ context, pattern, request }: Route.LoaderArgs) {
  const session = await currentStaff(context);
  // Signed out: the page shows "Ikke autorisert" with a "Logg inn" link, and no post, not even a title, is sent.
  if (!session || session.mfaPending) return data({ authorized: false as const, posts: [], canPublish: false }, 401);
  // Outside the guarded layout, so the route's permission (and the two-step policy) is checked here.
  await authorizeStaffPage(session, pattern, request);
  const posts = await listAllPosts(getDb(), session); // an author: their own (decision 059)
  // Drafts waiting for their time ("Planlagt", decision 051).
  const scheduled = await scheduledTimes(getDb());
  // Waiting for review, or sent back with a comment (docs/decisions/066).
  const reviews = await reviewStates(getDb(), session);
  return {
    authorized: true as const,
    canPublish: can(session.role, "publish"),
    posts: posts.map(({ id, title, slug, published, featured, created_at }) => ({
      id,
      title,
      slug,
      published,
      featured,
      created_at,
      scheduledAt: scheduled.has(id) ? osloDateTime(scheduled.get(id)!) : null,
      review: reviews.has(id) ? { status: reviews.get(id)!.status, comment: reviews.get(id)!.comment } : null,
    })),
  };
}

/** Which post a delete was for, so only its row shows what was wrong with the form. */
type DeleteResult = FormResult & { id: string };

/**
 * Deletes a post (intent "delete", confirmed): the JSON API's domain function, audited the
 * same way. This page is outside the guarded layout (it answers a signed-out visitor
 * itself), so its action guards itself.
 */
export async function action({ request, context, pattern }: Route.ActionArgs) {
  const session = await requireStaff(context);
  await authorizeStaffPage(session, pattern, request);
  const formData = await request.formData();
  const id = String(formData.get("id") ?? "");
  const intent = formData.get("intent");
  if (intent === "publish-now" || intent === "unschedule") {
    // A scheduled post's two buttons (decision 051): neither removes anything, so no confirmation.
    const actor = actorOf(request, context, session);
    try {
      if (intent === "publish-now") {
        const { title } = await publishScheduledNow(getDb(), actor, id);
        return data<DeleteResult>({ intent, id, result: {}, message: `«${title}» er publisert.` });
      }
      const { title } = await unschedulePost(getDb(), actor, id);
      return data<DeleteResult>({
        intent,
        id,
        result: {},
        message: `Planleggingen er avbrutt. «${title}» er et utkast.`,
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      return data<DeleteResult>({ intent, id, result: {}, error: error.message }, DOMAIN_ERROR_STATUS[error.kind]);
    }
  }
  const submission = parseWithZod(formData, { schema: deletePostSchema });
  if (submission.status !== "success")
    return data<DeleteResult>({ intent: "delete", id, result: submission.reply() }, 400);
  const result = submission.reply({ resetForm: true });
  try {
    await deletePost(getDb(), submission.value.id, actorOf(request, context, session));
  } catch (error) {
    // The spec's alert, with the domain's message (a post deleted meanwhile: POST_NOT_FOUND).
    if (!(error instanceof DomainError)) throw error;
    const status = DOMAIN_ERROR_STATUS[error.kind];
    return data<DeleteResult>({ intent: "delete", id, result, error: `Feil ved sletting: ${error.message}` }, status);
  }
  return data<DeleteResult>({ intent: "delete", id, result, message: POST_DELETED });
}

export default function ManagePosts({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const { posts } = loaderData;
  // The editor's toast ("Blogginnlegg publisert!") until a delete says something else.
  const toast = actionData ? actionData.message : (location.state as { toast?: string } | null)?.toast;
  // A row's own form shows only what was wrong with it (the notices are above the table).
  const rowResult = (id: string) =>
    actionData?.id === id && actionData.intent === "delete"
      ? { intent: actionData.intent, result: actionData.result }
      : undefined;

  if (!loaderData.authorized) {
    return (
      <section className="container narrow notice-page" lang="nb">
        <h1>Ikke autorisert</h1>
        <p className="lead">Du må være logget inn for å administrere blogginnlegg.</p>
        <Link to="/login" className="button">
          Logg inn
        </Link>
      </section>
    );
  }

  return (
    <div className="container admin" lang="nb">
      <div className="admin-head">
        <h1 className="admin-title">Blogginnlegg</h1>
        <Link to="/blog/cms" className="button">
          Nytt Innlegg
        </Link>
      </div>
      <div aria-live="polite">
        <FormNotice data={{ message: toast }} />
      </div>
      <FormNotice data={{ error: actionData?.error }} />
      <p data-testid="post-count">{posts.length} innlegg</p>
      <StaffList
        isEmpty={posts.length === 0}
        // An empty list says so in one sentence and offers what fills it, not bare column headers.
        empty={
          <>
            Ingen innlegg ennå. <Link to="/blog/cms">Skriv det første innlegget</Link>
          </>
        }
      >
        <StaffTable
          className="admin-table"
          rows={posts}
          columns={[
            {
              label: "Tittel",
              cell: (post) => (post.published ? <Link to={`/blog/${post.slug}`}>{post.title}</Link> : post.title),
            },
            { label: "Status", cell: (post) => <PostStatus post={post} showTime={loaderData.canPublish} /> },
            { label: "Dato", cell: (post) => formatShortDate(post.created_at) },
            {
              // Writing is the everyday way in, so it stays in sight; the menu holds what changes or removes.
              label: "Rediger",
              cell: (post) => (
                <Link to={`/blog/cms?edit=${post.id}`} className="button button-small button-ghost">
                  Rediger<span className="visually-hidden"> {post.title}</span>
                </Link>
              ),
            },
            {
              label: "Handlinger",
              cell: (post) => (
                <RowMenu
                  name={post.title}
                  open={Boolean(rowResult(post.id))}
                  danger={
                    <RowDeleteForm
                      row={{ id: post.id, name: post.title }}
                      schema={deletePostSchema}
                      actionData={rowResult(post.id)}
                      question={deleteQuestion(post.title)}
                    />
                  }
                >
                  {/* Publishing now or cancelling the schedule is publishing: not an author's (decision 059). */}
                  {post.scheduledAt && loaderData.canPublish ? (
                    <>
                      <Form method="post">
                        <input type="hidden" name="id" value={post.id} />
                        <button type="submit" name="intent" value="publish-now" className="button button-small">
                          Publiser nå<span className="visually-hidden"> {post.title}</span>
                        </button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="id" value={post.id} />
                        <button type="submit" name="intent" value="unschedule" className="button button-small button-ghost">
                          Avbryt planlegging<span className="visually-hidden"> for {post.title}</span>
                        </button>
                      </Form>
                    </>
                  ) : null}
                </RowMenu>
              ),
            },
          ]}
        />
      </StaffList>
    </div>
  );
}

type PostRow = Route.ComponentProps["loaderData"]["posts"][number];

/** Where a post stands: scheduled (and when), in review (with a returned comment), published or a draft; featured. */
function PostStatus({ post, showTime }: { post: PostRow; showTime: boolean }) {
  return (
    <>
      {post.scheduledAt ? (
        <span className="badge badge-scheduled">Planlagt</span>
      ) : post.review && !post.published ? (
        <span className={`badge badge-review-${post.review.status}`}>{REVIEW_STATUS_LABELS[post.review.status]}</span>
      ) : (
        <span className={post.published ? "badge badge-published" : "badge"}>
          {post.published ? "Publisert" : "Utkast"}
        </span>
      )}
      {post.featured ? <span className="badge badge-featured">Fremhevet</span> : null}
      {post.review?.status === "returned" && post.review.comment ? (
        <p className="review-comment-line">«{post.review.comment}»</p>
      ) : null}
      {post.scheduledAt && showTime ? <span className="scheduled-at">{post.scheduledAt}</span> : null}
    </>
  );
}

export function ErrorBoundary() {
  return (
    <section className="container narrow notice-page" role="alert" lang="nb">
      <h1>Feil ved lasting av blogginnlegg</h1>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        Prøv igjen
      </button>
    </section>
  );
}
