import { formatLongDate } from "~/lib/platform/dates";
import { typeset } from "~/lib/platform/typography";

export type PostSummary = {
  slug: string;
  title: string;
  excerpt: string;
  featured_image: string;
  /** The image's alt text (the media library's); "" leaves it decorative. */
  image_alt?: string;
  featured?: boolean;
  author?: string;
  created_at?: string | Date;
};

/**
 * A post as a card: its image (16:9), title, date and author, and excerpt (staff's words,
 * typeset: decision 073). The title's
 * link covers the whole card (.post-card-link::after), so the card is one link and one
 * tab stop. A card as wide as the page's column from 900px (the blog's lead post, a
 * full-width last card) puts the image beside the text (a container query in marketing.css).
 */
export function PostCard({
  post,
  headingLevel = 2,
  sizes = "(max-width: 600px) 100vw, (max-width: 900px) 50vw, 400px",
  eager = false,
  showBadge = true,
}: {
  post: PostSummary;
  headingLevel?: 2 | 3;
  /** The width the image is shown at, for the browser's choice among the upload's widths. */
  sizes?: string;
  /** The first card in view loads its image at once; the rest when they come near. */
  eager?: boolean;
  showBadge?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="post-card">
      <PostImage src={post.featured_image} alt={post.image_alt} sizes={sizes} eager={eager} className="post-card-media" />
      <div className="post-card-body">
        {showBadge && post.featured ? <p className="post-badge">Featured</p> : null}
        <Heading className="post-card-title">
          <a href={`/blog/${post.slug}`} className="post-card-link">
            {typeset(post.title)}
          </a>
        </Heading>
        {post.created_at ? (
          <p className="post-meta">
            <time dateTime={new Date(post.created_at).toISOString()}>{formatLongDate(post.created_at)}</time>
            {post.author ? ` · ${typeset(post.author)}` : null}
          </p>
        ) : null}
        <p className="post-card-excerpt">{typeset(post.excerpt)}</p>
      </div>
    </article>
  );
}

/**
 * A post's featured image in a 16:9 frame, with the alt text staff gave it in the media
 * library (decorative, alt="", when it has none: the title says what the post is), or, for a post without one, the studio's sun over the fjord drawn in its place, so
 * every card has the same frame.
 */
export function PostImage({
  src,
  alt = "",
  sizes,
  eager = false,
  className,
}: {
  src: string;
  alt?: string;
  sizes: string;
  eager?: boolean;
  className: string;
}) {
  if (!src) {
    return (
      <div className={`${className} post-image-placeholder`} aria-hidden="true">
        <svg viewBox="0 0 160 90" preserveAspectRatio="xMidYMid slice" focusable="false">
          <circle cx="80" cy="42" r="19" fill="#F44F3B" />
          <path d="M0 54c20-10 40-10 60 0s40 10 60 0 30-8 40-4v40H0z" fill="#0F343B" />
          <path d="M0 64c20-10 40-10 60 0s40 10 60 0 30-8 40-4" fill="none" stroke="#F8F4E3" strokeWidth="1.5" />
        </svg>
      </div>
    );
  }
  // Uploads come in several widths, here or under MEDIA_BASE_URL (…/uploads/<name>-<width>.<ext>).
  const responsive = /(^|\/)uploads\//.test(src) ? responsiveSources(src) : null;
  return (
    <div className={className}>
      <img
        src={src}
        srcSet={responsive?.srcSet}
        sizes={responsive ? sizes : undefined}
        alt={alt}
        width={1600}
        height={900}
        loading={eager ? undefined : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
      />
    </div>
  );
}

/** Uploads come as <uuid>-<width>.<ext> in widths up to 480/960/1600: let the browser pick. */
export function responsiveSources(url: string) {
  const match = /^(.*)-(\d+)\.(\w+)$/.exec(url);
  if (!match) return null;
  const [, base, largest, ext] = match;
  const widths = [480, 960].filter((w) => w < Number(largest)).concat(Number(largest));
  return { srcSet: widths.map((w) => `${base}-${w}.${ext} ${w}w`).join(", ") };
}
