import { CtaSection } from "~/components/cta-section";
import { JsonLd } from "~/components/json-ld";
import { PostImage } from "~/components/post-card";
import { PostGrid } from "~/components/post-grid";
import { tagPath } from "~/lib/blog/post-tags";
import { PostBody } from "~/components/post-body";
import { readingTimeText } from "~/lib/blog/post-text/post-text-rules";
import { formatLongDate } from "~/lib/platform/dates";
import { publishedPostPage } from "~/lib/blog/post-page.server";
import { getConfig } from "~/lib/platform/config.server";
import { getDb } from "~/lib/platform/db.server";
import { pageMeta, siteUrlFrom } from "~/lib/site/seo";
import { studioFrom } from "~/lib/studio/studio-from-matches";
import { staticPage } from "~/lib/platform/static-page";
import { typeset } from "~/lib/platform/typography";
import { throwRedirectOrNotFound } from "~/lib/redirects/not-found.server";
import type { Route } from "./+types/blog.post";

export async function loader({ params, request }: Route.LoaderArgs) {
  // Kept in memory until posts or the media library change (lib/blog/post-page.server.ts).
  const page = await publishedPostPage(getDb(), params.slug, getConfig().mediaBaseUrl);
  // Drafts and unknown slugs look the same to visitors; a moved post answers 301.
  return page ?? throwRedirectOrNotFound(request);
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
  const { post, seo } = loaderData;
  return [
    ...pageMeta({
      title: seo.title,
      description: seo.description,
      path: `/blog/${post.slug}`,
      matches,
      image: seo.image || undefined,
      type: "article",
      noindex: seo.noindex,
    }),
    // The alt text is the featured image's: said only while that is the image shared.
    ...(loaderData.imageUrl && post.image_alt && seo.image === loaderData.imageUrl ? [{ property: "og:image:alt", content: post.image_alt }] : []),
    { property: "article:published_time", content: new Date(post.created_at).toISOString() },
    { property: "article:author", content: post.author },
  ];
};

export default function BlogPost({ loaderData, matches }: Route.ComponentProps) {
  const { post, related, body } = loaderData;
  const siteUrl = siteUrlFrom(matches);
  // From MEDIA_BASE_URL when it is set (the loader resolves it), else from this server.
  const image = loaderData.imageUrl;
  return (
    <>
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
              name: studioFrom(matches).legalName,
              logo: { "@type": "ImageObject", url: `${siteUrl}/icon-512.png` },
            },
            mainEntityOfPage: `${siteUrl}/blog/${post.slug}`,
            wordCount: body.words,
            ...(image ? { image: imageObject(new URL(image, siteUrl || "http://localhost").href, post.image_alt) } : {}),
          }}
        />
        <a href="/blog" className="back-link post-back">
          ← Back to blog
        </a>
        <header className="post-header">
          {/* Staff's words with typographic quotes and dashes (decision 073), as the body. */}
          <h1>{typeset(post.title)}</h1>
          <p className="post-meta">
            <time dateTime={new Date(post.created_at).toISOString()}>{formatLongDate(post.created_at)}</time> ·{" "}
            {typeset(post.author)} · <span className="post-reading">{readingTimeText(body.words)}</span>
          </p>
        </header>
        {image ? (
          <PostImage src={image} alt={post.image_alt} sizes="(max-width: 1100px) 100vw, 1040px" eager className="post-image" />
        ) : null}
        <PostBody blocks={body.blocks} pictures={body.pictures} />
        {post.tags.length > 0 ? (
          <ul className="post-tags" aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag}>
                <a href={tagPath(tag)}>#{tag}</a>
              </li>
            ))}
          </ul>
        ) : null}
      </article>
      {related.length > 0 ? (
        <aside className="container related" aria-labelledby="related-heading">
          <h2 id="related-heading">More from the blog</h2>
          <PostGrid posts={related} className="post-grid related-grid" headingLevel={3} sizes="(max-width: 600px) 100vw, 600px" />
        </aside>
      ) : null}
      <CtaSection
        heading="Want to work with us?"
        text="Tell us what you are building; we answer within one working day."
      />
    </>
  );
}

/** The image in JSON-LD: its address, and with its alt text as the caption when it has one. */
function imageObject(url: string, alt: string) {
  return alt ? { "@type": "ImageObject", url, caption: alt } : url;
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const notFound = error && typeof error === "object" && "status" in error && error.status === 404;
  return (
    <section className="container narrow error-page" role={notFound ? undefined : "alert"}>
      <a href="/blog" className="back-link">
        ← Back to blog
      </a>
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
