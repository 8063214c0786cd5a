import { data } from "react-router";
import type { WorkIntroContent } from "~/content/intros";
import { PREVIEW_HEADERS, pageContentForRequest } from "~/lib/pages/page-preview.server";
import { typesetKept } from "~/lib/platform/typeset-kept.server";
import { VideoLoop, VideoToggle } from "~/components/video-loop";
import { getDb } from "~/lib/platform/db.server";
import { listPublishedShowcase } from "~/lib/showcase/showcase.server";
import { pageMeta } from "~/lib/site/seo";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/work";
import { PageIntro } from "~/components/page-intro";
import { WorkTileMeta } from "~/components/work-tile-meta";

// The introduction is data (app/lib/pages); the showcase below it is its own.
export async function loader({ request, context }: Route.LoaderArgs) {
  const [page, items] = await Promise.all([
    pageContentForRequest(getDb, "work", request, context),
    listPublishedShowcase(getDb),
  ]);
  // The tiles' words as staff wrote them, with typographic quotes and dashes (decision 073).
  const body = { content: page.content as WorkIntroContent, preview: page.preview, items: typesetKept(items) };
  return page.preview ? data(body, { headers: PREVIEW_HEADERS }) : data(body);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta({
        title: "Work",
        description: loaderData.content.metaDescription,
        seo: loaderData.content.seo,
        path: "/work",
        matches,
        noindex: loaderData.preview,
      })
    : [];

export default function Work({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro eyebrow="Work" title={loaderData.content.headline} titleClassName="work-headline" />
      <section className="container" aria-label="Showcase" data-video-group="">
        <div className="section-head section-head-end">
          <VideoToggle className="text-button" plural />
        </div>
        <ul className="work-grid showcase-grid" data-testid="showcase-grid">
          {loaderData.items.map((item, index) => (
            <li key={item.slug}>
              <figure className="showcase-item">
                <VideoLoop
                  files={{ mp4: item.videoMp4, webm: item.videoWebm, poster: item.poster }}
                  label={`${item.title} showcase video`}
                  priority={index === 0} // the first tile is the largest paint on a phone
                  className="work-video"
                  width={640}
                  height={400}
                />
                {/* The caption's link covers the whole item (CSS), so the video opens the case study too. */}
                <figcaption className="work-caption">
                  <a href={`/work/${item.slug}`} className="showcase-link">
                    {item.title}
                  </a>
                </figcaption>
                <WorkTileMeta client={item.client} year={item.year} services={item.services} result={item.result} />
              </figure>
            </li>
          ))}
        </ul>
      </section>
      <section className="container work-cta" aria-labelledby="work-cta-heading">
        <div className="work-cta-text">
          <h2 id="work-cta-heading">Want to work with us?</h2>
          <p className="lead">We'd love to hear your ideas!</p>
          <a href="/contact" className="button button-coral">
            Get in touch
          </a>
        </div>
        {/* Its own picture (a conversation starting), not a copy of a video above. */}
        <img
          className="work-cta-image"
          src="/work-together.svg"
          alt=""
          width={640}
          height={400}
          loading="lazy"
          decoding="async"
        />
      </section>
    </>
  );
}
