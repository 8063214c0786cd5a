import { data } from "react-router";
import { CtaSection } from "~/components/cta-section";
import { HoverAccordion } from "~/components/hover-accordion";
import { JsonLd } from "~/components/json-ld";
import { VideoLoop, VideoToggle } from "~/components/video-loop";
import { WorkCards } from "~/components/work-cards";
import type { HomeContent } from "~/content/home";
import { services } from "~/content/services";
import { getDb } from "~/lib/platform/db.server";
import { listFeaturedShowcase } from "~/lib/showcase/showcase.server";
import { PREVIEW_HEADERS, pageContentForRequest } from "~/lib/pages/page-preview.server";
import { typesetKept } from "~/lib/platform/typeset-kept.server";
import { pageMeta, siteUrlFrom } from "~/lib/site/seo";
import { studioFrom } from "~/lib/studio/studio-from-matches";
import { organizationJsonLd } from "~/lib/studio/studio-json-ld";
import { staticPage } from "~/lib/platform/static-page";
import type { Route } from "./+types/home";

// The page's words are data (app/lib/pages): the published ones, or the draft in a staff preview.
export async function loader({ request, context }: Route.LoaderArgs) {
  // A getter: a database that cannot be reached leaves the words and the work to their stand-ins.
  const [page, featured] = await Promise.all([
    pageContentForRequest(getDb, "home", request, context),
    listFeaturedShowcase(getDb),
  ]);
  const content = page.content as HomeContent;
  // The tiles' words as staff wrote them, with typographic quotes and dashes (decision 073).
  const work = typesetKept(featured);
  if (page.preview) return data({ content, preview: true, work }, { headers: PREVIEW_HEADERS });
  return { content, preview: false, work };
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export const handle = staticPage;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta({
        title: studioFrom(matches).name,
        description: loaderData.content.metaDescription,
        seo: loaderData.content.seo,
        path: "/",
        matches,
        noindex: loaderData.preview,
      })
    : [];

export default function Home({ matches, loaderData }: Route.ComponentProps) {
  const homeContent = loaderData.content;
  return (
    <>
      <JsonLd data={organizationJsonLd(studioFrom(matches), siteUrlFrom(matches))} />
      <Hero content={homeContent} studioName={studioFrom(matches).name} />
      <WhatWeDo />
      <section className="statement container">
        <p>{homeContent.partnering}</p>
      </section>
      <section className="process container" aria-labelledby="process-heading">
        <h2 id="process-heading" className="section-label">
          How we work
        </h2>
        <HoverAccordion items={[...homeContent.process]} numbered className="accordion-large" />
      </section>
      {loaderData.work.length > 0 ? <WorkPreview items={loaderData.work} /> : null}
      <CtaSection heading={homeContent.closing} />
    </>
  );
}

function Hero({ content, studioName }: { content: HomeContent; studioName: string }) {
  return (
    <section className="home-hero" aria-labelledby="hero-heading" data-video-group="">
      <VideoLoop media="video/hero" eager portraitPoster className="home-hero-video" width={1280} height={720} />
      <div className="home-hero-shade" />
      {/* Two rows over the video: the studio line and the pause button at the top, where
          they never meet the calls to action, and the statement at the bottom. */}
      <div className="container home-hero-content">
        <div className="home-hero-top">
          <p className="home-hero-eyebrow">{content.hero.eyebrow}</p>
          <VideoToggle className="video-toggle" />
        </div>
        <div className="home-hero-main">
          <h1 id="hero-heading" className="home-hero-statement">
            {studioName} {content.hero.statement} <em>{content.hero.tagline}</em>
          </h1>
          <div className="home-hero-actions">
            <a href="/contact" className="button button-coral">
              Get in touch
            </a>
            <a href="/work" className="button button-outline-cream">
              See our work
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

function WhatWeDo() {
  return (
    <section className="what-we-do container" aria-labelledby="what-we-do-heading">
      <h2 id="what-we-do-heading" className="section-label">
        What we do
      </h2>
      <ul className="service-list">
        {services.map((service) => (
          <li key={service.slug}>
            <a href={service.path} className="service-link">
              <span className="service-marker" aria-hidden="true" />
              <span className="service-name">{service.name}</span>
              <span className="service-arrow" aria-hidden="true">
                →
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function WorkPreview({ items }: { items: Route.ComponentProps["loaderData"]["work"] }) {
  return (
    <section className="work-preview container" aria-labelledby="work-heading" data-video-group="">
      <div className="section-head">
        <h2 id="work-heading" className="section-label">
          Work
        </h2>
        <VideoToggle className="text-button" plural />
      </div>
      <WorkCards items={items} href={() => "/work"} />
    </section>
  );
}
