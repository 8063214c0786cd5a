import { data, redirect } from "react-router";
import { withImageAlt } from "~/lib/blog/blog.server";
import { postForPreviewToken } from "~/lib/blog/post-preview-links.server";
import { postDocument } from "~/lib/blog/post-text/post-text.server";
import { uploadUrl } from "~/lib/media/media";
import { getConfig } from "~/lib/platform/config.server";
import { formatLongDate } from "~/lib/platform/dates";
import { getDb } from "~/lib/platform/db.server";
import { staticPage } from "~/lib/platform/static-page";
import { pageMeta } from "~/lib/site/seo";
import { resolveSeo } from "~/lib/seo/seo-fields";
import BlogPost from "./blog.post";
import NotFound from "./not-found";
import type { Route as PostRoute } from "./+types/blog.post";
import type { Route } from "./+types/blog.preview";

/**
 * /blog/preview/{token}: a draft as it will look, for whoever holds its private link
 * (docs/decisions/052). The post page's own component renders it. Never cached by
 * anyone (Cache-Control: no-store, and server/page-cache.ts never looks it up), never
 * indexed (X-Robots-Tag and a robots meta), never counted or logged with its token
 * (lib/blog/preview-link-path.ts). An unknown, expired or revoked link is the site's
 * ordinary 404; a post published since goes to its public address.
 */
const PREVIEW_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

export async function loader({ params }: Route.LoaderArgs) {
  const db = getDb();
  const found = await postForPreviewToken(db, params.token);
  if (!found) throw data(null, { status: 404, headers: PREVIEW_HEADERS });
  if (found.post.published) throw redirect(`/blog/${found.post.slug}`, { headers: PREVIEW_HEADERS });
  const post = (await withImageAlt(db, [found.post]))[0]!;
  // The public post page's own data, checked against its type (its component reads it from
  // this route: a field that page gains must be given here too); no related posts.
  const { mediaBaseUrl } = getConfig();
  const { blocks, pictures, words } = await postDocument(db, post.content, mediaBaseUrl);
  const imageUrl = uploadUrl(mediaBaseUrl, post.featured_image);
  const page: PostRoute.ComponentProps["loaderData"] = {
    post,
    imageUrl,
    // The preview's own meta (below) says noindex; the post's search fields are not read here.
    seo: resolveSeo(undefined, { title: post.title, description: post.excerpt, image: imageUrl }),
    body: { blocks, pictures, words },
    related: [],
  };
  return data({ ...page, expiresAt: found.expiresAt.toISOString() }, { headers: PREVIEW_HEADERS });
}

export function headers({ loaderHeaders, errorHeaders }: Route.HeadersArgs) {
  return errorHeaders ?? loaderHeaders;
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: loaderData ? `Preview: ${loaderData.post.title}` : "Page not found",
    description: loaderData ? loaderData.post.excerpt : "The page you are looking for does not exist.",
    // Never the token's address: a canonical link would repeat it.
    path: "/blog",
    matches,
    noindex: true,
  });

export default function PostPreview(props: Route.ComponentProps) {
  const { expiresAt } = props.loaderData;
  return (
    <>
      <p className="container preview-banner" role="note">
        <strong>Preview.</strong> This post is not published yet. The link is private and works until{" "}
        {formatLongDate(expiresAt)}.
      </p>
      {/* The public page's component, as it renders a post (it reads this route's data). */}
      <BlogPost {...(props as unknown as PostRoute.ComponentProps)} />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = error && typeof error === "object" && "status" in error && error.status === 404;
  if (notFound) return <NotFound />;
  return (
    <section className="container narrow error-page" role="alert">
      <h1>Unable to load blog post. Please try again later.</h1>
    </section>
  );
}
