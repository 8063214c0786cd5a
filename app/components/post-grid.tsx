import { PostCard, type PostSummary } from "~/components/post-card";

type Post = PostSummary & { id: string };

/**
 * Posts as a grid of cards: the blog's and a tag's page under their lead post, and the
 * posts related to a post under it. Server-rendered markup only, as every content page
 * (decision 020): no script comes with it.
 */
export function PostGrid({
  posts,
  className = "post-grid",
  testId,
  headingLevel,
  sizes,
}: {
  posts: readonly Post[];
  className?: string;
  testId?: string;
  /** 3 under a post, whose own title is the h1 and "More from the blog" the h2. */
  headingLevel?: 2 | 3;
  sizes?: string;
}) {
  return (
    <ul className={className} data-testid={testId}>
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} headingLevel={headingLevel} sizes={sizes} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A list of posts as /blog shows them: the lead post across the column (its image loaded
 * first), the rest in the grid under it.
 */
export function PostList({ lead, rest }: { lead: Post; rest: readonly Post[] }) {
  return (
    <>
      <div className="post-lead" data-testid="post-lead">
        <PostCard post={lead} sizes="(max-width: 900px) 100vw, 700px" eager />
      </div>
      {rest.length > 0 ? <PostGrid posts={rest} testId="post-grid" /> : null}
    </>
  );
}
