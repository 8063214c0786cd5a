import { data, Link } from "react-router";
import { formatLongDate } from "~/lib/blog/blog-format";
import { listPublishedPosts } from "~/lib/blog/blog.server";
import { getDb, isDatabaseUnavailable } from "~/lib/platform/db.server";
import { pageMeta } from "~/lib/site/seo";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/blog";

const description =
  "Thoughts and insights on private software, custom interfaces and local AI from the Fjord & Form team in Oslo.";

export async function loader() {
  try {
    return { posts: await listPublishedPosts(getDb()) };
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw data(null, { status: 503 });
    throw error;
  }
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Blog", description, path: "/blog", matches });

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <>
      <section className="page-intro container">
        <p className="eyebrow">Blog</p>
        <h1>Thoughts and insights</h1>
        <p className="lead">Notes from our work on private software, custom interfaces and local AI.</p>
      </section>
      <section className="container" aria-label="Posts">
        {posts.length === 0 ? (
          <p className="empty-state">No blog posts yet</p>
        ) : (
          <ul className="post-grid">
            {posts.map((post) => (
              <li key={post.id} className={post.featured ? "post-card featured" : "post-card"}>
                <article>
                  {post.featured ? <p className="post-badge">Featured</p> : null}
                  <h2>
                    <Link to={`/blog/${post.slug}`} prefetch="intent">
                      {post.title}
                    </Link>
                  </h2>
                  <p className="post-meta">
                    <time dateTime={new Date(post.created_at).toISOString()}>{formatLongDate(post.created_at)}</time> ·{" "}
                    {post.author}
                  </p>
                  <p>{post.excerpt}</p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** The database failed (status 503 upstream) or the page could not load. */
export function ErrorBoundary() {
  return (
    <section className="container narrow error-page" role="alert">
      <h1>Error Loading Blog Posts</h1>
      <p className="lead">Unable to load blog posts. Please try again later.</p>
      <p className="error-detail">Failed to load blog posts</p>
      {/* A link, so it works without JavaScript: the page loads again. */}
      <a className="button" href="/blog">
        Try Again
      </a>
    </section>
  );
}
