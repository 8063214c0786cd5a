import { data, Link } from "react-router";
import { JsonLd } from "~/components/json-ld";
import { siteConfig } from "~/content/site";
import { formatLongDate, paragraphs } from "~/lib/blog/blog-format";
import { getPublishedPost, relatedPosts } from "~/lib/blog/blog.server";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { uploadUrl } from "~/lib/media/media";
import { pageMeta, siteUrlFrom } from "~/lib/site/seo";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/blog.post";

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const post = await getPublishedPost(db, params.slug);
  // Drafts and unknown slugs look the same to visitors.
  if (!post) throw data(null, { status: 404 });
  // Where the browser fetches the image: this server, or MEDIA_BASE_URL (lib/media/media.ts).
  const imageUrl = uploadUrl(getConfig().mediaBaseUrl, post.featured_image);
  return { post, imageUrl, related: await relatedPosts(db, post.id) };
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ loaderData, matches, params }) => {
  if (!loaderData) {
    return pageMeta({
      title: "Post Not Found",
      description: "This post does not exist.",
      path: `/blog/${params.slug}`,
      matches,
      noindex: true,
    });
  }
  const { post } = loaderData;
  return [
    ...pageMeta({
      title: post.title,
      description: post.excerpt,
      path: `/blog/${post.slug}`,
      matches,
      image: loaderData.imageUrl || undefined,
      type: "article",
    }),
    { property: "article:published_time", content: new Date(post.created_at).toISOString() },
    { property: "article:author", content: post.author },
  ];
};

export default function BlogPost({ loaderData, matches }: Route.ComponentProps) {
  const { post, related } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  const image = loaderData.imageUrl;
  const responsive = post.featured_image.startsWith("/uploads/") ? responsiveSources(image) : null;
  return (
    <article className="container post">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.excerpt,
          datePublished: new Date(post.created_at).toISOString(),
          author: { "@type": "Person", name: post.author },
          publisher: {
            "@type": "Organization",
            name: siteConfig.legalName,
            logo: { "@type": "ImageObject", url: `${siteUrl}/icon-512.png` },
          },
          mainEntityOfPage: `${siteUrl}/blog/${post.slug}`,
          ...(image ? { image: new URL(image, siteUrl || "http://localhost").href } : {}),
        }}
      />
      <Link to="/blog" className="back-link">
        ← Back to blog
      </Link>
      <header className="post-header">
        <h1>{post.title}</h1>
        <p className="post-meta">
          <time dateTime={new Date(post.created_at).toISOString()}>{formatLongDate(post.created_at)}</time> ·{" "}
          {post.author}
        </p>
      </header>
      {image ? (
        <img
          className="post-image"
          src={image}
          srcSet={responsive?.srcSet}
          sizes={responsive ? "(max-width: 900px) 100vw, 900px" : undefined}
          alt=""
          width={1600}
          height={900}
          decoding="async"
        />
      ) : null}
      <div className="post-body">
        {paragraphs(post.content).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {related.length > 0 ? (
        <aside className="related" aria-labelledby="related-heading">
          <h2 id="related-heading">More from the blog</h2>
          <ul>
            {related.map((item) => (
              <li key={item.id}>
                <Link to={`/blog/${item.slug}`}>{item.title}</Link>
                <p>{item.excerpt}</p>
              </li>
            ))}
          </ul>
        </aside>
      ) : null}
    </article>
  );
}

/** Uploads come as <uuid>-<width>.<ext> in widths up to 480/960/1600: let the browser pick. */
function responsiveSources(url: string) {
  const match = /^(.*)-(\d+)\.(\w+)$/.exec(url);
  if (!match) return null;
  const [, base, largest, ext] = match;
  const widths = [480, 960].filter((w) => w < Number(largest)).concat(Number(largest));
  return { srcSet: widths.map((w) => `${base}-${w}.${ext} ${w}w`).join(", ") };
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const notFound = error && typeof error === "object" && "status" in error && error.status === 404;
  return (
    <section className="container narrow error-page" role={notFound ? undefined : "alert"}>
      <Link to="/blog" className="back-link">
        ← Back to blog
      </Link>
      {notFound ? (
        <>
          <h1>Post Not Found</h1>
          <p className="lead">The blog post you're looking for doesn't exist.</p>
        </>
      ) : (
        <>
          <h1>Unable to load blog post. Please try again later.</h1>
          <p className="error-detail">Failed to load blog post</p>
          {/* A link, so it works without JavaScript: the page loads again. */}
          <a className="button" href={`/blog/${params.slug}`}>
            Try Again
          </a>
        </>
      )}
    </section>
  );
}
