import { data } from "react-router";
import { PageIntro } from "~/components/page-intro";
import { PostList } from "~/components/post-grid";
import { withImageAlt } from "~/lib/blog/blog.server";
import { tagPath } from "~/lib/blog/post-tags";
import { listPublishedPostsWithTag } from "~/lib/blog/post-tags.server";
import { getDb, isDatabaseUnavailable } from "~/lib/platform/db.server";
import { staticPage } from "~/lib/platform/static-page";
import { pageMeta } from "~/lib/site/seo";
import type { Route } from "./+types/blog.tag";

/**
 * /blog/tag/{tag}: a tag's published posts, newest first, as /blog shows them (decision
 * 051). A tag nobody used, or whose posts are all drafts, is a 404: no empty pages for
 * search engines. A path, not a query, so the page cache keeps it as its own page and
 * forgets it with every other page when a post changes.
 */
export async function loader({ params }: Route.LoaderArgs) {
  let posts;
  try {
    const db = getDb();
    posts = await withImageAlt(db, await listPublishedPostsWithTag(db, params.tag));
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw data(null, { status: 503 });
    throw error;
  }
  if (posts.length === 0) throw data(null, { status: 404 });
  return { tag: params.tag, posts };
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) =>
  pageMeta({
    title: loaderData ? `Posts tagged “${loaderData.tag}”` : "Tag Not Found",
    description: loaderData
      ? `Posts tagged “${loaderData.tag}” on the blog: private software, custom interfaces and local AI.`
      : "There are no posts with this tag.",
    path: tagPath(params.tag),
    matches,
    noindex: !loaderData,
  });

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, posts } = loaderData;
  const [lead, ...rest] = posts;
  return (
    <>
      <PageIntro
        eyebrow="Blog"
        title={`Posts tagged “${tag}”`}
        lead={posts.length === 1 ? "One post so far." : `${posts.length} posts so far.`}
      />
      <section className="container blog-posts" aria-label="Posts">
        <p className="tag-page-back">
          <a href="/blog" className="back-link">
            ← All posts
          </a>
        </p>
        <PostList lead={lead!} rest={rest} />
      </section>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = error && typeof error === "object" && "status" in error && error.status === 404;
  return (
    <section className="container narrow error-page" role={notFound ? undefined : "alert"}>
      <a href="/blog" className="back-link">
        ← Back to blog
      </a>
      {notFound ? (
        <>
          <h1>Tag Not Found</h1>
          <p className="lead">There are no posts with this tag.</p>
        </>
      ) : (
        <>
          <h1>Error Loading Blog Posts</h1>
          <p className="lead">Unable to load blog posts. Please try again later.</p>
          <a className="button" href="/blog">
            Try Again
          </a>
        </>
      )}
    </section>
  );
}
