import { data } from "react-router";
import { PostList } from "~/components/post-grid";
import { listPublishedPosts, withImageAlt } from "~/lib/blog/blog.server";
import { getDb, isDatabaseUnavailable } from "~/lib/platform/db.server";
import { pageMeta } from "~/lib/site/seo";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/blog";
import { PageIntro } from "~/components/page-intro";

const description =
  "Thoughts and insights on private software, custom interfaces and local AI from the Fjord & Form team in Oslo.";

export async function loader() {
  try {
    const db = getDb();
    return { posts: await withImageAlt(db, await listPublishedPosts(db)) };
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
  // The featured post leads (the newest one, if several are); without one, the newest post.
  const lead = posts.find((post) => post.featured) ?? posts[0];
  const rest = posts.filter((post) => post !== lead);
  return (
    <>
      <PageIntro
        eyebrow="Blog"
        title="Thoughts and insights"
        lead="Notes from our work on private software, custom interfaces and local AI."
      />
      <section className="container blog-posts" aria-label="Posts">
        {!lead ? (
          <div className="blog-empty">
            <h2>No blog posts yet</h2>
            <p className="blog-empty-text">
              We’re writing the first ones now. Leave your address and we’ll send them to you when they’re out.
            </p>
            {/* The footer's sign-up, a screen below: one form per page, no second copy of it. */}
            <a className="button button-coral" href="#newsletter">
              Get the newsletter
            </a>
          </div>
        ) : (
          <PostList lead={lead} rest={rest} />
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
